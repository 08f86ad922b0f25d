import { OTP_RESEND_SECONDS } from '@bagshop/shared/limits';
import { MSG } from '@bagshop/shared/messages';
import { useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { errorCode, errorMessage, errorStatus } from '../../../api/errors.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { userUpdated } from '../../../session/session-slice.ts';
import { useAppDispatch, useAppSelector } from '../../../store/store.ts';
import { useSendVerifyEmailMutation, useVerifyEmailMutation } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { CodeForm } from '../components/code-form.tsx';

/** Email verification (docs/product.md §2): the code is sent on request, then checked; success returns to /account. */
export function VerifyEmailPage() {
  usePageTitle('Verify email');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.session.userInfo?.user);
  const [sendCode, { isLoading: sending }] = useSendVerifyEmailMutation();
  const [verifyEmail, { isLoading: verifying }] = useVerifyEmailMutation();
  // A profile change that switched the email has already mailed a code.
  const location = useLocation();
  const [codeSent, setCodeSent] = useState(Boolean((location.state as { codeSent?: boolean } | null)?.codeSent));

  /** Answers whether a code is waiting in the mailbox. */
  const send = async (): Promise<boolean> => {
    try {
      const answer = await sendCode().unwrap();
      toast.info(answer.message || MSG.otpSent);
      return true;
    } catch (error) {
      if (errorStatus(error) === 409) {
        toast.info(errorMessage(error, MSG.emailAlreadyVerified));
        navigate('/account', { replace: true });
        return false;
      }
      toast.error(errorMessage(error, MSG.otpSendFailed));
      // A code sent moments ago (e.g. by a profile change) can still be typed in.
      return errorCode(error) === 'RESEND_TOO_SOON';
    }
  };

  const start = async () => {
    if (await send()) setCodeSent(true);
  };

  const verify = async (otp: string) => {
    try {
      const answer = await verifyEmail({ otp }).unwrap();
      toast.success(MSG.otpVerified);
      dispatch(userUpdated(answer.user));
      navigate('/account', { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, MSG.otpInvalid));
    }
  };

  if (user?.emailVerified) {
    return (
      <AuthCard title="Verify email" footer={<Link to="/account">Back to my account</Link>}>
        <Alert variant="success" className="mb-0">
          {MSG.emailAlreadyVerified}
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Verify email"
      subtitle={
        codeSent ? (
          <>
            Enter the 6-digit code we sent to <strong className="text-break">{user?.email}</strong>
          </>
        ) : (
          <>
            We will send a 6-digit code to <strong className="text-break">{user?.email}</strong>
          </>
        )
      }
      footer={<Link to="/account">Back to my account</Link>}
    >
      {codeSent ? (
        <CodeForm seconds={OTP_RESEND_SECONDS.verifyEmail} submitting={verifying} onVerify={verify} onResend={send} />
      ) : (
        <div className="d-grid gap-2">
          <Button className="btn-brand py-2" onClick={start} disabled={sending} aria-busy={sending}>
            {sending ? <Spinner as="span" size="sm" animation="border" className="me-2" aria-hidden="true" /> : null}
            Send code
          </Button>
          <Button variant="link" className="text-brand" onClick={() => setCodeSent(true)}>
            I already have a code
          </Button>
        </div>
      )}
    </AuthCard>
  );
}
