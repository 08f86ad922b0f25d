import type { Color } from '@bagshop/shared/catalogue';
import type { CategoryDto, OfferDto, ProductDto } from '@bagshop/shared/catalogue-types';
import type { APIRequestContext, Page } from '@playwright/test';
import { format } from 'date-fns';
import sharp from 'sharp';
import { ADMIN } from './accounts.ts';
import { expect } from './fixtures.ts';

const DAY_MS = 86_400_000;
let sequence = 0;

/**
 * Letters only, different on every call: category and product names allow letters and spaces, nothing else.
 * Built from the clock, a counter and a little chance, written in base 26 as a–z.
 */
export function uniqueLetters(length = 8): string {
  sequence += 1;
  let n = Date.now() * 1000 + ((sequence * 37 + Math.floor(Math.random() * 1000)) % 1000);
  let letters = '';
  for (let i = 0; i < length; i += 1) {
    letters = String.fromCharCode(97 + (n % 26)) + letters;
    n = Math.floor(n / 26);
  }
  return letters;
}

/** A square PNG with a little drawing on it, as a shopkeeper's photo would be. */
export async function bagPhoto(side = 400): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">
    <rect width="100%" height="100%" fill="#f3ead8"/>
    <rect x="${side * 0.2}" y="${side * 0.35}" width="${side * 0.6}" height="${side * 0.45}" rx="18" fill="#7a4a2a"/>
    <path d="M ${side * 0.35} ${side * 0.35} Q ${side / 2} ${side * 0.1} ${side * 0.65} ${side * 0.35}"
      stroke="#3b2414" stroke-width="10" fill="none"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The calendar cell's accessible name for a day, as the date pickers write it (e.g. 'Saturday, November 22nd, 2025'). */
export function dayName(date: Date): string {
  return format(date, 'PPPP');
}

export function daysFromToday(days: number): Date {
  const now = new Date();
  return new Date(new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime() + days * DAY_MS);
}

/** Opens the date picker labelled `label` and clicks the day, moving on a month or two when needed. */
export async function pickDate(page: Page, label: string, date: Date): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  const cell = page.getByRole('gridcell', { name: `Choose ${dayName(date)}`, exact: true });
  for (let turn = 0; turn < 3 && (await cell.count()) === 0; turn += 1) {
    await page.getByRole('button', { name: 'Next Month' }).click();
  }
  await cell.first().click();
  await expect(page.getByLabel(label, { exact: true })).toHaveValue(format(date, 'dd-MMM-yyyy'));
}

/** Signs the administrator in through the API and answers the access token. */
export interface SignInPayload {
  user: { _id: string; name: string; isAdmin: boolean };
  token: string;
  refreshToken: string;
}

// Sign-ins are rate limited per address and email (10 in 15 minutes) and the whole suite shares the administrator:
// every spec signs the administrator in once and reuse the session well within its 15-minute access token.
const ADMIN_REUSE_MS = 10 * 60_000;
let adminSignIn: { payload: SignInPayload; at: number } | null = null;

export async function adminSession(request: APIRequestContext): Promise<SignInPayload> {
  if (adminSignIn && Date.now() - adminSignIn.at < ADMIN_REUSE_MS) return adminSignIn.payload;
  const res = await request.post('/api/user/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(res.status(), await res.text()).toBe(200);
  adminSignIn = { payload: (await res.json()) as SignInPayload, at: Date.now() };
  return adminSignIn.payload;
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  return (await adminSession(request)).token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A live offer for products (active from a minute ago for a week) created through the admin API. */
export async function createOfferViaApi(
  request: APIRequestContext,
  token: string,
  offer: { name: string; discount: number; minAmount: number; type?: 'products' | 'category' },
): Promise<OfferDto> {
  const res = await request.post('/api/user/admin/offers/add', {
    headers: bearer(token),
    data: {
      name: offer.name,
      type: offer.type ?? 'products',
      description: 'A short-lived deal for the tests',
      activation: new Date(Date.now() - 60_000).toISOString(),
      expiry: new Date(Date.now() + 7 * DAY_MS).toISOString(),
      discount: offer.discount,
      minAmount: offer.minAmount,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { offer: OfferDto }).offer;
}

export async function createCategoryViaApi(
  request: APIRequestContext,
  token: string,
  name: string,
): Promise<CategoryDto> {
  const res = await request.post('/api/category', { headers: bearer(token), data: { name, offer: null } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { category: CategoryDto }).category;
}

export interface NewProduct {
  name: string;
  categoryId: string;
  offerId?: string;
  price: number;
  quantity: number;
  color: Color;
  brand?: string;
}

/** A product with one photo, created through the admin's multipart form endpoint. */
export async function createProductViaApi(
  request: APIRequestContext,
  token: string,
  product: NewProduct,
): Promise<ProductDto> {
  const res = await request.post('/api/products/', {
    headers: bearer(token),
    multipart: {
      name: product.name,
      description: 'Sturdy canvas with leather trims and a zipped inner pocket.',
      price: String(product.price),
      offer: product.offerId ?? '',
      category: product.categoryId,
      quantity: String(product.quantity),
      brand: product.brand ?? 'Wildcraft',
      color: product.color,
      size: '30Lx12Bx40Hcm',
      pdImage: { name: 'bag.png', mimeType: 'image/png', buffer: await bagPhoto() },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { product: ProductDto }).product;
}

/** Block/unblock toggle of a product through the admin API; answers whether it is now on sale. */
export async function toggleProductBlockViaApi(
  request: APIRequestContext,
  token: string,
  productId: string,
): Promise<boolean> {
  const res = await request.put(`/api/products/${productId}/unblock`, { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { product: ProductDto }).product.isExist;
}
