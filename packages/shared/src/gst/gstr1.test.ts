import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asPaise } from '../pricing/money.ts';
import { gstinProblem } from './gstin.ts';
import golden from './gstr1.golden.json';
import schema from './gstr1.schema.json';
import { buildGstr1, type Gstr1Item, type Gstr1Return } from './gstr1.ts';
import { FIXTURE_REGISTERS } from './gstr1-fixture.ts';
import type { GstRegisters, RegisterCreditNote, RegisterInvoice, RegisterLine, SupplyType } from './registers.ts';

const ajv = new Ajv2020({ allErrors: true });
addFormats(ajv);
const validate = ajv.compile(schema);

function schemaErrors(value: unknown): string[] {
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

const SELLER_GSTIN = '29ABCDE1234F1ZW';
const SELLER_STATE = '29';
const IST_MS = 330 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const AUG_2024 = Date.parse('2024-08-01T00:00:00+05:30');

/** The India-time day of an instant, worked out here without the code under test. */
const istDay = (moment: Date) => new Date(moment.getTime() + IST_MS).toISOString().slice(0, 10);
const ddmmyyyy = (moment: Date) => istDay(moment).split('-').reverse().join('-');

/** The expected table of an invoice or of the invoice a note reduces: the law, written out again. */
function expectedTable(gstin: string | null, supplyType: SupplyType, valuePaise: number, issuedAt: Date) {
  if (gstin !== null) return 'registered';
  const limit = issuedAt.getTime() >= AUG_2024 ? 10_000_000 : 25_000_000;
  return supplyType === 'INTER' && valuePaise > limit ? 'large' : 'small';
}

// ---- generators ----

const PERIODS = ['2024-07', '2024-08', '2024-Q3', '2025-04', '2025-05', '2026-11', '2027-Q1'] as const;
const STATES = [SELLER_STATE, SELLER_STATE, '27', '33', '07', '97'] as const;
const BUYER_GSTINS = ['27AAACM1234C1Z4', '29AAGCB7383J1Z4', '33AAFCT5678K1ZU', '07AABCD1111E1ZI'] as const;
const RATES = [5, 5, 12, 18, 0, 28] as const;

/** The period's India-time bounds and the offsets (days) of its month ends. */
function periodBounds(period: string) {
  const year = Number(period.slice(0, 4));
  const months = period.includes('Q')
    ? [0, 1, 2].map((i) => (Number(period.slice(6)) - 1) * 3 + 1 + i)
    : [Number(period.slice(5))];
  const start = Date.UTC(year, months[0] - 1, 1) - IST_MS;
  const end = Date.UTC(year, months.at(-1) as number, 1) - IST_MS;
  const monthEnds = months.map((m) => (Date.UTC(year, m, 1) - IST_MS - start) / DAY_MS - 1);
  return { start, days: (end - start) / DAY_MS, monthEnds };
}

/** An instant inside the period, often on the first or last second of a day at a month's end. */
function instantIn(period: string) {
  const { start, days, monthEnds } = periodBounds(period);
  const day = fc.oneof(fc.constantFrom(0, ...monthEnds, ...monthEnds.map((d) => d + 1).filter((d) => d < days)), {
    arbitrary: fc.integer({ min: 0, max: days - 1 }),
    weight: 2,
  });
  const second = fc.oneof(fc.constantFrom(0, 1, 86_399, 86_340, 19 * 3600), fc.integer({ min: 0, max: 86_399 }));
  return fc.tuple(day, second).map(([d, s]) => new Date(start + d * DAY_MS + s * 1000));
}

/** A value near the B2C (Large) limits, or anything. */
const value = fc.oneof(
  fc.constantFrom(10_000_000, 10_000_001, 9_999_999, 25_000_000, 25_000_001, 24_999_999),
  fc.integer({ min: 1, max: 60_000_000 }),
);

function registerLine(supplyType: SupplyType) {
  return fc
    .record({
      shipping: fc.boolean(),
      qty: fc.integer({ min: 1, max: 9 }),
      rate: fc.constantFrom(...RATES),
      taxable: fc.integer({ min: 1, max: 20_000_000 }),
    })
    .map(({ shipping, qty, rate, taxable }): RegisterLine => {
      const tax = Math.round((taxable * rate) / 100);
      const sgst = supplyType === 'INTER' ? 0 : Math.floor(tax / 2);
      return {
        description: shipping ? 'Shipping' : 'Trail Pack (Green)',
        hsn: '4202',
        qty: shipping ? 0 : qty,
        gstPercent: rate,
        taxablePaise: asPaise(taxable),
        igstPaise: asPaise(supplyType === 'INTER' ? tax : 0),
        cgstPaise: asPaise(supplyType === 'INTER' ? 0 : tax - sgst),
        sgstPaise: asPaise(sgst),
      };
    });
}

const party = fc
  .record({ pos: fc.constantFrom(...STATES), gstin: fc.option(fc.constantFrom(...BUYER_GSTINS), { nil: null }) })
  .map(({ pos, gstin }) => ({
    buyerName: gstin ? 'Mumbai Travel House Pvt Ltd' : 'Asha Rao',
    buyerGstin: gstin,
    placeOfSupply: pos,
    supplyType: (pos === SELLER_STATE ? 'INTRA' : 'INTER') as SupplyType,
  }));

function document(period: string) {
  return party.chain((p) =>
    fc.record({
      party: fc.constant(p),
      issuedAt: instantIn(period),
      value,
      lines: fc.array(registerLine(p.supplyType), { minLength: 1, maxLength: 4 }),
    }),
  );
}

/** Consecutive numbers with the odd gap. */
function numbers(prefix: string, count: number, gaps: boolean[]) {
  let serial = 40;
  return Array.from({ length: count }, (_, i) => {
    serial += gaps[i] ? 3 : 1;
    return `${prefix}${String(serial).padStart(6, '0')}`;
  });
}

/** When the reduced invoice was issued: before, on or after 1 August 2024, or in the period itself. */
function invoiceDate(period: string) {
  return fc.oneof(
    fc.constantFrom(new Date(AUG_2024), new Date(AUG_2024 - 1000), new Date(AUG_2024 + 1000)),
    fc
      .integer({ min: Date.parse('2024-01-01T00:00:00Z'), max: Date.parse('2024-12-31T00:00:00Z') })
      .map((t) => new Date(t)),
    instantIn(period),
  );
}

const registers: fc.Arbitrary<GstRegisters> = fc.constantFrom(...PERIODS).chain((period) =>
  fc
    .record({
      invoices: fc.array(document(period), { maxLength: 8 }),
      notes: fc.array(fc.tuple(document(period), invoiceDate(period), value), { maxLength: 5 }),
      gaps: fc.array(fc.boolean(), { minLength: 13, maxLength: 13 }),
    })
    .map(({ invoices, notes, gaps }) => {
      const invoiceNumbers = numbers('INV/26-27/', invoices.length, gaps);
      const noteNumbers = numbers('CN/26-27/', notes.length, gaps.slice(8));
      return {
        gstin: SELLER_GSTIN,
        period,
        invoices: invoices.map(
          (d, i): RegisterInvoice => ({
            ...d.party,
            number: invoiceNumbers[i],
            issuedAt: d.issuedAt,
            orderNumber: `BS-${i}`,
            valuePaise: asPaise(d.value),
            lines: d.lines,
          }),
        ),
        creditNotes: notes.map(
          ([d, invoiceIssuedAt, invoiceValue], i): RegisterCreditNote => ({
            ...d.party,
            number: noteNumbers[i],
            issuedAt: d.issuedAt,
            invoiceNumber: `INV/24-25/${String(i + 1).padStart(6, '0')}`,
            invoiceIssuedAt,
            invoiceValuePaise: asPaise(invoiceValue),
            orderNumber: `BS-N${i}`,
            valuePaise: asPaise(d.value),
            lines: d.lines,
          }),
        ),
      };
    }),
);

// ---- sums ----

interface Totals {
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
  qty: number;
}
const ZERO: Totals = { taxable: 0, igst: 0, cgst: 0, sgst: 0, qty: 0 };
const paise = (rupees: number | undefined) => Math.round((rupees ?? 0) * 100);

function plus(a: Totals, b: Totals, sign = 1): Totals {
  return {
    taxable: a.taxable + sign * b.taxable,
    igst: a.igst + sign * b.igst,
    cgst: a.cgst + sign * b.cgst,
    sgst: a.sgst + sign * b.sgst,
    qty: a.qty + sign * b.qty,
  };
}

function linesTotal(documents: { lines: RegisterLine[] }[]): Totals {
  let total = ZERO;
  for (const d of documents) {
    for (const l of d.lines) {
      total = plus(total, {
        taxable: l.taxablePaise,
        igst: l.igstPaise,
        cgst: l.cgstPaise,
        sgst: l.sgstPaise,
        qty: l.qty,
      });
    }
  }
  return total;
}

function itemsTotal(items: Gstr1Item[]): Totals {
  return items.reduce(
    (t, { itm_det: d }) =>
      plus(t, { taxable: paise(d.txval), igst: paise(d.iamt), cgst: paise(d.camt), sgst: paise(d.samt), qty: 0 }),
    ZERO,
  );
}

/** What the return's tables say was supplied, net of the credit notes. */
function returnTotal(r: Gstr1Return): Totals {
  let total = ZERO;
  for (const b of r.b2b ?? []) for (const i of b.inv) total = plus(total, itemsTotal(i.itms));
  for (const b of r.b2cl ?? []) for (const i of b.inv) total = plus(total, itemsTotal(i.itms));
  for (const row of r.b2cs ?? []) {
    total = plus(total, {
      taxable: paise(row.txval),
      igst: paise(row.iamt),
      cgst: paise(row.camt),
      sgst: paise(row.samt),
      qty: 0,
    });
  }
  for (const c of r.cdnr ?? []) for (const n of c.nt) total = plus(total, itemsTotal(n.itms), -1);
  for (const n of r.cdnur ?? []) total = plus(total, itemsTotal(n.itms), -1);
  return total;
}

function hsnTotal(r: Gstr1Return): Totals {
  const rows = [...(r.hsn?.hsn_b2b ?? []), ...(r.hsn?.hsn_b2c ?? []), ...(r.hsn?.data ?? [])];
  return rows.reduce(
    (t, h) =>
      plus(t, { taxable: paise(h.txval), igst: paise(h.iamt), cgst: paise(h.camt), sgst: paise(h.samt), qty: h.qty }),
    ZERO,
  );
}

/** Every number of the return, with the key it sits under. */
function* numbersIn(value: unknown, key = ''): Generator<[string, number]> {
  if (typeof value === 'number') yield [key, value];
  else if (Array.isArray(value)) for (const v of value) yield* numbersIn(v, key);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* numbersIn(v, k);
}

const AMOUNT_KEYS = new Set(['val', 'txval', 'iamt', 'camt', 'samt', 'csamt']);

describe('GSTR-1 from random registers', () => {
  it('adds up to the registers to the paisa, in the tables and in the HSN summary, and fits the schema', () => {
    fc.assert(
      fc.property(registers, (r) => {
        const gstr1 = buildGstr1(r);
        expect(schemaErrors(gstr1)).toEqual([]);

        const net = plus(linesTotal(r.invoices), linesTotal(r.creditNotes), -1);
        expect(returnTotal(gstr1)).toEqual({ ...net, qty: 0 });
        expect(hsnTotal(gstr1)).toEqual(net);

        for (const [key, n] of numbersIn(gstr1)) {
          if (AMOUNT_KEYS.has(key)) expect(Math.abs(n * 100 - Math.round(n * 100))).toBeLessThan(1e-6);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('puts each document in its table, on its India date, once', () => {
    fc.assert(
      fc.property(registers, (r) => {
        const gstr1 = buildGstr1(r);
        const b2b = (gstr1.b2b ?? []).flatMap((b) => b.inv.map((i) => [b.ctin, i.inum, i.idt, i.pos]));
        const b2cl = (gstr1.b2cl ?? []).flatMap((b) => b.inv.map((i) => [b.pos, i.inum, i.idt]));
        const cdnr = (gstr1.cdnr ?? []).flatMap((c) => c.nt.map((n) => [c.ctin, n.nt_num, n.nt_dt, n.pos]));
        const cdnur = (gstr1.cdnur ?? []).map((n) => [n.pos, n.nt_num, n.nt_dt]);
        const of = (table: string) => (i: RegisterInvoice) =>
          expectedTable(i.buyerGstin, i.supplyType, i.valuePaise, i.issuedAt) === table;
        const ofNote = (table: string) => (n: RegisterCreditNote) =>
          expectedTable(n.buyerGstin, n.supplyType, n.invoiceValuePaise, n.invoiceIssuedAt) === table;

        const sorted = (rows: unknown[][]) => rows.map((row) => JSON.stringify(row)).sort();
        expect(sorted(b2b)).toEqual(
          sorted(
            r.invoices
              .filter(of('registered'))
              .map((i) => [i.buyerGstin, i.number, ddmmyyyy(i.issuedAt), i.placeOfSupply]),
          ),
        );
        expect(sorted(b2cl)).toEqual(
          sorted(r.invoices.filter(of('large')).map((i) => [i.placeOfSupply, i.number, ddmmyyyy(i.issuedAt)])),
        );
        expect(sorted(cdnr)).toEqual(
          sorted(
            r.creditNotes
              .filter(ofNote('registered'))
              .map((n) => [n.buyerGstin, n.number, ddmmyyyy(n.issuedAt), n.placeOfSupply]),
          ),
        );
        expect(sorted(cdnur)).toEqual(
          sorted(r.creditNotes.filter(ofNote('large')).map((n) => [n.placeOfSupply, n.number, ddmmyyyy(n.issuedAt)])),
        );

        const docs = gstr1.doc_issue?.doc_det ?? [];
        const count = (docNum: number) =>
          docs.filter((d) => d.doc_num === docNum).reduce((s, d) => s + d.docs.reduce((t, x) => t + x.totnum, 0), 0);
        expect(count(1)).toBe(r.invoices.length);
        expect(count(5)).toBe(r.creditNotes.length);
      }),
      { numRuns: 300 },
    );
  });

  it('numbers each rate item rate × 100 + 1, once per document, and keeps the B2C (Small) keys unique', () => {
    fc.assert(
      fc.property(registers, (r) => {
        const gstr1 = buildGstr1(r);
        const documents = [
          ...(gstr1.b2b ?? []).flatMap((b) => b.inv),
          ...(gstr1.b2cl ?? []).flatMap((b) => b.inv),
          ...(gstr1.cdnr ?? []).flatMap((c) => c.nt),
          ...(gstr1.cdnur ?? []),
        ];
        for (const d of documents) {
          const nums = d.itms.map((i) => i.num);
          expect(new Set(nums).size).toBe(nums.length);
          for (const i of d.itms) expect(i.num).toBe(Math.round(i.itm_det.rt * 100) + 1);
        }
        const keys = (gstr1.b2cs ?? []).map((row) => `${row.sply_ty}|${row.pos}|${row.rt}`);
        expect(new Set(keys).size).toBe(keys.length);
        const hsnKeys = (rows: { hsn_sc: string; rt: number }[] = []) => rows.map((h) => `${h.hsn_sc}|${h.rt}`);
        for (const rows of [gstr1.hsn?.hsn_b2b, gstr1.hsn?.hsn_b2c, gstr1.hsn?.data]) {
          expect(new Set(hsnKeys(rows)).size).toBe(hsnKeys(rows).length);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('GSTR-1 of a hand-written month', () => {
  it('is the committed golden file, key order included, and the file fits the schema', () => {
    expect(JSON.stringify(buildGstr1(FIXTURE_REGISTERS), null, 2)).toBe(JSON.stringify(golden, null, 2));
    expect(schemaErrors(golden)).toEqual([]);
    const gstins = [golden.gstin, ...golden.b2b.map((b) => b.ctin), ...golden.cdnr.map((c) => c.ctin)];
    for (const gstin of gstins) expect(gstinProblem(gstin)).toBeNull();
  });

  it('refuses a document dated outside the period in India time', () => {
    // 18:30 UTC on 30 November is 1 December in India.
    const late = { ...FIXTURE_REGISTERS.invoices[0], issuedAt: new Date('2026-11-30T18:30:00Z') };
    expect(() => buildGstr1({ ...FIXTURE_REGISTERS, invoices: [late] })).toThrow(
      /01-12-2026, outside the period November 2026/,
    );
  });

  it('refuses an intra-state document that carries IGST', () => {
    const invoice = FIXTURE_REGISTERS.invoices[0];
    const wrong = { ...invoice, lines: [{ ...invoice.lines[0], igstPaise: asPaise(1) }] };
    expect(() => buildGstr1({ ...FIXTURE_REGISTERS, invoices: [wrong] })).toThrow(/INTRA/);
  });

  it('leaves empty sections out: a month with nothing issued is the header alone', () => {
    expect(buildGstr1({ ...FIXTURE_REGISTERS, invoices: [], creditNotes: [] })).toEqual({
      gstin: SELLER_GSTIN,
      fp: '112026',
      version: 'GST3.2.4',
      hash: 'hash',
    });
  });

  it('files the HSN summary as one list before the May 2025 return', () => {
    const shift = (d: Date) => new Date(d.getTime() - Date.parse('2026-11-01') + Date.parse('2025-04-01'));
    const april = buildGstr1({
      ...FIXTURE_REGISTERS,
      period: '2025-04',
      invoices: FIXTURE_REGISTERS.invoices.map((i) => ({ ...i, issuedAt: shift(i.issuedAt) })).slice(1, 6),
      creditNotes: [],
    });
    expect(Object.keys(april.hsn ?? {})).toEqual(['data']);
    expect(schemaErrors(april)).toEqual([]);
  });
});

describe('return period', () => {
  it.each([
    ['2026-11', '112026'],
    ['2026-Q1', '032026'],
    ['2026-Q2', '062026'],
    ['2026-Q3', '092026'],
    ['2026-Q4', '122026'],
  ])('%s is filed as %s', (period, fp) => {
    const lastMonth = period.includes('Q') ? `2026-${fp.slice(0, 2)}` : period;
    const issuedAt = new Date(`${lastMonth}-15T06:00:00Z`);
    const invoice = { ...FIXTURE_REGISTERS.invoices[5], issuedAt };
    expect(buildGstr1({ ...FIXTURE_REGISTERS, period, invoices: [invoice], creditNotes: [] }).fp).toBe(fp);
  });

  it.each(['2026-13', '2026-Q5', '11-2026', '2026-11-01'])('%s is refused', (period) => {
    expect(() => buildGstr1({ ...FIXTURE_REGISTERS, period })).toThrow(RangeError);
  });
});

describe('the schema', () => {
  const clone = (): Record<string, unknown> & typeof golden => structuredClone(golden);

  it.each([
    ['an old credit note naming its invoice', (g: typeof golden) => Object.assign(g.cdnr[0].nt[0], { inum: 'X' })],
    ['a misspelt note number', (g: typeof golden) => Object.assign(g.cdnur[0], { ntnum: 'CN/1' })],
    ['an HSN row with the old total value', (g: typeof golden) => Object.assign(g.hsn.hsn_b2b[0], { val: 1 })],
    ['a buyer name on a B2B invoice', (g: typeof golden) => Object.assign(g.b2b[0], { cname: 'Koramangala' })],
    ['IGST beside CGST on an item', (g: typeof golden) => Object.assign(g.b2b[0].inv[0].itms[0].itm_det, { iamt: 1 })],
    ['an intra-state B2C row with IGST', (g: typeof golden) => Object.assign(g.b2cs[2], { iamt: 1 })],
    ['a place of supply without its zero', (g: typeof golden) => Object.assign(g.b2cl[0], { pos: '7' })],
    ['a date the wrong way round', (g: typeof golden) => Object.assign(g.b2b[0].inv[0], { idt: '2026-11-03' })],
    ['a return period with a dash', (g: typeof golden) => Object.assign(g, { fp: '11-2026' })],
    ['a rate that is not a GST rate', (g: typeof golden) => Object.assign(g.b2cs[0], { rt: 7 })],
    ['an amount as text', (g: typeof golden) => Object.assign(g.b2cs[0], { txval: '95.24' })],
    ['a credit note as document 4', (g: typeof golden) => Object.assign(g.doc_issue.doc_det[1], { doc_num: 4 })],
    [
      'an invoice number of 17 characters',
      (g: typeof golden) => Object.assign(g.b2cl[0].inv[0], { inum: 'INV/26-27/0000104' }),
    ],
    ['an empty section', (g: typeof golden) => Object.assign(g, { cdnur: [] })],
    ['both HSN shapes at once', (g: typeof golden) => Object.assign(g.hsn, { data: g.hsn.hsn_b2c })],
  ])('refuses %s', (_, spoil) => {
    const spoilt = clone();
    spoil(spoilt);
    expect(schemaErrors(spoilt)).not.toEqual([]);
  });
});
