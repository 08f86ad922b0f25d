import { OTP_RESEND_SECONDS } from '@bagshop/shared/limits';
import { MSG } from '@bagshop/shared/messages';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { errorMessage } from '../../../api/errors.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { userUpdated } from '../../../session/session-slice.ts';
import { useAppDispatch } from '../../../store/store.ts';
import { useResendEmailChangeMutation, useVerifyEmailChangeMutation } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { CodeForm } from '../components/code-form.tsx';
import { resendCode } from '../components/resend-code.ts';

/**
 * The code sent to a new email (asked for on /account/edit): the account takes the new address only when the code
 * comes back, then /account shows it. The server knows the pending address, so the screen works after a reload too.
 */
export function VerifyEmailChangePage() {
  usePageTitle('Confirm your new email');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const newEmail = (location.state as { email?: string } | null)?.email;
  const [verifyChange, { isLoading }] = useVerifyEmailChangeMutation();
  const [resendEmailChange] = useResendEmailChangeMutation();

  const verify = async (otp: string) => {
    try {
      const answer = await verifyChange({ otp }).unwrap();
      toast.success(answer.message || MSG.emailChanged);
      dispatch(userUpdated(answer.user));
      navigate('/account', { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, MSG.otpInvalid));
    }
  };

  const resend = () => resendCode(() => resendEmailChange().unwrap());

  return (
    <AuthCard
      title="Confirm your new email"
      subtitle={
        newEmail ? (
          <>
            Enter the 6-digit code we sent to <strong className="text-break">{newEmail}</strong>
          </>
        ) : (
          'Enter the 6-digit code we sent to your new email'
        )
      }
      footer={
        <>
          Your current email stays until then. <Link to="/account/edit">Use another email</Link>
        </>
      }
    >
      <CodeForm seconds={OTP_RESEND_SECONDS.verifyEmail} submitting={isLoading} onVerify={verify} onResend={resend} />
    </AuthCard>
  );
}
