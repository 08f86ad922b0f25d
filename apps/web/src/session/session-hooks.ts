import { shallowEqual, useSelector } from 'react-redux';
import { selectContactDetails, selectIsAdmin, selectIsSignedIn } from './session-slice.ts';

export function useIsSignedIn(): boolean {
  return useSelector(selectIsSignedIn);
}

export function useIsAdmin(): boolean {
  return useSelector(selectIsAdmin);
}

/** The signed-in person's name and email (a form fills them in), or null for a visitor. */
export function useContactDetails(): { name: string; email: string } | null {
  return useSelector(selectContactDetails, shallowEqual);
}
