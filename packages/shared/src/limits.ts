/** Business constants of docs/product.md §9. */
export const OTP_LENGTH = 6;
export const OTP_RESEND_SECONDS = { register: 90, reset: 180, verifyEmail: 180 } as const;
export const OTP_TTL_SECONDS = 600;
export const OTP_MAX_ATTEMPTS = 5;
export const SESSION_DAYS = 30;
export const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const ADMIN_PAGE_SIZE = 6;
export const MAX_PROFILE_PICTURES = 5;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const TEXT_LIMITS = {
  userName: 25,
  categoryName: 15,
  brand: 15,
  productName: 25,
  productDescription: 200,
  size: 20,
  addressName: 80,
  houseName: 120,
  town: 60,
  street: 160,
  landmark: 80,
  couponName: 20,
  couponDescription: 50,
} as const;

/** Dates people type (offers, coupons, report and audit days) fall in these years; anything else is a typo. */
export const DATE_YEARS = { first: 2000, last: 2999 } as const;
/** The longest date text taken, e.g. '2026-11-24T10:30:00.000+05:30' with room to spare. */
export const DATE_TEXT_MAX = 40;
/** The longest text taken where a number is expected (a form field sends numbers as text). */
export const NUMBER_TEXT_MAX = 32;

/** Every date and time the shop shows is India's, wherever the browser or the server runs. */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';

/**
 * Every product picture is stored twice as webp, square as the admin's cropper cuts it: a large copy for the details
 * page and a small one for cards and lists. Their widths in pixels (a picture uploaded smaller stays smaller).
 */
export const PRODUCT_IMAGE_WIDTH = { large: 1200, thumb: 400 } as const;
