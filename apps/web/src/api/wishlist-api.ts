import type { WishlistAnswer, WishlistToggledAnswer, WishlistToggleInput } from '@bagshop/shared/schemas/catalogue';
import { api, LIST_KEEP_SECONDS } from './api.ts';

const WISHLIST = { type: 'Product', id: 'WISHLIST' } as const;

export const wishlistApi = api.injectEndpoints({
  endpoints: (build) => ({
    wishlist: build.query<WishlistAnswer, void>({
      query: () => '/api/products/get-wishlist',
      providesTags: [WISHLIST],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    /** Adds the product when it is not in the wishlist, removes it when it is. */
    toggleWishlist: build.mutation<WishlistToggledAnswer, WishlistToggleInput>({
      query: (body) => ({ url: '/api/products/update-wishlist', method: 'POST', body }),
      invalidatesTags: [WISHLIST],
    }),
  }),
});

export const { useWishlistQuery, useToggleWishlistMutation } = wishlistApi;
