import { IMPORT_SCREEN_MSG } from '@bagshop/shared/import-screen-messages';
import { MSG } from '@bagshop/shared/messages';
import { PRODUCT_SORTS } from '@bagshop/shared/schemas/admin-lists';
import { FiUpload } from 'react-icons/fi';
import { Link } from 'react-router';
import { AdminList, useRowActionDialog } from '../../../components/admin-list.tsx';
import { BulkBlockBar, useBulkSelection } from '../../../components/bulk-selection.tsx';
import { ExportButton } from '../../../components/export-button.tsx';
import { ListViewTools } from '../../../components/sort-select.tsx';
import { urlWithQuery, useListParams, useListView } from '../../../components/use-list-params.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import {
  useAdminProductsQuery,
  useBulkBlockProductsMutation,
  useDeleteProductMutation,
  useToggleProductBlockMutation,
} from '../api.ts';
import { PRODUCT_SORT_OPTIONS, ProductsTable } from '../components/products-table.tsx';

/**
 * Admin products (docs/product.md §2 Admin): search, 6/25/50/100 a page, sortable columns, block/unblock and delete
 * after a confirmation, bulk block/unblock of ticked rows, a CSV export (docs/decisions/029-admin-lists.md) and the way
 * to the catalogue import (docs/decisions/053-catalogue-import.md).
 */
export function AdminProductsPage() {
  usePageTitle('Products');
  const list = useListParams();
  const view = useListView(PRODUCT_SORTS);
  const result = useAdminProductsQuery(
    { keyword: list.keyword || undefined, page: list.page, limit: view.pageSize, sort: view.sort, dir: view.dir },
    { refetchOnMountOrArgChange: true },
  );
  const [bulkBlock, { isLoading: bulkBusy }] = useBulkBlockProductsMutation();
  const [toggle, { isLoading: toggling }] = useToggleProductBlockMutation();
  const [remove, { isLoading: deleting }] = useDeleteProductMutation();
  const { ask, dialog } = useRowActionDialog({
    toggle,
    remove,
    busy: toggling || deleting,
    question: ({ kind, item }) =>
      kind === 'delete'
        ? `Delete ${item.name}? It leaves the shop, wishlists and carts.`
        : item.isExist
          ? `Block ${item.name}? Shoppers can no longer buy it until it is unblocked.`
          : `Unblock ${item.name}? It goes back on sale.`,
  });

  const products = result.data?.products ?? [];
  const selection = useBulkSelection(products.map((p) => p._id));
  return (
    <>
      <AdminList
        title="Products"
        noun={['product', 'products']}
        addTo="/admin/products/add"
        addLabel="Add Product"
        searchId="products-search"
        searchPlaceholder="Search products"
        extraTools={
          <>
            <ListViewTools idPrefix="products" options={PRODUCT_SORT_OPTIONS} view={view} />
            <ExportButton
              url={urlWithQuery('/api/products/export', {
                keyword: list.keyword || undefined,
                sort: view.sort,
                dir: view.dir,
              })}
              fileName="products.csv"
            />
            <Link to="/admin/products/import" className="btn btn-outline-brand">
              <FiUpload aria-hidden="true" className="me-1" />
              {IMPORT_SCREEN_MSG.title}
            </Link>
          </>
        }
        list={list}
        result={result}
        loadFailed={MSG.productsLoadFailed}
        isEmpty={products.length === 0}
        emptyText={MSG.noAdminProducts}
      >
        <BulkBlockBar
          selection={selection}
          noun={['product', 'products']}
          run={bulkBlock}
          busy={bulkBusy}
          blockEffect="Shoppers can no longer buy them until they are unblocked."
          unblockEffect="They go back on sale."
        />
        <ProductsTable products={products} onAction={ask} selection={selection} view={view} />
      </AdminList>
      {dialog}
    </>
  );
}
