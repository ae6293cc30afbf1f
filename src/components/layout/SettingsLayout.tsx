import { useId, useState, type ReactNode } from "react";
import { useRouterState } from "@tanstack/react-router";
import { ChevronDownIcon } from "./shell-icons";
import { NavList } from "./NavList";
import { PageSection } from "./PageSection";
import { isActiveItem, settingsMenu } from "./navigation";
import { useMediaQuery } from "./useMediaQuery";

/** Below lg the menu does not fit beside the page: it folds into a switcher above it. */
const FOLDED_MENU_SCREEN = "(max-width: 1199.98px)";

const menuClass = "shrink-0 rounded-lg border border-slate-200 bg-white p-2";

/**
 * Settings on a narrower screen: the current page's name on a button that unfolds the menu
 * (a disclosure), instead of the full menu above every page. Choosing an entry folds it again.
 */
function FoldedSettingsMenu() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const current = settingsMenu.find(
    (item) => item.ready && isActiveItem(pathname, item),
  );
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className="flex min-h-11 w-full items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-2 text-left hover:bg-slate-50"
      >
        <span className="flex min-w-0 flex-col">
          <span className="text-xs font-semibold uppercase tracking-wide text-slate-500">
            Settings page<span className="sr-only">:</span>
          </span>{" "}
          <span className="truncate text-sm font-semibold text-slate-900">
            {current?.title ?? "Choose a page"}
          </span>
        </span>
        <ChevronDownIcon
          aria-hidden="true"
          className={`h-5 w-5 shrink-0 text-slate-500 transition-transform ${open ? "rotate-180" : ""}`}
        />
      </button>
      <div id={menuId} hidden={!open}>
        {open && (
          <NavList
            items={settingsMenu}
            label="Settings"
            onNavigate={() => setOpen(false)}
            className={menuClass}
          />
        )}
      </div>
    </div>
  );
}

/** Settings: the secondary menu beside the chosen page (folded above it below lg). */
export function SettingsLayout({ children }: { children: ReactNode }) {
  const folded = useMediaQuery(FOLDED_MENU_SCREEN);
  return (
    <PageSection titleId="settings-title" title="Settings">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
        {folded ? (
          <FoldedSettingsMenu />
        ) : (
          <NavList
            items={settingsMenu}
            label="Settings"
            className={`${menuClass} lg:w-60`}
          />
        )}
        {/* The page's own area: its heading takes focus when the page opens (PageFocus). */}
        <div
          data-subpage
          className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
        >
          {children}
        </div>
      </div>
    </PageSection>
  );
}
