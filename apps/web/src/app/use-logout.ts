import { useNavigate } from 'react-router';
import { api } from '../api/api.ts';
import { useLogoutMutation } from '../features/auth/api.ts';
import { loggedOut } from './session-slice.ts';
import { useAppDispatch, useAppSelector } from './store.ts';

/** Spec §4 "Logout": call the endpoint, then clear the session and go to /login — even when the call fails. */
export function useLogout() {
  const [logout] = useLogoutMutation();
  const refreshToken = useAppSelector((s) => s.session.refreshToken);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return async () => {
    try {
      await logout({ refreshToken: refreshToken ?? undefined }).unwrap();
    } catch (error) {
      console.warn('Logout call failed; clearing the session anyway', error);
    }
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
    navigate('/login');
  };
}
