import { AdminList, useRowActionDialog } from '../../../components/admin-list.tsx';
import { useListParams } from '../../../components/use-list-params.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useAdminCouponsQuery, useDeleteCouponMutation, useToggleCouponBlockMutation } from '../api.ts';
import { CouponsTable } from '../components/coupons-table.tsx';
import { COUPON_SCREEN_TEXT as TEXT } from '../coupon-messages.ts';

/** Admin coupons (docs/product.md §2 Admin): search, pages of six, block/unblock and delete after a confirmation. */
export function AdminCouponsPage() {
  usePageTitle('Coupons');
  const list = useListParams();
  const result = useAdminCouponsQuery(
    { keyword: list.keyword || undefined, page: list.page },
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
        list={list}
        result={result}
        loadFailed={TEXT.listFailed}
        isEmpty={coupons.length === 0}
        emptyText={TEXT.none}
      >
        <CouponsTable coupons={coupons} onAction={ask} />
      </AdminList>
      {dialog}
    </>
  );
}
