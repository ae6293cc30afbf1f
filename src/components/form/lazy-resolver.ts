import { useEffect, useState } from 'react'
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form'
import { loadChunk } from '@/lib/chunk-import'
import { notify } from '@/lib/toast'

/**
 * A page whose form is the screen (a place, a site, a feedback's note) checks it with the
 * contract's zod schemas, and classic zod with its schemas is weight (docs/DECISIONS.md) that nothing
 * needs before the first field is left. So such a form's resolver is its own module, asked for as
 * soon as the form has mounted: it is there long before the first check, and a check that comes
 * first waits for it.
 *
 * Code that does not arrive is said (the chunk loader's message) and the check fails with it on
 * the form's root, so nothing is sent unchecked; the next check asks for the code again.
 */
export function useLazyResolver<TValues extends FieldValues, TTransformed = TValues>(
  load: () => Promise<Resolver<TValues, unknown, TTransformed>>,
): Resolver<TValues, unknown, TTransformed> {
  // The rules the form mounted with: a form's schema does not change under it.
  const [lazy] = useState(() => lazyResolver(load))
  useEffect(() => lazy.preload(), [lazy])
  return lazy.resolver
}

function lazyResolver<TValues extends FieldValues, TTransformed>(load: () => Promise<Resolver<TValues, unknown, TTransformed>>) {
  let pending: Promise<Resolver<TValues, unknown, TTransformed>> | undefined
  const get = () =>
    (pending ??= loadChunk(load).catch((error: unknown) => {
      pending = undefined
      throw error
    }))
  const resolver: Resolver<TValues, unknown, TTransformed> = async (values, context, options) => {
    let resolve: Resolver<TValues, unknown, TTransformed>
    try {
      resolve = await get()
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      notify.error(message)
      const errors = { root: { type: 'load', message } } as FieldErrors<TValues>
      return { values: {}, errors }
    }
    return resolve(values, context, options)
  }
  // Early, so that a failure now is not said before anyone asked: the first check says it.
  const preload = () => void get().catch(() => undefined)
  return { resolver, preload }
}
