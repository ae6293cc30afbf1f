import { useEffect, useLayoutEffect, useRef, type ChangeEvent } from 'react'
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { THEMES, profileNameSchema, roleLabel, themeLabel, type ProfileNameInput } from '@contract'
import { Form } from '@/components/form/Form'
import { TextField, applyServerErrors } from '@/components/form/Field'
import { CameraIcon, CheckIcon, LogoutIcon } from '@/components/layout/shell-icons'
import { Avatar } from '@/components/ui/Avatar'
import { Button } from '@/components/ui/Button'
import { Segmented } from '@/components/ui/Segmented'
import { Spinner } from '@/components/ui/Spinner'
import { useAuth } from '@/lib/auth'
import { CallError } from '@/lib/http'
import { notify } from '@/lib/toast'
import { useChangePicture, useLogout, useUpdateProfile } from './api'
import { PICTURE_ACCEPT, pictureProblem } from './picture'
import { useChooseTheme, useTheme } from './theme'
import { MENU_PLACE_CLASS, ProfileMenuButton, USER_BLOCK_CLASS, UserSummary, type UserMenuProps } from './UserBlockParts'

/**
 * The user block with its menu, loaded by UserBlock when its trigger is first pressed. It takes
 * the plain block's place and opens as it mounts: the press that loaded it asked for it.
 */
export default function UserMenu({ phone }: UserMenuProps) {
  const { userDetails } = useAuth()
  const button = useRef<HTMLButtonElement>(null)
  const opened = useRef(false)
  // Before paint: the pressed button has just gone, and the focus stays on the trigger.
  useLayoutEffect(() => button.current?.focus(), [])
  // Once: StrictMode runs a new component's effects twice, and a second press would close it again.
  useEffect(() => {
    if (opened.current) return
    opened.current = true
    button.current?.click()
  }, [])
  if (!userDetails) return null
  return (
    <Popover className={USER_BLOCK_CLASS}>
      {!phone && <UserSummary name={userDetails.name} role={userDetails.role} />}
      <PopoverButton ref={button} as={ProfileMenuButton} picture={userDetails.profileImage} />
      <PopoverPanel focus className={`${MENU_PLACE_CLASS} rounded-lg border border-slate-200 bg-white p-4 shadow-lg`}>
        <ProfileMenu showRole={phone} />
      </PopoverPanel>
    </Popover>
  )
}

/** The profile menu: picture, name, email, theme, Log out; the role too when the top bar has no room for it. */
export function ProfileMenu({ showRole = false }: { showRole?: boolean }) {
  const { userDetails } = useAuth()
  const logout = useLogout()
  if (!userDetails) return null
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col items-center gap-1">
        <PicturePicker src={userDetails.profileImage} />
        {showRole && <p className="text-xs text-slate-500">{roleLabel[userDetails.role]}</p>}
      </div>
      <NameForm name={userDetails.name} />
      <div className="text-sm">
        <p className="text-xs font-medium text-slate-500">Email</p>
        <p className="break-all text-slate-800">{userDetails.email}</p>
      </div>
      <ThemeChoice />
      <Button variant="secondary" busy={logout.isPending} onClick={() => logout.mutate()}>
        {!logout.isPending && <LogoutIcon className="h-4 w-4" />}
        Log out
      </Button>
    </div>
  )
}

/** System, Light or Dark: applied at once, saved to the admin's preferences. */
function ThemeChoice() {
  const theme = useTheme()
  const choose = useChooseTheme()
  return <Segmented legend="Theme" options={THEMES} labels={themeLabel} value={theme} onChange={(next) => choose.mutate(next)} />
}

/** The avatar as a button: choose a jpg/png/jpeg of 1 MB at most; it is uploaded and saved at once. */
function PicturePicker({ src }: { src: string | null }) {
  const input = useRef<HTMLInputElement>(null)
  const change = useChangePicture()
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    // Cleared, so choosing the same file again is seen as a new choice.
    event.target.value = ''
    if (!file) return
    const problem = pictureProblem(file)
    if (problem) notify.error(problem)
    else change.mutate(file)
  }
  const busy = change.isPending
  return (
    <div className="flex justify-center">
      <button
        type="button"
        onClick={() => input.current?.click()}
        aria-label="Change profile picture"
        aria-busy={busy || undefined}
        disabled={busy}
        className="group relative rounded-full disabled:cursor-wait"
      >
        <Avatar src={src} alt="Profile picture" fallbackAlt="Default profile picture" className="h-20 w-20" />
        {busy && (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-white/70">
            <Spinner className="h-8 w-8" />
          </span>
        )}
        <span className="absolute bottom-0 right-0 inline-flex h-7 w-7 items-center justify-center rounded-full border-2 border-white bg-primary-700 text-white group-hover:bg-primary-800">
          <CameraIcon className="h-4 w-4" />
        </span>
      </button>
      <input
        ref={input}
        type="file"
        accept={PICTURE_ACCEPT}
        aria-label="Profile picture file"
        tabIndex={-1}
        className="hidden"
        onChange={choose}
      />
    </div>
  )
}

/** The editable name; the tick is active only when the name differs from the stored one. */
function NameForm({ name }: { name: string }) {
  const update = useUpdateProfile()
  const form = useForm<ProfileNameInput>({
    resolver: zodResolver(profileNameSchema),
    mode: 'onTouched',
    defaultValues: { name },
  })
  const changed = (useWatch({ control: form.control, name: 'name' }) ?? '').trim() !== name
  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: ({ data }) => form.reset({ name: data.name }),
      onError: (error) => {
        if (error instanceof CallError) applyServerErrors(form, error.fields)
      },
    }),
  )
  return (
    <Form onSubmit={submit} className="flex items-start gap-2">
      <TextField form={form} name="name" label="Name" autoComplete="name" className="min-w-0 flex-1" />
      <button
        type="submit"
        aria-label="Save name"
        disabled={!changed || update.isPending}
        className="mt-6 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md bg-primary-700 text-white hover:bg-primary-800 disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-400"
      >
        <CheckIcon className="h-5 w-5" />
      </button>
    </Form>
  )
}
