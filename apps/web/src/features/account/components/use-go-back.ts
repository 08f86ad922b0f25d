import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * docs/product.md §2: after saving an address the shopper goes back one page; opened directly, back means the account.
 */
export function useGoBack(fallback = '/account') {
  const navigate = useNavigate();
  const location = useLocation();
  const cameFromInside = location.key !== 'default';
  return useCallback(() => {
    if (cameFromInside) navigate(-1);
    else navigate(fallback, { replace: true });
  }, [cameFromInside, fallback, navigate]);
}
