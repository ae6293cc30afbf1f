import { DialogPanel, DialogTitle } from '@headlessui/react'
import { Dialog } from '@/components/ui/Dialog'
import { PRODUCT_NAME } from '@contract/page-title'
import { CloseIcon } from './shell-icons'
import { mainMenu } from './navigation'
import { NavList } from './NavList'

export type MobileDrawerProps = { open: boolean; onClose: () => void }

/**
 * The drawer below md (900 px): a modal overlay with the main menu, which closes once an entry is
 * chosen. AdminLayout loads it when it is first opened.
 */
export default function MobileDrawer({ open, onClose }: MobileDrawerProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-40">
      <DialogPanel className="fixed inset-y-0 left-0 flex w-drawer flex-col overflow-y-auto bg-white px-2 pb-4 shadow-xl">
        <div className="flex h-topbar shrink-0 items-center justify-between pl-3">
          <DialogTitle className="text-base font-bold text-primary-700">{PRODUCT_NAME}</DialogTitle>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close menu"
            className="inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
          >
            <CloseIcon className="h-6 w-6" />
          </button>
        </div>
        <NavList items={mainMenu} label="Main" onNavigate={onClose} />
      </DialogPanel>
    </Dialog>
  )
}
