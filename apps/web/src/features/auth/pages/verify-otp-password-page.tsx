import { OTP_RESEND_SECONDS } from '@bagshop/shared/limits';
import { MSG } from '@bagshop/shared/messages';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { errorMessage } from '../../../api/errors.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useForgotPasswordMutation, useVerifyOtpPasswordMutation } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { CodeForm } from '../components/code-form.tsx';
import { RESET_TOKEN_KEY, withEmail } from '../components/landing.ts';
import { MissingEmail } from '../components/missing-email.tsx';
import { resendCode } from '../components/resend-code.ts';

/** Password-reset code (docs/product.md §2): a right code hands out the grant the new-password screen needs. */
export function VerifyOtpPasswordPage() {
  usePageTitle('Enter reset code');
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const navigate = useNavigate();
  const [verifyOtpPassword, { isLoading }] = useVerifyOtpPasswordMutation();
  const [forgotPassword] = useForgotPasswordMutation();

  const verify = async (otp: string) => {
    try {
      const answer = await verifyOtpPassword({ email, otp }).unwrap();
      sessionStorage.setItem(RESET_TOKEN_KEY, answer.resetToken);
      toast.success(answer.message || MSG.otpVerified);
      navigate(withEmail('/reset-password', email), { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, MSG.otpInvalid));
    }
  };

  const resend = () => resendCode(() => forgotPassword({ email }).unwrap());

  return (
    <AuthCard
      title="Enter reset code"
      subtitle={
        email ? (
          <>
            Enter the 6-digit code we sent to <strong className="text-break">{email}</strong>
          </>
        ) : null
      }
      footer={<Link to="/login">Back to Login</Link>}
    >
      {email ? (
        <CodeForm seconds={OTP_RESEND_SECONDS.reset} submitting={isLoading} onVerify={verify} onResend={resend} />
      ) : (
        <MissingEmail backTo="/forgot-password" backLabel="Ask for a new code" />
      )}
    </AuthCard>
  );
}
