import { z } from 'zod';
import { ADMIN_LIST_MSG as M } from '../admin-list-messages.ts';
import { ITEM_STATUSES } from '../orders.ts';

/**
 * The administrator's lists (docs/decisions/029-admin-lists.md): a page size among a few choices, one sortable
 * column in either direction, bulk block/unblock and CSV exports. Only the listed columns sort; anything else is a 400.
 */
export const ADMIN_PAGE_SIZE_CHOICES = [6, 25, 50, 100] as const;
export type AdminPageSize = (typeof ADMIN_PAGE_SIZE_CHOICES)[number];
export const DEFAULT_ADMIN_PAGE_SIZE: AdminPageSize = 6;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Sortable columns of each list; the first is the default, newest first. */
export const PRODUCT_SORTS = ['createdAt', 'name', 'category', 'price', 'quantity'] as const;
export const USER_SORTS = ['createdAt', 'name', 'email'] as const;
export const ORDER_SORTS = ['createdAt', 'orderId', 'customer', 'total'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export type UserSort = (typeof USER_SORTS)[number];
export type OrderSort = (typeof ORDER_SORTS)[number];
export const CATEGORY_SORTS = ['createdAt', 'name'] as const;
export const COUPON_SORTS = ['createdAt', 'code', 'discount', 'activation', 'expiry', 'uses'] as const;
export const OFFER_SORTS = ['createdAt', 'name', 'discount', 'activation', 'expiry'] as const;
/** The wallets list shows ledger rows: when, whose and how much (credits above debits). */
export const WALLET_SORTS = ['createdAt', 'customer', 'amount'] as const;
export type CategorySort = (typeof CATEGORY_SORTS)[number];
export type CouponSort = (typeof COUPON_SORTS)[number];
export type OfferSort = (typeof OFFER_SORTS)[number];
export type WalletSort = (typeof WALLET_SORTS)[number];

/** The most rows one bulk action may name: the largest page. */
export const BULK_MAX_IDS = 100;

export function isAdminPageSize(value: number): value is AdminPageSize {
  return (ADMIN_PAGE_SIZE_CHOICES as readonly number[]).includes(value);
}

const keyword = z.string().trim().max(100).optional();
const page = z.coerce.number().int().min(1).max(100000).default(1);
const limit = z.coerce
  .number({ error: M.pageSizeInvalid })
  .refine(isAdminPageSize, { error: M.pageSizeInvalid })
  .default(DEFAULT_ADMIN_PAGE_SIZE);
const dir = z.enum(SORT_DIRECTIONS, { error: M.directionInvalid }).default('desc');
const sortOf = <T extends readonly [string, ...string[]]>(columns: T) =>
  z.enum(columns, { error: M.sortInvalid }).default(columns[0] as T[number]);

export const adminProductListQuery = z.strictObject({
  keyword,
  page,
  limit,
  sort: sortOf(PRODUCT_SORTS),
  dir,
});
export const adminProductExportQuery = adminProductListQuery.omit({ page: true, limit: true });

export const adminUserListQuery = z.strictObject({ keyword, page, limit, sort: sortOf(USER_SORTS), dir });
export const adminCategoryListQuery = z.strictObject({ keyword, page, limit, sort: sortOf(CATEGORY_SORTS), dir });
export const adminCouponListQuery = z.strictObject({ keyword, page, limit, sort: sortOf(COUPON_SORTS), dir });
export const adminOfferListQuery = z.strictObject({ keyword, page, limit, sort: sortOf(OFFER_SORTS), dir });
export const adminWalletListQuery = z.strictObject({ keyword, page, limit, sort: sortOf(WALLET_SORTS), dir });

const itemStatus = z
  .enum(ITEM_STATUSES)
  .optional()
  .or(z.literal('').transform(() => undefined));
export const adminOrderListQuery = z.strictObject({
  searchTerm: keyword,
  status: itemStatus,
  page,
  limit,
  sort: sortOf(ORDER_SORTS),
  dir,
});
export const adminOrderExportQuery = adminOrderListQuery.omit({ page: true, limit: true });

export type AdminProductListQuery = z.infer<typeof adminProductListQuery>;
export type AdminProductExportQuery = z.infer<typeof adminProductExportQuery>;
export type AdminUserListQuery = z.infer<typeof adminUserListQuery>;
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuery>;
export type AdminCategoryListQuery = z.infer<typeof adminCategoryListQuery>;
export type AdminCouponListQuery = z.infer<typeof adminCouponListQuery>;
export type AdminOfferListQuery = z.infer<typeof adminOfferListQuery>;
export type AdminWalletListQuery = z.infer<typeof adminWalletListQuery>;
export type AdminOrderExportQuery = z.infer<typeof adminOrderExportQuery>;

/** Block or unblock the rows named, in one go; rows already in that state are left as they are. */
export const bulkBlockSchema = z
  .strictObject({
    ids: z
      .array(z.uuid({ error: M.idInvalid }), { error: M.idsRequired })
      .min(1, { error: M.idsRequired })
      .max(BULK_MAX_IDS, { error: M.tooManyIds }),
    action: z.enum(['block', 'unblock'], { error: M.actionInvalid }),
  })
  .meta({ examples: [{ ids: ['6f1c2b9e-3d4a-4b5c-8d7e-9f0a1b2c3d4e'], action: 'block' }] });
export type BulkBlockInput = z.infer<typeof bulkBlockSchema>;

/** How many rows the bulk action changed, and the message to show. */
export const bulkBlockAnswer = z
  .object({ message: z.string(), changed: z.int().nonnegative() })
  .meta({ examples: [{ message: '3 products blocked', changed: 3 }] });
export type BulkBlockAnswer = z.infer<typeof bulkBlockAnswer>;

/** A list exported as CSV (streamed; UTF-8 with a byte order mark). */
export const csvFileAnswer = {
  description: 'The list as a CSV file (an attachment named products.csv or orders.csv)',
  content: { 'text/csv': { schema: z.string().meta({ format: 'binary' }) } },
};
