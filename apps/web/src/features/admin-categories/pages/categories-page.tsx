import { MSG } from '@bagshop/shared/messages';
import { CATEGORY_SORTS } from '@bagshop/shared/schemas/admin-lists';
import {
  useAdminCategoriesQuery,
  useDeleteCategoryMutation,
  useToggleCategoryBlockMutation,
} from '../../../api/admin-categories-api.ts';
import { AdminList, useRowActionDialog } from '../../../components/admin-list.tsx';
import { ListViewTools } from '../../../components/sort-select.tsx';
import { useListParams, useListView } from '../../../components/use-list-params.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { CATEGORY_SORT_OPTIONS, CategoriesTable } from '../components/categories-table.tsx';

/**
 * Admin categories (docs/product.md §2 Admin): search, 6/25/50/100 a page, sortable columns, block/unblock and delete
 * after a confirmation (docs/decisions/029-admin-lists.md).
 */
export function AdminCategoriesPage() {
  usePageTitle('Categories');
  const list = useListParams();
  const view = useListView(CATEGORY_SORTS);
  const result = useAdminCategoriesQuery(
    { keyword: list.keyword || undefined, page: list.page, limit: view.pageSize, sort: view.sort, dir: view.dir },
    { refetchOnMountOrArgChange: true },
  );
  const [toggle, { isLoading: toggling }] = useToggleCategoryBlockMutation();
  const [remove, { isLoading: deleting }] = useDeleteCategoryMutation();
  const { ask, dialog } = useRowActionDialog({
    toggle,
    remove,
    busy: toggling || deleting,
    question: ({ kind, item }) =>
      kind === 'delete'
        ? `Delete the category ${item.name}?`
        : item.isExist
          ? `Block the category ${item.name}? Its products leave the shop until it is unblocked.`
          : `Unblock the category ${item.name}? Its products return to the shop.`,
  });

  const categories = result.data?.categories ?? [];
  return (
    <>
      <AdminList
        title="Categories"
        noun={['category', 'categories']}
        addTo="/admin/category/add"
        addLabel="Add Category"
        searchId="categories-search"
        searchPlaceholder="Search categories"
        extraTools={<ListViewTools idPrefix="categories" options={CATEGORY_SORT_OPTIONS} view={view} />}
        list={list}
        result={result}
        loadFailed={MSG.categoriesLoadFailed}
        isEmpty={categories.length === 0}
        emptyText={MSG.noCategories}
      >
        <CategoriesTable categories={categories} onAction={ask} view={view} />
      </AdminList>
      {dialog}
    </>
  );
}
