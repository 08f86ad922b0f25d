import { MSG } from '@bagshop/shared/messages';
import { type LoginInput, loginSchema } from '@bagshop/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { FcGoogle } from 'react-icons/fc';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { api } from '../../../api/api.ts';
import { errorCode, errorMessage } from '../../../api/errors.ts';
import { TextField } from '../../../components/form-field.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useIsAdmin, useIsSignedIn } from '../../../session/session-hooks.ts';
import { loggedOut, setCredentials } from '../../../session/session-slice.ts';
import { useAppDispatch } from '../../../store/store.ts';
import { useGoogleConfigQuery, useLoginMutation } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { landingFor, rememberedPath, sessionOf } from '../components/landing.ts';
import { PasswordField } from '../components/password-field.tsx';
import { SubmitButton } from '../components/submit-button.tsx';

export function LoginPage() {
  usePageTitle('Sign in');
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const signedIn = useIsSignedIn();
  const isAdmin = useIsAdmin();
  const from = rememberedPath(location.state);
  const [login, { isLoading }] = useLoginMutation();
  // Google's button shows only on a shop where Google sign-in is set up (GOOGLE_CLIENT_ID and its secret).
  const { data: googleConfig } = useGoogleConfigQuery();
  const [blocked, setBlocked] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput, unknown, z.output<typeof loginSchema>>({ resolver: zodResolver(loginSchema) });

  // A screen whose server call ended the session (change password) comes here with state.signedOut. The session
  // is cleared only now: clearing it on a guarded screen would make the guard remember that screen.
  const signingOut = Boolean((location.state as { signedOut?: boolean } | null)?.signedOut);
  useEffect(() => {
    if (!signingOut) return;
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
    navigate(location.pathname, { replace: true, state: null });
  }, [signingOut, dispatch, navigate, location.pathname]);

  // Also reached right after a successful sign-in, so it must aim where onSubmit does.
  if (signedIn && !signingOut) return <Navigate to={landingFor({ isAdmin }, from)} replace />;

  const onSubmit = handleSubmit(async (values) => {
    setBlocked(false);
    try {
      const payload = await login(values).unwrap();
      if (!payload.user.isExist) {
        setBlocked(true);
        toast.error(MSG.blocked);
        return;
      }
      dispatch(setCredentials(sessionOf(payload)));
      navigate(landingFor(payload.user, from), { replace: true });
    } catch (error) {
      if (errorCode(error) === 'BLOCKED') {
        setBlocked(true);
        toast.error(MSG.blocked);
      } else {
        toast.error(errorMessage(error, MSG.loginFailed));
      }
    }
  });

  const signInWithGoogle = () => {
    window.location.assign(`/api/user/auth/google/start?redirect=${encodeURIComponent(from)}`);
  };

  return (
    <AuthCard
      title="Sign in"
      subtitle="Welcome back to Bag Shop"
      footer={
        <>
          New to Bag Shop? <Link to="/register">Create an account</Link>
        </>
      }
    >
      {blocked ? (
        <Alert variant="danger" role="alert">
          {MSG.blocked}
        </Alert>
      ) : null}
      <Form noValidate onSubmit={onSubmit}>
        <TextField
          id="login-email"
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          registration={register('email')}
          error={errors.email?.message}
        />
        <PasswordField
          id="login-password"
          label="Password"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password?.message}
        />
        <div className="text-end mb-3 small">
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        <SubmitButton busy={isLoading}>Sign in</SubmitButton>
      </Form>
      {googleConfig?.enabled ? (
        <>
          <div className="d-flex align-items-center my-3 text-muted small">
            <hr className="flex-grow-1" />
            <span className="px-2">or</span>
            <hr className="flex-grow-1" />
          </div>
          <Button
            variant="outline-secondary"
            className="w-100 py-2 d-flex align-items-center justify-content-center gap-2"
            onClick={signInWithGoogle}
          >
            <FcGoogle aria-hidden="true" />
            Sign in with Google
          </Button>
        </>
      ) : null}
      <p className="text-muted small text-center mt-3 mb-0">
        By signing in you agree to our <Link to="/policies/terms">Terms of Use</Link> and{' '}
        <Link to="/policies/privacy">Privacy Policy</Link>.
      </p>
    </AuthCard>
  );
}
