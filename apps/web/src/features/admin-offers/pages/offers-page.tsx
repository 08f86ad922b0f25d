import { MSG } from '@bagshop/shared/messages';
import { OFFER_SORTS } from '@bagshop/shared/schemas/admin-lists';
import {
  useAdminOffersQuery,
  useDeleteOfferMutation,
  useToggleOfferBlockMutation,
} from '../../../api/admin-offers-api.ts';
import { AdminList, useRowActionDialog } from '../../../components/admin-list.tsx';
import { ListViewTools } from '../../../components/sort-select.tsx';
import { useListParams, useListView } from '../../../components/use-list-params.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { OFFER_SORT_OPTIONS, OffersTable } from '../components/offers-table.tsx';
import { PriceRoundingSwitch } from '../components/price-rounding-switch.tsx';

/**
 * Admin offers (docs/product.md §2 Admin): search, 6/25/50/100 a page, sortable columns, block/unblock and delete
 * after a confirmation (docs/decisions/029-admin-lists.md).
 */
export function AdminOffersPage() {
  usePageTitle('Offers');
  const list = useListParams();
  const view = useListView(OFFER_SORTS);
  const result = useAdminOffersQuery(
    { keyword: list.keyword || undefined, page: list.page, limit: view.pageSize, sort: view.sort, dir: view.dir },
    { refetchOnMountOrArgChange: true },
  );
  const [toggle, { isLoading: toggling }] = useToggleOfferBlockMutation();
  const [remove, { isLoading: deleting }] = useDeleteOfferMutation();
  const { ask, dialog } = useRowActionDialog({
    toggle,
    remove,
    busy: toggling || deleting,
    question: ({ kind, item }) =>
      kind === 'delete'
        ? `Delete the offer ${item.name}? Categories and products using it lose the discount.`
        : item.isExist
          ? `Block the offer ${item.name}? Its discount stops at once.`
          : `Unblock the offer ${item.name}? Its discount applies again within its dates.`,
  });

  const offers = result.data?.offers ?? [];
  return (
    <>
      <AdminList
        intro={<PriceRoundingSwitch />}
        title="Offers"
        noun={['offer', 'offers']}
        addTo="/admin/offers/add"
        addLabel="Add Offer"
        searchId="offers-search"
        searchPlaceholder="Search offers"
        extraTools={<ListViewTools idPrefix="offers" options={OFFER_SORT_OPTIONS} view={view} />}
        list={list}
        result={result}
        loadFailed={MSG.offersLoadFailed}
        isEmpty={offers.length === 0}
        emptyText={MSG.noOffers}
      >
        <OffersTable offers={offers} onAction={ask} view={view} />
      </AdminList>
      {dialog}
    </>
  );
}
