import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { PublicLayout } from './PublicLayout'
import { publicFaqsQuery } from './public-api'

export const NO_PUBLIC_FAQS_TEXT = 'No questions have been answered here yet.'

/**
 * /faq: the FAQ as an accordion (Headless UI Disclosure): each question is a button in a
 * heading, with aria-expanded, that shows or hides its answer; Enter and Space work on it.
 */
export function PublicFaqPage() {
  const { data: faqs } = useSuspenseQuery(publicFaqsQuery)
  return (
    <PublicLayout title="Frequently Asked Questions">
      {faqs.length === 0 ? (
        <p className="text-slate-500">{NO_PUBLIC_FAQS_TEXT}</p>
      ) : (
        <div className="divide-y divide-slate-200">
          {faqs.map((faq) => (
            <Disclosure key={faq._id} as="div" className="py-1">
              <h2>
                <DisclosureButton className="group flex min-h-12 w-full items-center justify-between gap-4 rounded-md py-3 text-left font-semibold text-slate-900 hover:text-primary-700">
                  <span className="break-words">{faq.title}</span>
                  <svg
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth={2}
                    aria-hidden="true"
                    className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-data-open:rotate-180"
                  >
                    <path d="M6 9l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                </DisclosureButton>
              </h2>
              <DisclosurePanel className="whitespace-pre-line break-words pb-4 text-slate-700">{faq.description}</DisclosurePanel>
            </Disclosure>
          ))}
        </div>
      )}
    </PublicLayout>
  )
}
