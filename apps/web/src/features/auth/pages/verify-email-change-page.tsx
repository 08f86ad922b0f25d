import { OTP_RESEND_SECONDS } from '@bagshop/shared/limits';
import { MSG } from '@bagshop/shared/messages';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { errorMessage, fieldErrors } from '../../../api/errors.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { tokenRefreshed, userUpdated } from '../../../session/session-slice.ts';
import { useAppDispatch, useAppSelector } from '../../../store/store.ts';
import { useResendEmailChangeMutation, useVerifyEmailChangeMutation } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { CodeForm } from '../components/code-form.tsx';
import { resendCode } from '../components/resend-code.ts';

/**
 * The code sent to a new email (asked for on /account/edit): the account takes the new address only when the code
 * comes back, then /account shows it. An account without a password (made with Google) first enters the code sent to
 * its current email (docs/decisions/034-email-change-proof.md); both go to the server together. Confirming signs out
 * every other browser: this one stores the new tokens the answer carries. The server knows the pending address, so
 * the screen works after a reload too.
 */
export function VerifyEmailChangePage() {
  usePageTitle('Confirm your new email');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const state = location.state as { email?: string; currentEmail?: string } | null;
  const newEmail = state?.email;
  const user = useAppSelector((s) => s.session.userInfo?.user);
  const currentEmail = state?.currentEmail ?? (user?.hasPassword === false ? user.email : undefined);
  const [currentEmailOtp, setCurrentEmailOtp] = useState<string | null>(null);
  const [verifyChange, { isLoading }] = useVerifyEmailChangeMutation();
  const [resendEmailChange] = useResendEmailChangeMutation();

  const verify = async (otp: string) => {
    try {
      const answer = await verifyChange({ otp, ...(currentEmailOtp ? { currentEmailOtp } : {}) }).unwrap();
      dispatch(tokenRefreshed({ accessToken: answer.token, refreshToken: answer.refreshToken }));
      dispatch(userUpdated(answer.user));
      toast.success(answer.message || MSG.emailChanged);
      navigate('/account', { replace: true });
    } catch (error) {
      const wrongCurrent = fieldErrors(error).currentEmailOtp;
      // The current email's code was refused: ask for it again first.
      if (wrongCurrent) setCurrentEmailOtp(null);
      toast.error(wrongCurrent ?? errorMessage(error, MSG.otpInvalid));
    }
  };

  const resend = () => resendCode(() => resendEmailChange().unwrap());
  const footer = (
    <>
      Your current email stays until then. <Link to="/account/edit">Use another email</Link>
    </>
  );

  if (currentEmail && currentEmailOtp === null) {
    return (
      <AuthCard
        title="Confirm your new email"
        subtitle={
          <>
            First enter the 6-digit code we sent to your current email{' '}
            <strong className="text-break">{currentEmail}</strong>
          </>
        }
        footer={footer}
      >
        <CodeForm
          key="current-email"
          seconds={OTP_RESEND_SECONDS.verifyEmail}
          submitting={false}
          submitLabel="Next"
          onVerify={(code) => setCurrentEmailOtp(code)}
          onResend={resend}
        />
      </AuthCard>
    );
  }

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
      footer={footer}
    >
      <CodeForm
        key="new-email"
        seconds={OTP_RESEND_SECONDS.verifyEmail}
        submitting={isLoading}
        onVerify={verify}
        onResend={resend}
      />
    </AuthCard>
  );
}
