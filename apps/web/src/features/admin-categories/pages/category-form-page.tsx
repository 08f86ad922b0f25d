import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { MSG } from '@bagshop/shared/messages';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import {
  type CategoryValues,
  useAddCategoryMutation,
  useAdminCategoryQuery,
  useEditCategoryMutation,
} from '../../../api/admin-categories-api.ts';
import { useAdminAllOffersQuery } from '../../../api/admin-offers-api.ts';
import { errorMessage, errorStatus, fieldErrors } from '../../../api/errors.ts';
import { AdminFormFrame } from '../../../components/admin-form-frame.tsx';
import { LoadFailed, LoadingState } from '../../../components/load-states.tsx';
import { offerOptions } from '../../../components/offer-options.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { CategoryForm } from '../components/category-form.tsx';

const LIST = '/admin/category';

/** docs/product.md §2 Add Category and Edit Category; both return to /admin/category. */
export function CategoryFormPage() {
  const { id } = useParams();
  const title = id ? 'Edit Category' : 'Add Category';
  usePageTitle(title);
  const navigate = useNavigate();
  const [addCategory] = useAddCategoryMutation();
  const [editCategory] = useEditCategoryMutation();
  const offers = useAdminAllOffersQuery();
  const { data, isLoading, error, refetch, isFetching } = useAdminCategoryQuery(id ?? '', { skip: !id });

  async function save(values: CategoryValues) {
    try {
      if (id) {
        const answer = await editCategory({ id, ...values }).unwrap();
        toast.success(answer.message || CATALOGUE_MSG.categoryUpdated);
      } else {
        const answer = await addCategory(values).unwrap();
        toast.success(answer.message || `${values.name} ${CATALOGUE_MSG.categoryCreated}`);
      }
      navigate(LIST);
      return {};
    } catch (failure) {
      toast.error(errorMessage(failure, id ? CATALOGUE_MSG.categoryUpdateFailed : CATALOGUE_MSG.categoryUnexpected));
      return fieldErrors(failure);
    }
  }

  let body: ReactNode;
  if (!id) {
    body = (
      <CategoryForm offers={offerOptions(offers.data?.offers, 'category')} submitLabel="Add Category" onSave={save} />
    );
  } else if (isLoading) {
    body = <LoadingState text="Loading the category…" />;
  } else if (error || !data) {
    body = (
      <LoadFailed
        message={errorMessage(error, MSG.categoryLoadFailed)}
        notFound={errorStatus(error) === 404}
        onRetry={() => refetch()}
        retrying={isFetching}
      />
    );
  } else {
    const { category } = data;
    body = (
      <CategoryForm
        key={category._id}
        defaultValues={{ name: category.name, offer: category.offer?._id ?? '' }}
        offers={offerOptions(offers.data?.offers, 'category', category.offer)}
        submitLabel="Update Category"
        onSave={save}
      />
    );
  }

  return (
    <AdminFormFrame title={title} backTo={LIST} backLabel="Back to categories">
      {body}
    </AdminFormFrame>
  );
}
