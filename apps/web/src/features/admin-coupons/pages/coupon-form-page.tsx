import { COUPON_MSG } from '@bagshop/shared/coupon-messages';
import type { CouponValues } from '@bagshop/shared/schemas/coupons';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { errorMessage, errorStatus, fieldErrors } from '../../../api/errors.ts';
import { AdminFormFrame } from '../../../components/admin-form-frame.tsx';
import { LoadFailed, LoadingState } from '../../../components/load-states.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useAddCouponMutation, useAdminCouponQuery, useEditCouponMutation } from '../api.ts';
import { CouponForm, couponFormValues } from '../components/coupon-form.tsx';
import { COUPON_SCREEN_TEXT as TEXT } from '../coupon-messages.ts';

const LIST = '/admin/coupons';

/** docs/product.md §2 Add Coupon and Edit Coupon (prefilled, Update Coupon); both return to the list. */
export function CouponFormPage() {
  const { id } = useParams();
  usePageTitle(id ? 'Edit Coupon' : 'Add Coupon');
  const navigate = useNavigate();
  const [addCoupon] = useAddCouponMutation();
  const [editCoupon] = useEditCouponMutation();
  const { data, isLoading, error, refetch, isFetching } = useAdminCouponQuery(id ?? '', {
    skip: !id,
    refetchOnMountOrArgChange: true,
  });

  async function save(values: CouponValues, referral: boolean) {
    try {
      if (id) {
        await editCoupon({ id, ...values }).unwrap();
        toast.success(COUPON_MSG.updated);
      } else {
        const answer = await addCoupon({ ...values, referral }).unwrap();
        toast.success(answer.message || COUPON_MSG.created);
      }
      navigate(LIST);
      return {};
    } catch (failure) {
      toast.error(errorMessage(failure, id ? COUPON_MSG.updateFailed : COUPON_MSG.createFailed));
      return fieldErrors(failure);
    }
  }

  let body: ReactNode;
  if (!id) {
    body = <CouponForm submitLabel="Create Coupon" allowReferral onSave={save} />;
  } else if (isLoading) {
    body = <LoadingState text="Loading the coupon…" />;
  } else if (error || !data) {
    body = (
      <LoadFailed
        message={errorMessage(error, TEXT.loadFailed)}
        notFound={errorStatus(error) === 404}
        onRetry={() => refetch()}
        retrying={isFetching}
      />
    );
  } else {
    body = (
      <CouponForm
        key={data.coupon._id}
        defaultValues={couponFormValues(data.coupon)}
        submitLabel="Update Coupon"
        onSave={save}
      />
    );
  }

  return (
    <AdminFormFrame title={id ? 'EDIT COUPON' : 'ADD COUPON'} backTo={LIST} backLabel="Back to coupons">
      {body}
    </AdminFormFrame>
  );
}
