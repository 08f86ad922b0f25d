import { OTP_RESEND_SECONDS } from '@bagshop/shared/limits';
import { MSG } from '@bagshop/shared/messages';
import { useState } from 'react';
import { Alert } from 'react-bootstrap';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { errorMessage } from '../../../api/errors.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { setCredentials } from '../../../session/session-slice.ts';
import { useAppDispatch } from '../../../store/store.ts';
import { useResendOtpMutation, useVerifyOtpMutation } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { CodeForm } from '../components/code-form.tsx';
import { type CodeTravel, CodeWhereabouts, codeTravelOf, toastCodeTravel } from '../components/code-travel.tsx';
import { landingFor, sessionOf } from '../components/landing.ts';
import { MissingEmail } from '../components/missing-email.tsx';
import { resendCode } from '../components/resend-code.ts';

/**
 * Registration code (docs/product.md §2): a right code creates the account and signs the shopper in, and only then
 * does the screen say 'User successfully registered' (docs/decisions/057-registration-says-what-happened.md).
 */
export function VerifyOtpPage() {
  usePageTitle('Verify your email');
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const location = useLocation();
  const [travel, setTravel] = useState<CodeTravel | null>(() => codeTravelOf(location.state));
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [verifyOtp, { isLoading }] = useVerifyOtpMutation();
  const [resendOtp] = useResendOtpMutation();

  const verify = async (otp: string) => {
    try {
      const answer = await verifyOtp({ email, otp }).unwrap();
      toast.success(MSG.registered);
      dispatch(setCredentials(sessionOf(answer)));
      navigate(landingFor(answer.user), { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, MSG.otpInvalid));
    }
  };

  const resend = () =>
    resendCode(
      () => resendOtp({ email }).unwrap(),
      (answer) => {
        const next = { delivery: answer.delivery, mailbox: answer.mailbox };
        setTravel(next);
        toastCodeTravel(next);
      },
    );
  // Without a mail server the code is somewhere else, and the screen keeps saying where.
  const notMailed = travel && travel.delivery !== 'mail' ? travel : null;

  return (
    <AuthCard
      title="Verify your email"
      subtitle={
        email ? (
          <>
            {notMailed ? 'Enter the 6-digit code for ' : 'Enter the 6-digit code we sent to '}
            <strong className="text-break">{email}</strong>
          </>
        ) : null
      }
      footer={
        <>
          Wrong email? <Link to="/register">Register again</Link>
        </>
      }
    >
      {email && notMailed ? (
        <Alert variant="warning" className="small" data-testid="code-whereabouts">
          <CodeWhereabouts travel={notMailed} />
        </Alert>
      ) : null}
      {email ? (
        <CodeForm seconds={OTP_RESEND_SECONDS.register} submitting={isLoading} onVerify={verify} onResend={resend} />
      ) : (
        <MissingEmail backTo="/register" backLabel="Register again" />
      )}
    </AuthCard>
  );
}
