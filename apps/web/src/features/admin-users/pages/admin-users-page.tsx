import { MSG } from '@bagshop/shared/messages';
import { USER_SORTS } from '@bagshop/shared/schemas/admin-lists';
import { type ReactNode, useState } from 'react';
import { toast } from 'react-toastify';
import { errorMessage } from '../../../api/errors.ts';
import { BulkBlockBar, useBulkSelection } from '../../../components/bulk-selection.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ListPageFrame, listCount } from '../../../components/list-page-frame.tsx';
import { LoadFailed, LoadingState } from '../../../components/load-states.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { ListViewTools } from '../../../components/sort-select.tsx';
import { useClampPage, useListParams, useListView } from '../../../components/use-list-params.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useAppSelector } from '../../../store/store.ts';
import {
  useAdminUsersQuery,
  useBulkBlockUsersMutation,
  useDeleteUserMutation,
  useToggleUserBlockMutation,
} from '../api.ts';
import { USER_SORT_OPTIONS, type UserAction, UsersTable } from '../components/users-table.tsx';

/**
 * Admin users (docs/product.md §2 Admin, §6): search, 6/25/50/100 a page, sortable columns, block/unblock and delete
 * after a confirmation, and bulk block/unblock of ticked rows (never the signed-in administrator).
 */
export function AdminUsersPage() {
  usePageTitle('Users');
  const { keyword, page, search, setSearch, goTo } = useListParams();
  const currentUserId = useAppSelector((s) => s.session.userInfo?.user?._id ?? null);
  const view = useListView(USER_SORTS);
  const { data, isLoading, isFetching, error, refetch } = useAdminUsersQuery(
    { keyword: keyword || undefined, page, limit: view.pageSize, sort: view.sort, dir: view.dir },
    { refetchOnMountOrArgChange: true },
  );
  const [bulkBlock, { isLoading: bulkBusy }] = useBulkBlockUsersMutation();
  const selection = useBulkSelection((data?.users ?? []).map((u) => u._id).filter((id) => id !== currentUserId));
  const [toggleBlock, { isLoading: toggling }] = useToggleUserBlockMutation();
  const [deleteUser, { isLoading: deleting }] = useDeleteUserMutation();
  const [pending, setPending] = useState<UserAction | null>(null);

  // Deleting the last user of the last page would leave an empty page behind.
  useClampPage(page, data?.pages);

  async function confirm() {
    if (!pending) return;
    try {
      const answer =
        pending.kind === 'toggle'
          ? await toggleBlock(pending.user._id).unwrap()
          : await deleteUser(pending.user._id).unwrap();
      toast.success(answer.message);
    } catch (failure) {
      toast.error(errorMessage(failure, MSG.actionFailed));
    }
    setPending(null);
  }

  let body: ReactNode;
  if (isLoading) {
    body = <LoadingState text="Loading users…" />;
  } else if (error || !data) {
    body = (
      <LoadFailed
        className="m-3"
        message={errorMessage(error, MSG.usersLoadFailed)}
        onRetry={refetch}
        retrying={isFetching}
      />
    );
  } else {
    body = (
      <>
        <BulkBlockBar
          selection={selection}
          noun={['user', 'users']}
          run={bulkBlock}
          busy={bulkBusy}
          blockEffect="They will be signed out at once and cannot sign in until unblocked."
          unblockEffect="They will be able to sign in again."
        />
        <UsersTable
          users={data.users}
          currentUserId={currentUserId}
          onAction={setPending}
          selection={selection}
          view={view}
        />
      </>
    );
  }

  const question = pending
    ? pending.kind === 'delete'
      ? `Delete ${pending.user.name}? Their account will be closed and they will be signed out.`
      : pending.user.isExist
        ? `Block ${pending.user.name}? They will be signed out at once and cannot sign in until unblocked.`
        : `Unblock ${pending.user.name}? They will be able to sign in again.`
    : null;

  return (
    <>
      <ListPageFrame
        title="Users"
        summary={data ? listCount(data.total, ['user', 'users'], keyword) : null}
        refreshing={isFetching}
        tools={
          <div className="d-flex flex-wrap gap-2 admin-list-tools">
            <SearchBox
              id="users-search"
              className="users-search"
              label="Search users by name or email"
              placeholder="Search name or email"
              value={search}
              onChange={setSearch}
            />
            <ListViewTools idPrefix="users" options={USER_SORT_OPTIONS} view={view} />
          </div>
        }
        paging={data ? { page, pages: data.pages, onChange: goTo } : null}
      >
        {body}
      </ListPageFrame>
      <ConfirmDialog
        show={pending !== null}
        busy={toggling || deleting}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
        confirmLabel="Yes"
        confirmVariant={pending?.kind === 'toggle' && !pending.user.isExist ? 'success' : 'danger'}
      >
        {question}
      </ConfirmDialog>
    </>
  );
}
