import { MSG } from '@bagshop/shared/messages';
import type { AddressDto } from '@bagshop/shared/types';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { useAddressQuery, useEditAddressMutation } from '../../../api/account-api.ts';
import { errorMessage, errorStatus, fieldErrors } from '../../../api/errors.ts';
import { LoadFailed, LoadingState } from '../../../components/load-states.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { AddressForm } from '../components/address-form.tsx';
import { AddressPageFrame } from '../components/address-page-frame.tsx';
import { useGoBack } from '../components/use-go-back.ts';

function formValues({ _id: _left, gstin, ...address }: AddressDto) {
  return { ...address, gstin: gstin ?? '' };
}

export function EditAddressPage() {
  usePageTitle('Edit Address');
  const { id = '' } = useParams();
  const { data, isLoading, isFetching, error, refetch } = useAddressQuery(id, { refetchOnMountOrArgChange: true });
  const [editAddress] = useEditAddressMutation();
  const goBack = useGoBack();

  let body: ReactNode;
  if (isLoading || (isFetching && !data)) {
    body = <LoadingState text="Loading the address…" />;
  } else if (error || !data) {
    const missing = errorStatus(error) === 404;
    body = (
      <LoadFailed
        message={missing ? MSG.addressNotFound : errorMessage(error, MSG.addressLoadFailed)}
        notFound={missing}
        onRetry={() => refetch()}
      >
        <Link to="/account" className="btn btn-outline-brand btn-sm">
          Back to my account
        </Link>
      </LoadFailed>
    );
  } else {
    body = (
      <AddressForm
        key={data.address._id}
        defaultValues={formValues(data.address)}
        onSave={async (values) => {
          try {
            const answer = await editAddress({ id, ...values }).unwrap();
            toast.success(answer.message || MSG.addressUpdated);
            goBack();
            return {};
          } catch (error) {
            toast.error(errorMessage(error, MSG.addressFailed));
            return fieldErrors(error);
          }
        }}
      />
    );
  }

  return <AddressPageFrame title="Edit Address">{body}</AddressPageFrame>;
}
