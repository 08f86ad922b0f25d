import crypto from 'node:crypto';
import { gstinCheckCharacter, isValidGstin } from '@bagshop/shared/gst/gstin';
import type { OrderDto } from '@bagshop/shared/order-types';
import { asPaise } from '@bagshop/shared/pricing/money';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { expect } from 'vitest';
import gstr1Schema from '../../../packages/shared/src/gst/gstr1.schema.json';
import { coupons } from '../src/db/schema/coupons.ts';
import { creditNotes } from '../src/db/schema/invoices.ts';
import { orders } from '../src/db/schema/orders.ts';
import { addresses } from '../src/db/schema/users.ts';
import { createShopper, fundWallet, putInCart, type Shopper } from '../src/modules/orders/order-fixtures.ts';
import { createOffer, createProduct } from './catalogue.ts';
import { shipItems } from './shipments.ts';
import type { TestApp } from './test-app.ts';
import type { TestUser } from './users.ts';

/**
 * Test support for the GST return tests: orders placed through the real checkout (offers, coupons, wallet or cash on
 * delivery, a business buyer's GSTIN), moved through the order desk, their documents placed at chosen instants, and
 * the return's downloads read back (the portal's JSON against its schema, workbooks with exceljs, ZIPs with fflate).
 */

export const IST_MS = 330 * 60 * 1000;

/** The GST state codes of the states these tests deliver to, written out here rather than read from the shop. */
export const STATE_CODES = {
  Karnataka: '29',
  Maharashtra: '27',
  Kerala: '32',
  'Tamil Nadu': '33',
  Delhi: '07',
} as const;
export type TestState = keyof typeof STATE_CODES;

/** A GSTIN registered in the state with the given code, on a made-up PAN, with its real check character. */
export function buyerGstin(stateCode: string, pan = 'AAPFU0939F'): string {
  const first14 = `${stateCode}${pan}1Z`;
  const gstin = first14 + gstinCheckCharacter(first14);
  if (!isValidGstin(gstin)) throw new Error(`${gstin} is not a GSTIN`);
  return gstin;
}

/** The seller's GSTIN in these tests: Karnataka, with its right check character. */
export const SELLER_GSTIN = buyerGstin('29', 'ABCDE1234F');

/** An instant given as India time: ist('2026-10-31 23:50'). */
export const ist = (text: string) => new Date(`${text.replace(' ', 'T')}:00+05:30`);

/** The GST month (India time) of an instant, 'YYYY-MM', worked out here without the shop's code. */
export function istMonth(at: Date): string {
  return new Date(at.getTime() + IST_MS).toISOString().slice(0, 7);
}

/** 'dd-mm-yyyy' of an instant in India time, as the portal writes dates. */
export function istDate(at: Date): string {
  return new Date(at.getTime() + IST_MS).toISOString().slice(0, 10).split('-').reverse().join('-');
}

/** 5 % of a taxable value in paise, half a paisa rounded up (integer arithmetic only). */
export const fivePercent = (taxablePaise: number) => Math.floor((taxablePaise * 5 + 50) / 100);

/** The taxable value inside a delivery charge that includes 5 % GST, to the nearest paisa. */
export const taxableInside = (paise: number) => Math.round((paise * 100) / 105);

export const toPaise = (rupees: number) => Math.round(rupees * 100);

export interface CartLine {
  pricePaise: number;
  /** 0 for none; an offer of that percent is put on the product. */
  offerPercent: number;
  qty: number;
}

export interface Buyer extends Shopper {
  state: TestState;
  gstin: string | null;
}

/**
 * A shopper with a delivery address in `state`; with a GSTIN, a registered business. The GSTIN is written on the
 * address row here: it stands in for the address form, which is being wired for it elsewhere.
 */
export async function createBuyer(t: TestApp, state: TestState, gstin: string | null = null): Promise<Buyer> {
  const shopper = await createShopper(t, state);
  if (gstin) await t.database.db.update(addresses).set({ gstin }).where(eq(addresses.id, shopper.addressId));
  await fundWallet(t, shopper.id, 100_000_000);
  return { ...shopper, state, gstin };
}

