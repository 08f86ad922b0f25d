import { useSelector } from 'react-redux';
import { selectIsAdmin, selectIsSignedIn } from './session-slice.ts';

export function useIsSignedIn(): boolean {
  return useSelector(selectIsSignedIn);
}

export function useIsAdmin(): boolean {
  return useSelector(selectIsAdmin);
}
