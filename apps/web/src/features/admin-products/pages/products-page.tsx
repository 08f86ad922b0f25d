import { MSG } from '@bagshop/shared/messages';
import { AdminList, useRowActionDialog } from '../../../components/admin-list.tsx';
import { useListParams } from '../../../components/use-list-params.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useAdminProductsQuery, useDeleteProductMutation, useToggleProductBlockMutation } from '../api.ts';
import { ProductsTable } from '../components/products-table.tsx';

/** Admin products (docs/product.md §2 Admin): search, pages of six, block/unblock and delete after a confirmation. */
export function AdminProductsPage() {
  usePageTitle('Products');
  const list = useListParams();
  const result = useAdminProductsQuery(
    { keyword: list.keyword || undefined, page: list.page },
    { refetchOnMountOrArgChange: true },
  );
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
  return (
    <>
      <AdminList
        title="Products"
        noun={['product', 'products']}
        addTo="/admin/products/add"
        addLabel="Add Product"
        searchId="products-search"
        searchPlaceholder="Search products"
        list={list}
        result={result}
        loadFailed={MSG.productsLoadFailed}
        isEmpty={products.length === 0}
        emptyText={MSG.noAdminProducts}
      >
        <ProductsTable products={products} onAction={ask} />
      </AdminList>
      {dialog}
    </>
  );
}
