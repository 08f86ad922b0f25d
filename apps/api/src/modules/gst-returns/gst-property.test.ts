import type { OrderDto } from '@bagshop/shared/order-types';
import type { GstSummaryDto } from '@bagshop/shared/schemas/gst';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Buyer,
  buyerGstin,
  type CartLine,
  createBuyer,
  createCoupon,
  creditNoteAt,
  type Figures,
  figuresOf,
  fivePercent,
  gstr1Problems,
  IST_MS,
  invoiceAt,
  istDate,
  istMonth,
  itemsFigures,
  minus,
  NO_FIGURES,
  orderDesk,
  orderOf,
  placeOrder,
  plus,
  readWorkbook,
  registerRowFigures,
  SELLER_GSTIN,
  type SheetRow,
  STATE_CODES,
  sumFigures,
  summaryFigures,
  type TestState,
  taxableInside,
  toPaise,
} from '../../../test/gst-orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { type Invoice, loadInvoice } from '../orders/invoice.ts';

/**
 * Random months of sales through the real checkout, order desk and couriers' moves: intra- and inter-state, business
 * buyers and shoppers, large inter-state orders, offers, coupons, the delivery charge, wallet and cash on delivery,
 * cancellations, refusals and returns. Each run's invoices and credit notes are then placed in a random month, often
 * minutes before or after midnight India time at its ends. Every invoice must add up to the paisa with the tax on
 * what is paid, and every return the shop answers must add up to the registers, fit the portal's schema and put each
 * document in the month of its date and the table the law gives it.
 *
 * The documents keep the numbers of the financial year they were issued in (today's): the return reads dates, not
 * numbers, and moving the dates is how a test reaches months before and after the rule changes (B2C (Large) from
 * ₹2,50,000 to ₹1,00,000 on 1 August 2024; the HSN summary split from May 2025).
 */

const SEED = 20_261_202;
const RUNS = 4;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Rule 59(4) as amended by notification 12/2024-CT: B2C (Large) is an inter-state invoice worth more than this. */
const B2CL_FROM_AUG_2024 = 1_00_000_00;
const B2CL_BEFORE = 2_50_000_00;
const AUG_2024 = Date.parse('2024-08-01T00:00:00+05:30');
const b2clLimit = (at: Date) => (at.getTime() >= AUG_2024 ? B2CL_FROM_AUG_2024 : B2CL_BEFORE);

let t: TestApp;
let admin: TestUser;
let desk: ReturnType<typeof orderDesk>;
const couponCodes: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ SELLER_GSTIN });
  admin = await createUser(t, { isAdmin: true });
  desk = orderDesk(t, admin);
  for (const [percent, maxPaise] of [
    [10, 10_000],
    [15, 2_00_000],
    [7, 5_000],
  ]) {
    couponCodes.push(await createCoupon(t, percent, maxPaise));
  }
});
afterAll(() => t.close());

// ---- what happens to an order ----

/**
 * keep: shipped and delivered; cancelEarly: cancelled before anything ships (cash on delivery: never invoiced);
 * cancelLate: cancelled after another item shipped; refuse: shipped and refused at the door; return: delivered and
 * returned.
 */
type Fate = 'keep' | 'cancelEarly' | 'cancelLate' | 'refuse' | 'return';
const fate = fc.constantFrom<Fate>('keep', 'keep', 'cancelEarly', 'cancelLate', 'refuse', 'return');

type Size = 'small' | 'medium' | 'large';
const line = (price: [number, number], qty: [number, number]) =>
  fc.record({
    pricePaise: fc.integer({ min: price[0], max: price[1] }),
    offerPercent: fc.constantFrom(0, 0, 5, 12, 25),
    qty: fc.integer({ min: qty[0], max: qty[1] }),
    fate,
  });
const LINES: Record<Size, fc.Arbitrary<(CartLine & { fate: Fate })[]>> = {
  // At most ₹600 of bags, under ₹700 with tax: the ₹50 delivery charge is paid, and cash on delivery is allowed.
  small: fc.array(line([10_000, 30_000], [1, 1]), { minLength: 1, maxLength: 2 }),
  medium: fc.array(line([50_000, 3_00_000], [1, 3]), { minLength: 1, maxLength: 3 }),
  // Several dear lines of up to 5 units each (the most a line takes): often over ₹1,00,000, sometimes ₹2,50,000.
  large: fc.array(line([8_00_000, 25_00_000], [1, 5]), { minLength: 2, maxLength: 3 }),
};

