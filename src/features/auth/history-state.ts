/** What the sign-in screens hand each other in history state, out of the URL. */
declare module '@tanstack/react-router' {
  interface HistoryState {
    /** The one-time token of a verified OTP, for the reset screen. */
    resetToken?: string
    /** An invitation's token, moved out of the link's URL by the accept-invite route. */
    inviteToken?: string
  }
}

export {}
