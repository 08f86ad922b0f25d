import { useNavigate } from 'react-router';
import { useLogoutMutation } from '../features/auth/api.ts';
import { selectRefreshToken } from '../session/session-slice.ts';
import { useAppSelector } from '../store/store.ts';

/**
 * docs/product.md §4 "Logout": call the endpoint, then clear the session and go to /login — even when the call fails.
 * The login screen clears the session when it shows (state.signedOut): clearing it here, while a guarded screen
 * is still shown, would make the guard remember that screen for the next sign-in.
 */
export function useLogout() {
  const [logout] = useLogoutMutation();
  const refreshToken = useAppSelector(selectRefreshToken);
  const navigate = useNavigate();
  return async () => {
    try {
      await logout({ refreshToken: refreshToken ?? undefined }).unwrap();
    } catch (error) {
      console.warn('Logout call failed; clearing the session anyway', error);
    }
    navigate('/login', { state: { signedOut: true } });
  };
}