/** When the invoice is dated, inside the run's month or just after it, often at a month end's midnight. */
const when = fc.record({
  day: fc.constantFrom('first', 'last', 'last', 'any', 'nextFirst'),
  anyDay: fc.integer({ min: 0, max: 27 }),
  time: fc.constantFrom('early', 'late', 'any'),
  minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
  edge: fc.integer({ min: 0, max: 19 }),
  second: fc.integer({ min: 0, max: 59 }),
});

/** Minutes from one document to the next credit note: across a midnight, some hours, or weeks later. */
const delay = fc.oneof(
  fc.integer({ min: 1, max: 30 }),
  fc.integer({ min: 1, max: 48 }).map((h) => h * 60),
  fc.integer({ min: 1, max: 25 }).map((d) => d * 24 * 60),
);

const orderPlan = fc.constantFrom<Size>('small', 'small', 'medium', 'large').chain((size) =>
  fc.record({
    size: fc.constant(size),
    lines: LINES[size],
    state: fc.constantFrom<TestState>('Karnataka', 'Karnataka', 'Maharashtra', 'Kerala', 'Tamil Nadu'),
    registered: fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    pan: fc.constantFrom('AAPFU0939F', 'AABCT3518Q', 'AAACR5055K'),
    coupon: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
    cod: fc.boolean(),
    when,
    delays: fc.array(delay, { minLength: 3, maxLength: 3 }),
  }),
);
type OrderPlan = typeof orderPlan extends fc.Arbitrary<infer T> ? T : never;

/** A month: the ones where the rules change, a leap February, or any from 2024 to 2027. */
const month = fc.oneof(
  fc.constantFrom('2024-07', '2024-08', '2025-04', '2025-05', '2024-02', '2027-03', '2026-12'),
  fc
    .record({ year: fc.integer({ min: 2024, max: 2027 }), month: fc.integer({ min: 1, max: 12 }) })
    .map(({ year, month }) => `${year}-${String(month).padStart(2, '0')}`),
);

const monthStart = (period: string) => {
  const [year, month] = period.split('-').map(Number);
  return Date.UTC(year, month - 1, 1) - IST_MS;
};
const daysIn = (period: string) => {
  const [year, month] = period.split('-').map(Number);
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
};

function invoiceInstant(period: string, w: OrderPlan['when']): Date {
  const last = daysIn(period) - 1;
  const day = { first: 0, last, any: w.anyDay % (last + 1), nextFirst: last + 1 }[w.day];
  const minute = { early: w.edge, late: 24 * 60 - 20 + w.edge, any: w.minute }[w.time];
  return new Date(monthStart(period) + day * DAY_MS + minute * 60_000 + w.second * 1000);
}

const quarterOf = (period: string) => `${period.slice(0, 4)}-Q${Math.ceil(Number(period.slice(5)) / 3)}`;
const monthsOfQuarter = (quarter: string) => {
  const first = (Number(quarter.slice(6)) - 1) * 3 + 1;
  return [0, 1, 2].map((i) => `${quarter.slice(0, 4)}-${String(first + i).padStart(2, '0')}`);
};

// ---- one order through the shop ----

interface Placed {
  plan: OrderPlan;
  buyer: Buyer;
  order: OrderDto;
  invoice: Invoice;
  invoicedAt: Date;
  intraState: boolean;
  /** The items on the invoice: all but cash-on-delivery items cancelled before anything shipped. */
  invoicedItemIds: Set<string>;
  notes: { number: string; itemId: string; at: Date }[];
}

