import { OTP_RESEND_SECONDS } from '@bagshop/shared/limits';
import { MSG } from '@bagshop/shared/messages';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { errorMessage } from '../../../api/errors.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { setCredentials } from '../../../session/session-slice.ts';
import { useAppDispatch } from '../../../store/store.ts';
import { useResendOtpMutation, useVerifyOtpMutation } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { CodeForm } from '../components/code-form.tsx';
import { landingFor, sessionOf } from '../components/landing.ts';
import { MissingEmail } from '../components/missing-email.tsx';
import { resendCode } from '../components/resend-code.ts';

/** Registration code (docs/product.md §2): a right code creates the account and signs the shopper in. */
export function VerifyOtpPage() {
  usePageTitle('Verify your email');
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [verifyOtp, { isLoading }] = useVerifyOtpMutation();
  const [resendOtp] = useResendOtpMutation();

  const verify = async (otp: string) => {
    try {
      const answer = await verifyOtp({ email, otp }).unwrap();
      toast.success(MSG.otpVerified);
      dispatch(setCredentials(sessionOf(answer)));
      navigate(landingFor(answer.user), { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, MSG.otpInvalid));
    }
  };

  const resend = () => resendCode(() => resendOtp({ email }).unwrap());

  return (
    <AuthCard
      title="Verify your email"
      subtitle={
        email ? (
          <>
            Enter the 6-digit code we sent to <strong className="text-break">{email}</strong>
          </>
        ) : null
      }
      footer={
        <>
          Wrong email? <Link to="/register">Register again</Link>
        </>
      }
    >
      {email ? (
        <CodeForm seconds={OTP_RESEND_SECONDS.register} submitting={isLoading} onVerify={verify} onResend={resend} />
      ) : (
        <MissingEmail backTo="/register" backLabel="Register again" />
      )}
    </AuthCard>
  );
}