/** A live coupon anyone may use many times (its code is the name shoppers type), from `minAmountPaise` on. */
export async function createCoupon(
  t: TestApp,
  discount: number,
  maxAmountPaise: number,
  minAmountPaise = 0,
): Promise<string> {
  const code = `GST${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
  await t.database.db.insert(coupons).values({
    code,
    name: code,
    description: 'Off every bag',
    activation: new Date(Date.now() - 86_400_000),
    expiry: new Date(Date.now() + 30 * 86_400_000),
    discount,
    minAmountPaise: asPaise(minAmountPaise),
    maxAmountPaise: asPaise(maxAmountPaise),
    usageLimit: 100_000,
  });
  return code;
}

/** Offers by percent, made once per test app and put on the products that ask for them. */
const offerIds = new WeakMap<TestApp, Map<number, string>>();
async function offerId(t: TestApp, percent: number): Promise<string> {
  const known = offerIds.get(t) ?? new Map<number, string>();
  offerIds.set(t, known);
  const id = known.get(percent) ?? (await createOffer(t, { discount: percent })).id;
  known.set(percent, id);
  return id;
}

/**
 * Puts new bags in the buyer's cart (with offers, and the coupon when given) and places the order through the API.
 * A buyer's GSTIN reaches the order's address as the address form will bring it: where the snapshot lacks it, it is
 * written on the order's `shipping_address` here, standing in for that form.
 */
export async function placeOrder(
  t: TestApp,
  buyer: Buyer,
  lines: readonly CartLine[],
  paymentMethod: 'wallet' | 'cod',
  couponCode?: string | null,
): Promise<OrderDto> {
  const cart = [];
  for (const line of lines) {
    const offer = line.offerPercent > 0 ? await offerId(t, line.offerPercent) : null;
    const bag = await createProduct(t, { pricePaise: line.pricePaise, quantity: 20, offerId: offer });
    cart.push({ productId: bag.id, qty: line.qty });
  }
  await putInCart(t, buyer.id, cart);
  if (couponCode) {
    const applied = await t.request({
      method: 'POST',
      url: '/api/user/applyCoupon',
      token: buyer.token,
      payload: { code: couponCode },
    });
    expect(applied.statusCode, applied.body).toBe(200);
  }
  const res = await t.request({
    method: 'POST',
    url: '/api/orders',
    token: buyer.token,
    payload: { addressId: buyer.addressId, paymentMethod },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json().order as OrderDto;
  if (buyer.gstin) {
    const [row] = await t.database.db
      .select({ address: orders.shippingAddress })
      .from(orders)
      .where(eq(orders.id, order._id));
    if (!row.address.gstin) {
      await t.database.db
        .update(orders)
        .set({ shippingAddress: sql`${orders.shippingAddress} || jsonb_build_object('gstin', ${buyer.gstin}::text)` })
        .where(eq(orders.id, order._id));
    }
  }
  return order;
}

/** The order desk and the shopper moving items, each through its route. */
export function orderDesk(t: TestApp, admin: TestUser) {
  const send = async (token: string, method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await t.request({ method, url, token, payload });
    expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  };
  const move = (orderId: string, itemId: string, status: string) =>
    send(admin.token, 'PUT', '/api/orders/save-item-status', { id: orderId, item: itemId, status });
  return {
    /** The shopper confirms a cash-on-delivery order, which may then ship. */
    confirmCod: (buyer: Buyer, orderId: string) => send(buyer.token, 'POST', '/api/orders/confirm-cod', { orderId }),
    /** The administrator books a parcel with these items (the manual courier), which ships them. */
    ship: (orderId: string, itemIds: readonly string[]) => shipItems(t, admin.token, orderId, itemIds),
    deliver: (orderId: string, itemId: string) => move(orderId, itemId, 'Delivered'),
    /** The parcel came back undelivered (refused at the door). */
    refuse: (orderId: string, itemId: string) => move(orderId, itemId, 'Returned to seller'),
    cancel: (buyer: Buyer, orderId: string, itemId: string) =>
      send(buyer.token, 'PUT', '/api/orders/cancel', { orderId, item: itemId, cancelReason: 'Ordered the wrong one' }),
    /** The shopper asks to return a delivered item and the desk takes it back. */
    async return(buyer: Buyer, orderId: string, itemId: string) {
      await send(buyer.token, 'POST', '/api/orders/return-request', {
        orderId,
        item: itemId,
        returnReason: 'The zip sticks',
      });
      await move(orderId, itemId, 'Returned');
    },
  };
}

export async function orderOf(t: TestApp, orderId: string, token: string): Promise<OrderDto> {
  const res = await t.request({ method: 'GET', url: `/api/orders/${orderId}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order as OrderDto;
}

/**
 * Places an invoice at an instant: the return reads each document's own date, so moving `invoiced_at` is how a test
 * puts an invoice in a chosen month (its number keeps the financial year it was issued in).
 */
export async function invoiceAt(t: TestApp, orderId: string, at: Date): Promise<void> {
  const moved = await t.database.db
    .update(orders)
    .set({ invoicedAt: at })
    .where(eq(orders.id, orderId))
    .returning({ number: orders.invoiceNumber });
  expect(moved[0]?.number, `order ${orderId} has no invoice`).toBeTruthy();
}

/** Places a credit note at an instant (see invoiceAt). */
export async function creditNoteAt(t: TestApp, noteId: string, at: Date): Promise<void> {
  const moved = await t.database.db
    .update(creditNotes)
    .set({ issuedAt: at })
    .where(eq(creditNotes.id, noteId))
    .returning({ id: creditNotes.id });
  expect(moved).toHaveLength(1);
}

// ---- the return's downloads ----