async function trade(plan: OrderPlan, period: string): Promise<Placed> {
  // Cash on delivery up to a final amount of ₹1,000: for carts of at most ₹800 of bags.
  const small = plan.lines.reduce((sum, l) => sum + l.pricePaise * l.qty, 0) <= 80_000;
  const method = plan.cod && small ? 'cod' : 'wallet';
  const fates = plan.lines.map((l) => l.fate);
  // Something must ship for a cash-on-delivery order to be invoiced (s. 31(1)(a)).
  if (method === 'cod' && !fates.some((f) => f === 'keep' || f === 'refuse' || f === 'return')) fates[0] = 'keep';
  const gstin = plan.registered ? buyerGstin(STATE_CODES[plan.state], plan.pan) : null;
  const buyer = await createBuyer(t, plan.state, gstin);
  const coupon = plan.coupon === null ? null : couponCodes[plan.coupon];
  const placed = await placeOrder(t, buyer, plan.lines, method, coupon);
  const items = placed.items.map((item, i) => ({ id: item._id, fate: fates[i] }));
  const withFate = (...wanted: Fate[]) => items.filter((i) => wanted.includes(i.fate)).map((i) => i.id);

  if (method === 'cod') {
    await desk.confirmCod(buyer, placed._id);
    for (const id of withFate('cancelEarly')) await desk.cancel(buyer, placed._id, id);
    expect((await orderOf(t, placed._id, buyer.token)).invoiceNumber).toBeNull();
  } else {
    // Paid from the wallet: invoiced at payment, so every cancellation now needs a credit note.
    expect(placed.invoiceNumber).toMatch(/^INV\//);
    for (const id of withFate('cancelEarly')) await desk.cancel(buyer, placed._id, id);
  }
  const parcel = withFate('keep', 'refuse', 'return');
  if (parcel.length > 0) await desk.ship(placed._id, parcel);
  for (const id of withFate('cancelLate')) await desk.cancel(buyer, placed._id, id);
  for (const id of withFate('refuse')) await desk.refuse(placed._id, id);
  for (const id of withFate('keep', 'return')) await desk.deliver(placed._id, id);
  for (const id of withFate('return')) await desk.return(buyer, placed._id, id);

  const order = await orderOf(t, placed._id, buyer.token);
  expect(order.invoiceNumber).toMatch(/^INV\//);
  const invoicedAt = invoiceInstant(period, plan.when);
  await invoiceAt(t, order._id, invoicedAt);
  let at = invoicedAt;
  const notes = [];
  for (const [k, note] of order.creditNotes.entries()) {
    at = new Date(at.getTime() + plan.delays[k % plan.delays.length] * 60_000);
    await creditNoteAt(t, note._id, at);
    notes.push({ number: note.number, itemId: note.itemId, at });
  }
  const invoicedItemIds = new Set(
    method === 'cod' ? items.filter((i) => i.fate !== 'cancelEarly').map((i) => i.id) : items.map((i) => i.id),
  );
  const invoice = await loadInvoice(t.database.db, { id: admin.id, isAdmin: true }, order._id, 'Karnataka');
  return {
    plan,
    buyer,
    order,
    invoice,
    invoicedAt,
    intraState: plan.state === 'Karnataka',
    invoicedItemIds,
    notes,
  };
}

// ---- what each invoice must say ----

/**
 * Each line: taxable value = price − discount (offer × qty + its coupon share, CGST Act s. 15(3)(a)); tax = 5 % of
 * the taxable value, half a paisa up; taxable + tax = amount. Σ amounts + delivery = total; the delivery charge holds
 * its taxable value and GST (s. 15(2)(c)). The PDF is served.
 */
async function expectInvoiceAddsUp(p: Placed) {
  const { invoice, order } = p;
  expect(invoice.invoiceNumber).toBe(order.invoiceNumber);
  expect(invoice.invoiceDate.getTime()).toBe(p.invoicedAt.getTime());
  expect(invoice.intraState).toBe(p.intraState);
  expect(invoice.buyerGstin).toBe(p.buyer.gstin);
  expect(new Set(invoice.lines.map((l) => l.itemId))).toEqual(p.invoicedItemIds);
  for (const l of invoice.lines) {
    const item = order.items.find((i) => i._id === l.itemId);
    if (!item) throw new Error(`no item ${l.itemId}`);
    expect(l.gstPercent).toBe(5);
    expect(l.grossPaise).toBe(toPaise(item.product.price) * item.qty);
    expect(l.discountPaise).toBe(toPaise(item.discount) * item.qty + toPaise(item.gst.couponShare));
    expect(l.taxablePaise).toBe(l.grossPaise - l.discountPaise);
    expect(l.taxPaise).toBe(fivePercent(l.taxablePaise));
    expect(l.taxablePaise + l.taxPaise).toBe(l.amountPaise);
    expect([l.taxablePaise, l.taxPaise]).toEqual([toPaise(item.gst.taxable), toPaise(item.gst.tax)]);
  }
  const sum = (pick: (l: (typeof invoice.lines)[number]) => number) =>
    invoice.lines.reduce((total, l) => total + pick(l), 0);
  expect(invoice.taxablePaise).toBe(sum((l) => l.taxablePaise));
  expect(invoice.taxPaise).toBe(sum((l) => l.taxPaise));
  expect(invoice.shippingPaise).toBe(toPaise(order.shippingPrice));
  expect(invoice.shippingTaxablePaise).toBe(taxableInside(invoice.shippingPaise));
  expect(invoice.shippingTaxablePaise + invoice.shippingTaxPaise).toBe(invoice.shippingPaise);
  expect(sum((l) => l.amountPaise) + invoice.shippingPaise).toBe(invoice.totalPaise);
  // Free delivery when the bags after offers plus their GST reach ₹700, else ₹50 (the small carts always pay it).
  const freeDelivery = toPaise(order.totalPrice) - toPaise(order.totalDiscount) + toPaise(order.tax) >= 70_000;
  expect(invoice.shippingPaise).toBe(freeDelivery ? 0 : 5_000);
  if (p.plan.size === 'small') expect(invoice.shippingPaise).toBe(5_000);
  if (p.invoicedItemIds.size === order.items.length) {
    // Every item invoiced: the invoice is the whole order, its discounts the offers and the coupon.
    expect(invoice.totalPaise).toBe(toPaise(order.finalAmount));
    expect(invoice.discountPaise).toBe(toPaise(order.totalDiscount) + toPaise(order.couponDiscount));
    expect(invoice.taxPaise).toBe(toPaise(order.tax));
  }
  const pdf = await t.request({ method: 'GET', url: `/api/orders/${order._id}/invoice`, token: p.buyer.token });
  expect(pdf.statusCode).toBe(200);
  expect(pdf.headers['content-type']).toBe('application/pdf');
}

// ---- what each return must say ----

interface MonthReturn {
  period: string;
  summary: GstSummaryDto;
  // biome-ignore lint/suspicious/noExplicitAny: the portal's JSON is checked against its schema, not a type.
  file: any;
  sales: SheetRow[];
  creditNotes: SheetRow[];
}

async function fetchReturn(period: string): Promise<MonthReturn> {
  const get = (url: string) => t.request({ method: 'GET', url, token: admin.token });
  const summaryRes = await get(`/api/admin/gst/summary?period=${period}`);
  expect(summaryRes.statusCode, summaryRes.body).toBe(200);
  const fileRes = await get(`/api/admin/gst/gstr1?period=${period}&format=json`);
  expect(fileRes.statusCode, fileRes.body).toBe(200);
  const registersRes = await get(`/api/admin/gst/registers?period=${period}&format=xlsx`);
  expect(registersRes.statusCode).toBe(200);
  const registers = await readWorkbook(registersRes.rawPayload);
  return {
    period,
    summary: summaryRes.json(),
    file: fileRes.json(),
    sales: registers.get('Sales register') ?? [],
    creditNotes: registers.get('Credit note register') ?? [],
  };
}

/** The return is whole: schema, period, seller, unique B2C (Small) rows, and every section adds up to the registers. */
function expectReturnAddsUp(r: MonthReturn) {
  const { summary, file } = r;
  const [year, mm] = r.period.split('-');
  expect(summary).toMatchObject({ period: r.period, fp: `${mm}${year}`, gstin: SELLER_GSTIN, agrees: true });
  expect(gstr1Problems(file)).toEqual([]);
  expect(file).toMatchObject({ gstin: SELLER_GSTIN, fp: `${mm}${year}` });

  const keys = (file.b2cs ?? []).map((row: { sply_ty: string; pos: string; rt: number }) =>
    [row.sply_ty, row.pos, row.rt].join('|'),
  );
  expect(new Set(keys).size).toBe(keys.length);
  for (const row of file.b2cs ?? []) {
    expect(row.sply_ty === 'INTRA').toBe(row.pos === STATE_CODES.Karnataka);
  }

  // The sections, added up here from the file itself.
  const sections: Record<string, Figures> = {
    b2b: sumFigures(
      (file.b2b ?? []).flatMap((b: { inv: { itms: never[] }[] }) => b.inv.map((i) => itemsFigures(i.itms))),
    ),
    b2cl: sumFigures(
      (file.b2cl ?? []).flatMap((b: { inv: { itms: never[] }[] }) => b.inv.map((i) => itemsFigures(i.itms))),
    ),
    b2cs: sumFigures((file.b2cs ?? []).map(figuresOf)),
    cdnr: sumFigures(
      (file.cdnr ?? []).flatMap((c: { nt: { itms: never[] }[] }) => c.nt.map((n) => itemsFigures(n.itms))),
    ),
    cdnur: sumFigures((file.cdnur ?? []).map((n: { itms: never[] }) => itemsFigures(n.itms))),
  };
  const hsnRows = [...(file.hsn?.hsn_b2b ?? []), ...(file.hsn?.hsn_b2c ?? []), ...(file.hsn?.data ?? [])];
  if (file.hsn) {
    // The HSN summary is split into registered and unregistered buyers from the May 2025 return on.
    expect('data' in file.hsn).toBe(r.period < '2025-05');
  }
  for (const [name, figures] of Object.entries(sections)) {
    const shown = summary.sections.find((s) => s.section === name);
    expect(shown && summaryFigures(shown), name).toEqual(figures);
  }
  const declared = minus(sumFigures([sections.b2b, sections.b2cl, sections.b2cs]), plus(sections.cdnr, sections.cdnur));
  // The registers, added up here from the workbook.
  const invoiced = sumFigures(r.sales.map(registerRowFigures));
  const credited = sumFigures(r.creditNotes.map(registerRowFigures));
  expect(declared).toEqual(minus(invoiced, credited));
  expect(sumFigures(hsnRows.map(figuresOf))).toEqual(declared);
  expect(summaryFigures(summary.declared)).toEqual(declared);
  expect(summaryFigures(summary.registers.net)).toEqual(declared);
  const units = (rows: SheetRow[]) => rows.reduce((n, row) => n + Number(row.Qty), 0);
  expect(hsnRows.reduce((n: number, row: { qty: number }) => n + row.qty, 0)).toBe(
    units(r.sales) - units(r.creditNotes),
  );
  expect(summary.registers.invoices.count).toBe(new Set(r.sales.map((row) => row['Invoice Number'])).size);
  expect(summary.registers.creditNotes.count).toBe(new Set(r.creditNotes.map((row) => row['Credit Note Number'])).size);
}

/** Each of the run's documents is in the return of its own date's month, in the table the law gives it. */
function expectDocumentsFiled(placed: readonly Placed[], returns: Map<string, MonthReturn>) {
  for (const p of placed) {
    const { invoice } = p;
    const value = invoice.totalPaise;
    const pos = STATE_CODES[p.plan.state];
    const large = !p.intraState && value > b2clLimit(p.invoicedAt);
    for (const [period, r] of returns) {
      const rows = r.sales.filter((row) => row['Invoice Number'] === invoice.invoiceNumber);
      const inB2b = (r.file.b2b ?? []).flatMap((b: { ctin: string; inv: { inum: string }[] }) =>
        b.inv.filter((i) => i.inum === invoice.invoiceNumber).map((i) => ({ ...i, ctin: b.ctin })),
      );
      const inB2cl = (r.file.b2cl ?? []).flatMap((b: { pos: string; inv: { inum: string }[] }) =>
        b.inv.filter((i) => i.inum === invoice.invoiceNumber).map((i) => ({ ...i, pos: b.pos })),
      );
      if (period !== istMonth(p.invoicedAt)) {
        expect(rows, `${invoice.invoiceNumber} in ${period}`).toEqual([]);
        expect(inB2b.length + inB2cl.length).toBe(0);
        continue;
      }
      // The sales register: a row per invoiced line and one for the delivery charge, adding up to the invoice.
      expect(rows).toHaveLength(invoice.lines.length + (invoice.shippingPaise > 0 ? 1 : 0));
      expect(rows.reduce((sum, row) => sum + toPaise(Number(row['Line Total'])), 0)).toBe(value);
      expect(rows.every((row) => row['Invoice Date'] === istDate(p.invoicedAt).replace(/-(\d\d)-/, monthName))).toBe(
        true,
      );
      for (const row of rows) {
        const f = registerRowFigures(row);
        if (p.intraState) {
          expect(f.igst).toBe(0);
          expect(f.cgst - f.sgst).toBeGreaterThanOrEqual(0);
          expect(f.cgst - f.sgst).toBeLessThanOrEqual(1);
        } else expect([f.cgst, f.sgst]).toEqual([0, 0]);
      }
      const delivery = rows.filter((row) => row.Description === 'Delivery charge');
      if (invoice.shippingPaise > 0) {
        const f = registerRowFigures(delivery[0]);
        expect(f.taxable).toBe(taxableInside(invoice.shippingPaise));
        expect(f.taxable + f.igst + f.cgst + f.sgst).toBe(invoice.shippingPaise);
      } else expect(delivery).toEqual([]);
      // The table: B2B for a registered buyer, B2C (Large) for a dear inter-state one, else B2C (Small).
      if (p.buyer.gstin) {
        expect(inB2b).toEqual([
          expect.objectContaining({ ctin: p.buyer.gstin, idt: istDate(p.invoicedAt), val: value / 100, pos }),
        ]);
        expect(itemsFigures(inB2b[0].itms)).toEqual(sumFigures(rows.map(registerRowFigures)));
      } else expect(inB2b).toEqual([]);
      if (!p.buyer.gstin && large) {
        expect(inB2cl).toEqual([expect.objectContaining({ pos, idt: istDate(p.invoicedAt), val: value / 100 })]);
      } else expect(inB2cl).toEqual([]);
    }

    for (const note of p.notes) {
      const line = invoice.lines.find((l) => l.itemId === note.itemId);
      if (!line) throw new Error(`credit note ${note.number} for an item not invoiced`);
      for (const [period, r] of returns) {
        const rows = r.creditNotes.filter((row) => row['Credit Note Number'] === note.number);
        const inCdnr = (r.file.cdnr ?? []).flatMap((c: { ctin: string; nt: { nt_num: string }[] }) =>
          c.nt.filter((n) => n.nt_num === note.number).map((n) => ({ ...n, ctin: c.ctin })),
        );
        const inCdnur = (r.file.cdnur ?? []).filter((n: { nt_num: string }) => n.nt_num === note.number);
        if (period !== istMonth(note.at)) {
          expect(rows, `${note.number} in ${period}`).toEqual([]);
          expect(inCdnr.length + inCdnur.length).toBe(0);
          continue;
        }
        // The note reverses the item's invoice line, and the delivery charge when it went back with the last item.
        expect(rows.length).toBeGreaterThanOrEqual(1);
        expect(rows.length).toBeLessThanOrEqual(2);
        expect(toPaise(Number(rows[0]['Line Total']))).toBe(line.amountPaise);
        expect(registerRowFigures(rows[0]).taxable).toBe(line.taxablePaise);
        if (rows.length === 2) {
          expect(rows[1].Description).toBe('Delivery charge');
          expect(toPaise(Number(rows[1]['Line Total']))).toBe(invoice.shippingPaise);
        }
        expect(rows.every((row) => row['Invoice Number'] === invoice.invoiceNumber)).toBe(true);
        if (p.buyer.gstin) {
          expect(inCdnr).toEqual([expect.objectContaining({ ctin: p.buyer.gstin, nt_dt: istDate(note.at), pos })]);
        } else expect(inCdnr).toEqual([]);
        if (!p.buyer.gstin && large) {
          expect(inCdnur).toEqual([expect.objectContaining({ typ: 'B2CL', nt_dt: istDate(note.at), pos })]);
        } else expect(inCdnur).toEqual([]);
      }
    }
  }
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '-10-' → '-Oct-', the date form of the offline tool's sheets. */
const monthName = (_: string, mm: string) => `-${MONTH_NAMES[Number(mm) - 1]}-`;

describe('GSTR-1 over random months of sales', () => {
  it('adds every invoice up to the paisa with GST on what is paid (s. 15(3)(a), s. 15(2)(c)) and every return up to its registers, each document in its month and table', async () => {
    const tally = { orders: 0, notes: 0, b2b: 0, b2cl: 0, cdnr: 0, cdnur: 0, cod: 0, shipping: 0, acrossMidnight: 0 };
    await fc.assert(
      fc.asyncProperty(month, fc.array(orderPlan, { minLength: 7, maxLength: 9 }), async (period, plans) => {
        const placed: Placed[] = [];
        for (const plan of plans) placed.push(await trade(plan, period));
        for (const p of placed) await expectInvoiceAddsUp(p);

        const periods = new Set<string>();
        for (const p of placed) {
          periods.add(istMonth(p.invoicedAt));
          for (const note of p.notes) periods.add(istMonth(note.at));
        }
        const returns = new Map<string, MonthReturn>();
        for (const m of [...periods].sort()) returns.set(m, await fetchReturn(m));
        for (const r of returns.values()) expectReturnAddsUp(r);
        expectDocumentsFiled(placed, returns);

        // Every invoiced item given back: the credit notes reverse the whole invoice, delivery included.
        for (const p of placed) {
          if (p.notes.length !== p.invoicedItemIds.size) continue;
          const noted = p.notes.flatMap((n) =>
            (returns.get(istMonth(n.at))?.creditNotes ?? []).filter((row) => row['Credit Note Number'] === n.number),
          );
          expect(noted.reduce((sum, row) => sum + toPaise(Number(row['Line Total'])), 0)).toBe(p.invoice.totalPaise);
        }

        // A quarter is its three months.
        const quarter = quarterOf(period);
        const get = async (q: string) =>
          (await t.request({ method: 'GET', url: `/api/admin/gst/summary?period=${q}`, token: admin.token })).json();
        const whole = (await get(quarter)) as GstSummaryDto;
        const months = (await Promise.all(monthsOfQuarter(quarter).map(get))) as GstSummaryDto[];
        expect(whole.agrees).toBe(true);
        expect(whole.registers.invoices.count).toBe(months.reduce((n, m) => n + m.registers.invoices.count, 0));
        expect(whole.registers.creditNotes.count).toBe(months.reduce((n, m) => n + m.registers.creditNotes.count, 0));
        expect(summaryFigures(whole.registers.net)).toEqual(
          months.map((m) => summaryFigures(m.registers.net)).reduce(plus, NO_FIGURES),
        );

        tally.orders += placed.length;
        for (const p of placed) {
          tally.notes += p.notes.length;
          if (p.buyer.gstin) {
            tally.b2b += 1;
            tally.cdnr += p.notes.length;
          } else if (!p.intraState && p.invoice.totalPaise > b2clLimit(p.invoicedAt)) {
            tally.b2cl += 1;
            tally.cdnur += p.notes.length;
          }
          if (p.order.paymentMethod === 'cod') tally.cod += 1;
          if (p.invoice.shippingPaise > 0) tally.shipping += 1;
          const dated = [p.invoicedAt, ...p.notes.map((n) => n.at)];
          if (dated.some((d) => Math.abs(((d.getTime() + IST_MS) % DAY_MS) - DAY_MS / 2) > DAY_MS / 2 - 20 * 60_000)) {
            tally.acrossMidnight += 1;
          }
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    // The seed's runs reach every kind of supply and document the test is about.
    expect(tally.orders).toBeGreaterThanOrEqual(RUNS * 7);
    for (const [kind, count] of Object.entries(tally)) expect(count, kind).toBeGreaterThan(0);
  }, 300_000);
});
