import type { ReactNode } from 'react'
import { Logo, PawIcon } from '@/components/ui/Logo'

/**
 * The frame of the sign-in screens: a brand section on the left, shown only from the `lg`
 * breakpoint (1200 px; smaller screens have no room for it), and the form card, with the logo, on the right.
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50 lg:grid lg:grid-cols-2">
      <aside
        aria-label="About Petcare Admin"
        className="light-palette relative hidden overflow-hidden bg-primary-700 p-12 text-white lg:flex lg:flex-col lg:justify-between"
      >
        <Logo tone="light" />
        <div className="relative z-10 max-w-md">
          <Illustration className="mb-10 w-full max-w-sm" />
          <p className="text-3xl font-semibold leading-tight">Every pet, shop and hospital of the platform, in one place.</p>
          <p className="mt-4 text-primary-100">
            Look after pet owners, pet shops, hospitals and partner requests, and keep the community informed.
          </p>
        </div>
        <p className="text-sm text-primary-100">Petcare administration</p>
        <PawIcon className="pointer-events-none absolute -right-16 -bottom-16 h-80 w-80 rotate-[-20deg] text-primary-600/40" />
      </aside>
      <main className="flex min-h-screen items-center justify-center px-4 py-10 sm:px-6">
        <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <Logo className="mb-8" />
          {children}
        </div>
      </main>
    </div>
  )
}

/** The screen's heading and a line saying what to do. */
export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-6">
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      {children && <p className="mt-2 text-sm text-slate-600">{children}</p>}
    </header>
  )
}

/** A decorative scene: a pet's face in a circle with paw prints around it. */
function Illustration({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 320 200" aria-hidden="true" className={className}>
      <circle cx="160" cy="100" r="88" className="fill-primary-600" />
      <circle cx="160" cy="100" r="64" className="fill-primary-500" />
      {/* ears */}
      <path d="M118 74 L112 30 L146 58 Z" className="fill-secondary-400" />
      <path d="M202 74 L208 30 L174 58 Z" className="fill-secondary-400" />
      {/* face */}
      <ellipse cx="160" cy="104" rx="50" ry="44" className="fill-secondary-300" />
      <circle cx="142" cy="96" r="6" className="fill-slate-900" />
      <circle cx="178" cy="96" r="6" className="fill-slate-900" />
      <path d="M152 114 h16 l-8 9 Z" className="fill-slate-900" />
      <path d="M160 123 q-8 10 -18 4 M160 123 q8 10 18 4" className="fill-none stroke-slate-900" strokeWidth="3" strokeLinecap="round" />
      {/* paw prints */}
      <g className="fill-primary-200">
        <circle cx="36" cy="40" r="9" />
        <circle cx="24" cy="24" r="4" />
        <circle cx="36" cy="18" r="4" />
        <circle cx="48" cy="24" r="4" />
        <circle cx="284" cy="160" r="9" />
        <circle cx="272" cy="144" r="4" />
        <circle cx="284" cy="138" r="4" />
        <circle cx="296" cy="144" r="4" />
      </g>
    </svg>
  )
}
