import { Suspense, useState, type ComponentProps } from 'react'
import { getRouteApi } from '@tanstack/react-router'
import { ROLE, USER_STATUS, adminRoleLabel, type AdminAccount } from '@contract'
import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import { PermittedSection } from '@/components/layout/PermittedSection'
import { PlusIcon } from '@/components/layout/shell-icons'
import { ListScreen, ToolLabel, cells, listColumns, useToolButtonClass, type ListFilter } from '@/components/list'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { useAuth } from '@/lib/auth'
import { formatDateTime } from '@/lib/format'
import { lazyChunk, useLazyDialog } from '@/lib/lazy-component'
import { adminsListQuery, useResendInvite, useSetAdminStatus } from './api'

// The Add Admin dialog (its form, Headless UI's Dialog) is not part of the list's first load: its
// code comes as the button is neared, or on the press.
const importAddAdmin = () => import('./AddAdminDialog')
const AddAdminDialog = lazyChunk(importAddAdmin, ChunkLoadFailed)

const route = getRouteApi('/_signed-in/settings/admins')

/** What a sub admin sees instead of the list (the server answers them 403). */
export const ADMINS_ADMIN_ONLY = 'Only admins can manage admin accounts.'

function StatusCell({ account }: { account: AdminAccount }) {
  return (
    <span className="flex flex-wrap items-center gap-1">
      {account.status === USER_STATUS.ACTIVE ? <Badge tone="success">Active</Badge> : <Badge tone="danger">Blocked</Badge>}
      {account.invitePending && (
        <span title={account.inviteExpiresAt ? `Link valid until ${formatDateTime(account.inviteExpiresAt)}` : undefined}>
          <Badge tone="warning">Invited</Badge>
        </span>
      )}
    </span>
  )
}

function AdminActions({ account }: { account: AdminAccount }) {
  const [confirming, setConfirming] = useState(false)
  const setStatus = useSetAdminStatus()
  const resend = useResendInvite()
  const me = useAuth().userDetails?._id === account._id
  const blocked = account.status === USER_STATUS.BLOCKED
  const action = blocked ? 'Unblock' : 'Block'
  return (
    <div className="flex items-center justify-end gap-2">
      {account.invitePending && !blocked && (
        <Button
          variant="secondary"
          busy={resend.isPending}
          onClick={() => resend.mutate(account._id)}
          aria-label={`Resend invitation to ${account.email}`}
          className="min-h-8 px-3 py-1 text-xs"
        >
          Resend Invite
        </Button>
      )}
      {!me && (
        <Button
          variant={blocked ? 'secondary' : 'danger'}
          busy={setStatus.isPending}
          onClick={() => setConfirming(true)}
          aria-label={`${action} ${account.email}`}
          className="min-h-8 px-3 py-1 text-xs"
        >
          {action}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={`${action} admin?`}
        confirmLabel={action}
        tone={blocked ? 'primary' : 'danger'}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false)
          setStatus.mutate({ id: account._id, status: blocked ? USER_STATUS.ACTIVE : USER_STATUS.BLOCKED })
        }}
      >
        {blocked
          ? `${account.name} (${account.email}) will be able to sign in again.`
          : `${account.name} (${account.email}) will be signed out at once and will not be able to sign in until unblocked.`}
      </ConfirmDialog>
    </div>
  )
}

const col = listColumns<AdminAccount>()
export const adminColumns = col.columns([
  col.accessor('name', { header: 'Name', enableSorting: true, cell: cells.text, meta: { card: 'title' } }),
  col.accessor('email', { header: 'Email', enableSorting: true, cell: cells.email }),
  col.accessor('role', { header: 'Role', enableSorting: true, cell: ({ getValue }) => adminRoleLabel[getValue()] }),
  col.accessor('status', { header: 'Status', enableSorting: true, cell: ({ row }) => <StatusCell account={row.original} />, meta: { card: 'status' } }),
  col.accessor('createdAt', { header: 'Created At', enableSorting: true, cell: cells.dateTime, meta: { className: 'whitespace-nowrap' } }),
  col.display({ id: 'actions', header: 'Actions', cell: ({ row }) => <AdminActions account={row.original} />, meta: { className: 'text-right', card: 'actions' } }),
])

const roleFilter: ListFilter<1 | 2> = {
  label: 'Role',
  options: [
    { value: ROLE.ADMIN, label: adminRoleLabel[ROLE.ADMIN] },
    { value: ROLE.SUB_ADMIN, label: adminRoleLabel[ROLE.SUB_ADMIN] },
  ],
}

/** The header's Add Admin (its icon alone on a phone). */
function AddAdminButton(props: ComponentProps<typeof Button>) {
  return (
    <Button {...props} className={useToolButtonClass()}>
      <PlusIcon className="h-5 w-5" />
      <ToolLabel>Add Admin</ToolLabel>
    </Button>
  )
}

function AdminsList() {
  const adding = useLazyDialog(importAddAdmin)
  return (
    <>
      <ListScreen
        name="Admins"
        list="admins"
        heading={false}
        route={route}
        query={adminsListQuery}
        columns={adminColumns}
        filter={roleFilter}
        actions={<AddAdminButton onClick={adding.show} {...adding.trigger} />}
      />
      <Suspense fallback={null}>{adding.opened && <AddAdminDialog open={adding.open} onClose={adding.close} />}</Suspense>
    </>
  )
}

/**
 * Settings > Admin Accounts: admins and sub admins, searched by name or email, filtered
 * by role, sorted; an admin adds (by invitation), blocks and unblocks them. A sub admin (no
 * 'admin.manage'; the menu hides the entry, a link still leads here) is told it is for admins,
 * and nothing is asked of the server.
 */
export function AdminsPage() {
  return (
    <PermittedSection title="Admin Accounts" permission="admin.manage" denied={ADMINS_ADMIN_ONLY}>
      <AdminsList />
    </PermittedSection>
  )
}