const ajv = new Ajv2020({ allErrors: true });
addFormats(ajv);
const validateGstr1 = ajv.compile(gstr1Schema);

/** What the GSTR-1 JSON Schema finds wrong with a file, and any amount with more than two decimals. */
export function gstr1Problems(file: unknown): string[] {
  const problems = validateGstr1(file) ? [] : (validateGstr1.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  const AMOUNTS = new Set(['val', 'txval', 'iamt', 'camt', 'samt', 'csamt']);
  const walk = (value: unknown, at: string) => {
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(v, `${at}/${i}`);
    } else if (value && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) {
        if (AMOUNTS.has(key) && typeof v === 'number' && Math.abs(v * 100 - Math.round(v * 100)) > 1e-6) {
          problems.push(`${at}/${key} ${v} has more than two decimals`);
        }
        walk(v, `${at}/${key}`);
      }
    }
  };
  walk(file, '');
  return problems;
}

/** A sheet's rows as objects keyed by its header row; money cells stay numbers, empty cells are ''. */
export type SheetRow = Record<string, string | number>;

export async function readWorkbook(file: Buffer): Promise<Map<string, SheetRow[]>> {
  expect(file.subarray(0, 2).toString()).toBe('PK');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheets = new Map<string, SheetRow[]>();
  for (const worksheet of workbook.worksheets) {
    const cells = (n: number) => (worksheet.getRow(n).values as ExcelJS.CellValue[]).slice(1);
    const header = cells(1).map(String);
    const rows: SheetRow[] = [];
    for (let n = 2; n <= worksheet.rowCount; n++) {
      const values = cells(n);
      rows.push(
        Object.fromEntries(header.map((h, i) => [h, (values[i] ?? '') as string | number])) as Record<
          string,
          string | number
        >,
      );
    }
    sheets.set(worksheet.name, rows);
  }
  return sheets;
}

/** RFC 4180 records of a CSV text (after its byte order mark). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || record.length > 0) records.push([...record, field]);
  return records;
}

/** The CSV files of a ZIP, by file name, in the ZIP's order. */
export function readZip(file: Buffer): Map<string, string[][]> {
  const files = unzipSync(new Uint8Array(file));
  return new Map(Object.entries(files).map(([name, bytes]) => [name, parseCsv(strFromU8(bytes))]));
}

export interface Figures {
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
}

export const NO_FIGURES: Figures = { taxable: 0, igst: 0, cgst: 0, sgst: 0 };

export const plus = (a: Figures, b: Figures): Figures => ({
  taxable: a.taxable + b.taxable,
  igst: a.igst + b.igst,
  cgst: a.cgst + b.cgst,
  sgst: a.sgst + b.sgst,
});

export const minus = (a: Figures, b: Figures): Figures => ({
  taxable: a.taxable - b.taxable,
  igst: a.igst - b.igst,
  cgst: a.cgst - b.cgst,
  sgst: a.sgst - b.sgst,
});

/** Figures in paise of a return's or a summary's rupee amounts. */
export const figuresOf = (row: { txval?: number; taxable?: number; iamt?: number; camt?: number; samt?: number }) =>
  ({
    taxable: toPaise(row.txval ?? row.taxable ?? 0),
    igst: toPaise(row.iamt ?? 0),
    cgst: toPaise(row.camt ?? 0),
    sgst: toPaise(row.samt ?? 0),
  }) satisfies Figures;

/** Figures in paise of a summary entry ({ taxable, igst, cgst, sgst } in rupees). */
export const summaryFigures = (entry: { taxable: number; igst: number; cgst: number; sgst: number }): Figures => ({
  taxable: toPaise(entry.taxable),
  igst: toPaise(entry.igst),
  cgst: toPaise(entry.cgst),
  sgst: toPaise(entry.sgst),
});

/** Figures in paise of a register sheet's row. */
export const registerRowFigures = (row: SheetRow): Figures => ({
  taxable: toPaise(Number(row['Taxable Value'])),
  igst: toPaise(Number(row.IGST)),
  cgst: toPaise(Number(row.CGST)),
  sgst: toPaise(Number(row.SGST)),
});

/** A line's tax split as the law has it: IGST outside the seller's state, else CGST + SGST (the odd paisa to CGST). */
export function lineFigures(taxablePaise: number, taxPaise: number, intraState: boolean): Figures {
  if (!intraState) return { taxable: taxablePaise, igst: taxPaise, cgst: 0, sgst: 0 };
  const cgst = Math.ceil(taxPaise / 2);
  return { taxable: taxablePaise, igst: 0, cgst, sgst: taxPaise - cgst };
}

export const sumFigures = (list: readonly Figures[]) => list.reduce(plus, NO_FIGURES);

/** The figures of a GSTR-1 document's items (invoice or note). */
export const itemsFigures = (
  itms: readonly { itm_det: { txval: number; iamt?: number; camt?: number; samt?: number } }[],
) => sumFigures(itms.map((i) => figuresOf(i.itm_det)));
