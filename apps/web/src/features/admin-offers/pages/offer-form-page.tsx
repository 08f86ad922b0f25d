import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { MSG } from '@bagshop/shared/messages';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import {
  type OfferValues,
  useAddOfferMutation,
  useAdminOfferQuery,
  useEditOfferMutation,
} from '../../../api/admin-offers-api.ts';
import { errorMessage, errorStatus, fieldErrors } from '../../../api/errors.ts';
import { AdminFormFrame } from '../../../components/admin-form-frame.tsx';
import { LoadFailed, LoadingState } from '../../../components/load-states.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { OfferForm, offerFormValues } from '../components/offer-form.tsx';

const LIST = '/admin/offers';

/** docs/product.md §2 Add Offer and Edit Offer: the edit form is prefilled, its heading still reads ADD OFFER. */
export function OfferFormPage() {
  const { id } = useParams();
  usePageTitle(id ? 'Edit Offer' : 'Add Offer');
  const navigate = useNavigate();
  const [addOffer] = useAddOfferMutation();
  const [editOffer] = useEditOfferMutation();
  const { data, isLoading, error, refetch, isFetching } = useAdminOfferQuery(id ?? '', { skip: !id });

  async function save(values: OfferValues) {
    try {
      if (id) {
        await editOffer({ id, ...values }).unwrap();
        toast.success(CATALOGUE_MSG.offerUpdated);
      } else {
        const answer = await addOffer(values).unwrap();
        toast.success(answer.message || CATALOGUE_MSG.offerCreated);
      }
      navigate(LIST);
      return {};
    } catch (failure) {
      toast.error(errorMessage(failure, id ? CATALOGUE_MSG.offerUpdateFailed : CATALOGUE_MSG.offerCreateFailed));
      return fieldErrors(failure);
    }
  }

  let body: ReactNode;
  if (!id) {
    body = <OfferForm submitLabel="Create Offer" onSave={save} />;
  } else if (isLoading) {
    body = <LoadingState text="Loading the offer…" />;
  } else if (error || !data) {
    body = (
      <LoadFailed
        message={errorMessage(error, MSG.offerLoadFailed)}
        notFound={errorStatus(error) === 404}
        onRetry={() => refetch()}
        retrying={isFetching}
      />
    );
  } else {
    body = (
      <OfferForm
        key={data.offer._id}
        defaultValues={offerFormValues(data.offer)}
        submitLabel="Edit Offer"
        onSave={save}
      />
    );
  }

  return (
    <AdminFormFrame title="ADD OFFER" backTo={LIST} backLabel="Back to offers">
      {body}
    </AdminFormFrame>
  );
}
