import type { ReactNode } from 'react'
import { NavList } from './NavList'
import { settingsMenu } from './navigation'

/** Settings: the secondary menu beside the chosen page. */
export function SettingsLayout({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="settings-title" className="flex flex-col gap-4">
      <h1 id="settings-title" className="text-xl font-semibold text-slate-900">
        Settings
      </h1>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
        <NavList
          items={settingsMenu}
          label="Settings"
          className="shrink-0 rounded-lg border border-slate-200 bg-white p-2 lg:w-60"
        />
        {/* The page's own area: its heading takes focus when the page opens (PageFocus). */}
        <div data-subpage className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
          {children}
        </div>
      </div>
    </section>
  )
}
