import { MSG } from '@bagshop/shared/messages';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { errorMessage } from '../../../api/errors.ts';
import { LoadingState } from '../../../components/load-states.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { setCredentials } from '../../../session/session-slice.ts';
import { useAppDispatch } from '../../../store/store.ts';
import { useGoogleSignInMutation } from '../api.ts';
import { landingFor, safePath, sessionOf } from '../components/landing.ts';

/** Where the identity provider sends the shopper back with ?code=&state=. */
export function GoogleCallbackPage() {
  usePageTitle('Signing in');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [googleSignIn] = useGoogleSignInMutation();
  // A code can be exchanged only once, and StrictMode runs effects twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    const state = params.get('state') ?? '';
    const fail = (message: string) => {
      toast.error(message);
      navigate('/login', { replace: true });
    };
    if (!code) {
      fail(MSG.loginError);
      return;
    }
    googleSignIn({ code, state })
      .unwrap()
      .then((answer) => {
        if (!answer.user.isExist) {
          fail(MSG.blocked);
          return;
        }
        dispatch(setCredentials(sessionOf(answer)));
        navigate(landingFor(answer.user, safePath(answer.redirect)), { replace: true });
      })
      .catch((error: unknown) => fail(errorMessage(error, MSG.loginError)));
  }, [params, navigate, dispatch, googleSignIn]);

  return <LoadingState page text={MSG.signingIn} />;
}
