import { COUPON_SORTS } from '@bagshop/shared/schemas/admin-lists';
import { AdminList, useRowActionDialog } from '../../../components/admin-list.tsx';
import { ListViewTools } from '../../../components/sort-select.tsx';
import { useListParams, useListView } from '../../../components/use-list-params.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useAdminCouponsQuery, useDeleteCouponMutation, useToggleCouponBlockMutation } from '../api.ts';
import { COUPON_SORT_OPTIONS, CouponsTable } from '../components/coupons-table.tsx';
import { COUPON_SCREEN_TEXT as TEXT } from '../coupon-messages.ts';

/**
 * Admin coupons (docs/product.md §2 Admin): search, 6/25/50/100 a page, sortable columns, block/unblock and delete
 * after a confirmation (docs/decisions/029-admin-lists.md).
 */
export function AdminCouponsPage() {
  usePageTitle('Coupons');
  const list = useListParams();
  const view = useListView(COUPON_SORTS);
  const result = useAdminCouponsQuery(
    { keyword: list.keyword || undefined, page: list.page, limit: view.pageSize, sort: view.sort, dir: view.dir },
    { refetchOnMountOrArgChange: true },
  );
  const [toggle, { isLoading: toggling }] = useToggleCouponBlockMutation();
  const [remove, { isLoading: deleting }] = useDeleteCouponMutation();
  const { ask, dialog } = useRowActionDialog({
    toggle,
    remove,
    busy: toggling || deleting,
    question: ({ kind, item }) =>
      kind === 'delete'
        ? `Delete the coupon ${item.name}? Shoppers can no longer apply it.`
        : item.isExist
          ? `Block the coupon ${item.name}? Shoppers can no longer apply it.`
          : `Unblock the coupon ${item.name}? Shoppers can apply it again within its dates.`,
  });

  const coupons = result.data?.coupons ?? [];
  return (
    <>
      <AdminList
        title="Coupons"
        noun={['coupon', 'coupons']}
        addTo="/admin/coupons/add"
        addLabel="Add Coupon"
        searchId="coupons-search"
        searchPlaceholder="Search coupons"
        extraTools={<ListViewTools idPrefix="coupons" options={COUPON_SORT_OPTIONS} view={view} />}
        list={list}
        result={result}
        loadFailed={TEXT.listFailed}
        isEmpty={coupons.length === 0}
        emptyText={TEXT.none}
      >
        <CouponsTable coupons={coupons} onAction={ask} view={view} />
      </AdminList>
      {dialog}
    </>
  );
}
