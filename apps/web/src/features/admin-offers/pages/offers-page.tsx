import { MSG } from '@bagshop/shared/messages';
import {
  useAdminOffersQuery,
  useDeleteOfferMutation,
  useToggleOfferBlockMutation,
} from '../../../api/admin-offers-api.ts';
import { AdminList, useRowActionDialog } from '../../../components/admin-list.tsx';
import { useListParams } from '../../../components/use-list-params.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { OffersTable } from '../components/offers-table.tsx';

/** Admin offers (docs/product.md §2 Admin): search, pages of six, block/unblock and delete after a confirmation. */
export function AdminOffersPage() {
  usePageTitle('Offers');
  const list = useListParams();
  const result = useAdminOffersQuery(
    { keyword: list.keyword || undefined, page: list.page },
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
        title="Offers"
        noun={['offer', 'offers']}
        addTo="/admin/offers/add"
        addLabel="Add Offer"
        searchId="offers-search"
        searchPlaceholder="Search offers"
        list={list}
        result={result}
        loadFailed={MSG.offersLoadFailed}
        isEmpty={offers.length === 0}
        emptyText={MSG.noOffers}
      >
        <OffersTable offers={offers} onAction={ask} />
      </AdminList>
      {dialog}
    </>
  );
}
