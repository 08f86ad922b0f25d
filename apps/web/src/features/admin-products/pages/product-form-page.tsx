import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import type { ProductDto } from '@bagshop/shared/catalogue-types';
import { MSG } from '@bagshop/shared/messages';
import { type ReactNode, useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { useAdminCategoryOptionsQuery } from '../../../api/admin-categories-api.ts';
import { useAdminAllOffersQuery } from '../../../api/admin-offers-api.ts';
import { api } from '../../../api/api.ts';
import { errorMessage, errorStatus, fieldErrors } from '../../../api/errors.ts';
import { useUploadWithProgress } from '../../../api/upload-with-progress.ts';
import { AdminFormFrame } from '../../../components/admin-form-frame.tsx';
import { LoadFailed, LoadingState } from '../../../components/load-states.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { offerOptions } from '../../../components/offer-options.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useAppDispatch } from '../../../store/store.ts';
import { useAdminProductQuery, useDeleteProductImageMutation } from '../api.ts';
import {
  PRODUCT_FIELDS,
  ProductForm,
  type ProductImagesToSave,
  type ProductValues,
} from '../components/product-form.tsx';
import { StockPanel } from '../components/stock-panel.tsx';

const LIST = '/admin/products';

/** The live categories, plus the product's own one even when blocked, so editing keeps it. */
function categoryOptions(all: { _id: string; name: string }[] | undefined, product?: ProductDto) {
  const options = (all ?? []).map((c) => ({ value: c._id, label: c.name }));
  if (product && !options.some((o) => o.value === product.category._id)) {
    const { category } = product;
    options.unshift({ value: category._id, label: category.isExist ? category.name : `${category.name} (blocked)` });
  }
  return options;
}

function toForm(id: string | undefined, values: ProductValues, images: ProductImagesToSave) {
  const form = new FormData();
  // Fields first, then the files, so the server reads the fields before the image data.
  for (const field of PRODUCT_FIELDS) {
    const value = values[field];
    form.append(field, value === null || value === undefined ? '' : String(value));
  }
  if (id) form.append('existingImages', JSON.stringify(images.existing));
  images.files.forEach((blob, i) => {
    form.append('pdImage', blob, `image-${i + 1}.webp`);
  });
  return form;
}

/** docs/product.md §2 Add Product and Edit Product; both return to /admin/products. */
export function ProductFormPage() {
  const { id } = useParams();
  const title = id ? 'Edit Product' : 'Add Product';
  usePageTitle(title);
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const upload = useUploadWithProgress();
  const [deleteImage] = useDeleteProductImageMutation();
  const categories = useAdminCategoryOptionsQuery();
  const offers = useAdminAllOffersQuery();
  const { data, isLoading, error, refetch, isFetching } = useAdminProductQuery(id ?? '', { skip: !id });
  const missing = Boolean(id) && (errorStatus(error) === 404 || errorStatus(error) === 400);

  useEffect(() => {
    if (missing) toast.error(CATALOGUE_MSG.productRemoveError, { toastId: 'product-missing' });
  }, [missing]);

  // The server deletes an image by its index in the saved list, which shrinks after each deletion.
  const serverImages = useRef<string[]>([]);
  useEffect(() => {
    serverImages.current = data?.product.pdImage ?? [];
  }, [data]);

  function deleteSaved(url: string) {
    const index = serverImages.current.indexOf(url);
    if (!id || index < 0) return;
    deleteImage({ id, index })
      .unwrap()
      .then((answer) => {
        serverImages.current = answer.product.pdImage;
      })
      .catch((failure: unknown) => {
        // docs/product.md §8: a failed image deletion is only logged; the image stays out of existingImages on save.
        console.warn('Product image deletion failed', failure);
      });
  }

  async function save(values: ProductValues, images: ProductImagesToSave, onProgress: (p: number | null) => void) {
    const form = toForm(id, values, images);
    try {
      onProgress(0);
      const url = id ? `/api/products/${id}` : '/api/products/';
      const answer = await upload({ method: id ? 'PUT' : 'POST', url, form, onProgress });
      if (answer.error) throw answer.error;
      dispatch(api.util.invalidateTags(['Product', 'Category']));
      const message = (answer.data as { message?: string } | null)?.message;
      toast.success(message || (id ? CATALOGUE_MSG.productEdited : CATALOGUE_MSG.productAdded));
      navigate(LIST);
      return {};
    } catch (failure) {
      toast.error(errorMessage(failure, id ? CATALOGUE_MSG.productEditFailed : CATALOGUE_MSG.productAddFailed));
      return fieldErrors(failure);
    }
  }

  if (missing) return <NotFoundPage />;

  let body: ReactNode;
  if (!id) {
    body = (
      <ProductForm
        categories={categoryOptions(categories.data?.all)}
        offers={offerOptions(offers.data?.offers, 'products')}
        submitLabel="Add Product"
        onSave={save}
      />
    );
  } else if (isLoading) {
    body = <LoadingState text="Loading the product…" />;
  } else if (error || !data) {
    body = (
      <LoadFailed
        message={errorMessage(error, MSG.productLoadFailed)}
        onRetry={() => refetch()}
        retrying={isFetching}
      />
    );
  } else {
    body = (
      <>
        <ProductForm
          // A new stock (an adjustment below) starts the form again from it: saving the old number would count it back.
          key={`${data.product._id}:${data.product.quantity}`}
          product={data.product}
          categories={categoryOptions(categories.data?.all, data.product)}
          offers={offerOptions(offers.data?.offers, 'products', data.product.offer)}
          submitLabel="Update Product"
          onSave={save}
          onDeleteSaved={deleteSaved}
        />
        <StockPanel productId={data.product._id} />
      </>
    );
  }

  return (
    <AdminFormFrame title={title} backTo={LIST} backLabel="Back to products" wide>
      {body}
    </AdminFormFrame>
  );
}
