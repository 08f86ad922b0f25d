import type { TrackQuery, TrackResponse } from '@bagshop/shared/schemas/shipping';
import { api } from '../../api/api.ts';

export const trackApi = api.injectEndpoints({
  endpoints: (build) => ({
    trackOrder: build.query<TrackResponse, TrackQuery>({
      query: (params) => ({ url: '/api/track', params }),
      // A parcel moves while the page is open: every search asks the shop again.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyTrackOrderQuery } = trackApi;
