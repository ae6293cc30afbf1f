import { useEffect, useState } from 'react'
import { holdsAccessToken } from '@/lib/persisted-auth'
import { loadPet, type PetResult } from './api'
import { Loader } from './Loader'
import { Header, Title } from './Masthead'
import { PetPage } from './PetPage'

export const NO_DATA_FOUND = '/no-data-found'
export const SIGNED_IN_HOME = '/dashboard'

type Props = {
  /** From the address `/pet-details/<petId>`; null when it has none. */
  petId: string | null
  /** The call, when the caller has started it already (main.tsx). */
  request?: Promise<PetResult>
  /** How the page leaves for /no-data-found (tests pass a stub: jsdom's location cannot be spied on). */
  redirect?: (url: string) => void
}

const replaceLocation = (url: string) => window.location.replace(url)
const NOT_FOUND: PetResult = { kind: 'not-found' }

/**
 * The public pet page, a small app of its own (docs/DECISIONS.md, Public pet page): a loader while the pet loads,
 * /no-data-found for no petId, an unknown or bad id or an empty answer, a retry when there is
 * no answer at all, else the pet.
 */
export function PetDetailsApp({ petId, request, redirect = replaceLocation }: Props) {
  /** 0 is the first load (the caller's request, when given); each retry adds one. */
  const [attempt, setAttempt] = useState(0)
  const [result, setResult] = useState<PetResult | null>(null)

  // Like every public page, it sends a visitor who holds a token to the panel.
  const [signedIn] = useState(holdsAccessToken)

  useEffect(() => {
    if (signedIn) {
      redirect(SIGNED_IN_HOME)
      return
    }
    let current = true
    const pending = attempt === 0 && request ? request : petId ? loadPet(petId) : Promise.resolve(NOT_FOUND)
    void pending.then((answer) => current && setResult(answer))
    return () => {
      current = false
    }
  }, [attempt, petId, request, signedIn, redirect])

  useEffect(() => {
    if (result?.kind === 'not-found') redirect(NO_DATA_FOUND)
  }, [result, redirect])

  return (
    <div className="flex min-h-svh flex-col">
      <Header />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 pb-6">
        <Title />
        {result?.kind === 'found' ? (
          <PetPage pet={result.pet} />
        ) : result?.kind === 'error' ? (
          <div className="flex flex-col items-center gap-4 py-12 text-center">
            <p role="alert" className="text-slate-700">
              Please check your internet connection. The pet's details could not be loaded.
            </p>
            <button
              type="button"
              onClick={() => {
                setResult(null)
                setAttempt(attempt + 1)
              }}
              className="min-h-11 rounded-lg bg-primary-700 px-5 font-semibold text-white hover:bg-primary-800"
            >
              Try again
            </button>
          </div>
        ) : (
          // Loading; or not found, while the browser leaves for /no-data-found.
          <Loader />
        )}
      </main>
      {result?.kind === 'found' && (
        <footer>
          <img src="/images/footer.svg" alt="" width="720" height="120" className="h-24 w-full object-cover object-bottom sm:h-28" />
        </footer>
      )}
    </div>
  )
}
