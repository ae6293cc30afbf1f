/** What the sign-in screens hand each other in history state, out of the URL. */
declare module '@tanstack/react-router' {
  interface HistoryState {
    /** The one-time token of a verified OTP, for the reset screen. */
    resetToken?: string
  }
}

export {}
