import { MSG } from '@bagshop/shared/messages';
import { toast } from 'react-toastify';
import { useAddAddressMutation } from '../../../api/account-api.ts';
import { errorMessage, fieldErrors } from '../../../api/errors.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { AddressForm } from '../components/address-form.tsx';
import { AddressPageFrame } from '../components/address-page-frame.tsx';
import { useGoBack } from '../components/use-go-back.ts';

export function AddAddressPage() {
  usePageTitle('Add Address');
  const [addAddress] = useAddAddressMutation();
  const goBack = useGoBack();

  return (
    <AddressPageFrame title="Add Address">
      <AddressForm
        onSave={async (values) => {
          try {
            const answer = await addAddress(values).unwrap();
            toast.success(answer.message || MSG.addressAdded);
            goBack();
            return {};
          } catch (error) {
            toast.error(errorMessage(error, MSG.addressFailed));
            return fieldErrors(error);
          }
        }}
      />
    </AddressPageFrame>
  );
}
