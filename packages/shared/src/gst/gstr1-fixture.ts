import { asPaise } from '../pricing/money.ts';
import type { GstRegisters, RegisterLine, SupplyType } from './registers.ts';

/**
 * One hand-written month of the shop's registers (November 2026, seller in Karnataka, 29): an invoice of each kind,
 * credit notes against each kind, and documents on the first and last minutes of the month in India time. Its
 * GSTR-1 is `gstr1.golden.json`, checked by hand against the rules in gstr1.ts.
 */

/** A line with its tax as stored: IGST for an inter-state document, else CGST + SGST with the odd paisa to CGST. */
function line(
  supplyType: SupplyType,
  description: string,
  qty: number,
  gstPercent: number,
  taxable: number,
  tax: number,
): RegisterLine {
  const sgst = supplyType === 'INTER' ? 0 : Math.floor(tax / 2);
  return {
    description,
    hsn: '4202',
    qty,
    gstPercent,
    taxablePaise: asPaise(taxable),
    igstPaise: asPaise(supplyType === 'INTER' ? tax : 0),
    cgstPaise: asPaise(supplyType === 'INTER' ? 0 : tax - sgst),
    sgstPaise: asPaise(sgst),
  };
}

const intra = (description: string, qty: number, rate: number, taxable: number, tax: number) =>
  line('INTRA', description, qty, rate, taxable, tax);
const inter = (description: string, qty: number, rate: number, taxable: number, tax: number) =>
  line('INTER', description, qty, rate, taxable, tax);

/** ₹100.00 of delivery, tax included: ₹95.24 + 5 % (₹4.76). */
const shippingIntra = intra('Shipping', 0, 5, 9524, 476);
const shippingInter = inter('Shipping', 0, 5, 9524, 476);

const MUMBAI_TRAVEL = { buyerName: 'Mumbai Travel House Pvt Ltd', buyerGstin: '27AAACM1234C1Z4' };
const KORAMANGALA = { buyerName: 'Koramangala Outfitters LLP', buyerGstin: '29AAGCB7383J1Z4' };

const inv103IssuedAt = new Date('2026-11-10T09:30:00Z');
const inv104IssuedAt = new Date('2026-11-15T12:00:00Z');
const inv102IssuedAt = new Date('2026-11-03T06:00:00Z');

export const FIXTURE_REGISTERS: GstRegisters = {
  gstin: '29ABCDE1234F1ZW',
  period: '2026-11',
  invoices: [
    {
      // 00:05 on 1 November in India, still 31 October in UTC.
      number: 'INV/26-27/000101',
      issuedAt: new Date('2026-10-31T18:35:00Z'),
      orderNumber: 'BS-20261031-0107',
      buyerName: 'Asha Rao',
      buyerGstin: null,
      placeOfSupply: '29',
      supplyType: 'INTRA',
      valuePaise: asPaise(219895),
      lines: [intra('Trail Pack (Green)', 1, 5, 199900, 9995), shippingIntra],
    },
    {
      number: 'INV/26-27/000102',
      issuedAt: inv102IssuedAt,
      orderNumber: 'BS-20261103-0012',
      ...KORAMANGALA,
      placeOfSupply: '29',
      supplyType: 'INTRA',
      valuePaise: asPaise(324997),
      lines: [intra('City Tote (Black)', 3, 5, 299997, 15000), shippingIntra],
    },
    {
      number: 'INV/26-27/000103',
      issuedAt: inv103IssuedAt,
      orderNumber: 'BS-20261110-0031',
      ...MUMBAI_TRAVEL,
      placeOfSupply: '27',
      supplyType: 'INTER',
      valuePaise: asPaise(3379790),
      lines: [
        inter('Trail Pack (Green)', 2, 5, 399800, 19990),
        inter('Leather Duffel (Tan)', 2, 18, 2500000, 450000),
        shippingInter,
      ],
    },
    {
      // ₹1,18,100.00 to an unregistered buyer in Tamil Nadu: above ₹1,00,000, B2C (Large).
      number: 'INV/26-27/000104',
      issuedAt: inv104IssuedAt,
      orderNumber: 'BS-20261115-0044',
      buyerName: 'Priya Natarajan',
      buyerGstin: null,
      placeOfSupply: '33',
      supplyType: 'INTER',
      valuePaise: asPaise(11810000),
      lines: [inter('Leather Duffel (Tan)', 8, 18, 10000000, 1800000), shippingInter],
    },
    {
      // Exactly ₹1,00,000.00 inter-state: not above the limit, B2C (Small).
      number: 'INV/26-27/000105',
      issuedAt: new Date('2026-11-20T05:00:00Z'),
      orderNumber: 'BS-20261120-0008',
      buyerName: 'Ravi Kulkarni',
      buyerGstin: null,
      placeOfSupply: '27',
      supplyType: 'INTER',
      valuePaise: asPaise(10000000),
      lines: [inter('Leather Duffel (Tan)', 6, 18, 8466102, 1523898), shippingInter],
    },
    {
      number: 'INV/26-27/000106',
      issuedAt: new Date('2026-11-25T10:00:00Z'),
      orderNumber: 'BS-20261125-0019',
      buyerName: 'Meera Iyer',
      buyerGstin: null,
      placeOfSupply: '29',
      supplyType: 'INTRA',
      valuePaise: asPaise(104999),
      lines: [intra('City Tote (Black)', 1, 5, 99999, 5000)],
    },
    {
      // 23:59 on 30 November in India.
      number: 'INV/26-27/000107',
      issuedAt: new Date('2026-11-30T18:29:00Z'),
      orderNumber: 'BS-20261130-0077',
      buyerName: 'Farhan Shaikh',
      buyerGstin: null,
      placeOfSupply: '27',
      supplyType: 'INTER',
      valuePaise: asPaise(219895),
      lines: [inter('Trail Pack (Green)', 1, 5, 199900, 9995), shippingInter],
    },
  ],
  creditNotes: [
    {
      // A B2B inter-state return: cdnr.
      number: 'CN/26-27/000011',
      issuedAt: new Date('2026-11-18T08:00:00Z'),
      invoiceNumber: 'INV/26-27/000103',
      invoiceIssuedAt: inv103IssuedAt,
      invoiceValuePaise: asPaise(3379790),
      orderNumber: 'BS-20261110-0031',
      ...MUMBAI_TRAVEL,
      placeOfSupply: '27',
      supplyType: 'INTER',
      valuePaise: asPaise(1475000),
      lines: [inter('Leather Duffel (Tan)', 1, 18, 1250000, 225000)],
    },
    {
      // Against the B2C (Large) invoice: cdnur.
      number: 'CN/26-27/000012',
      issuedAt: new Date('2026-11-22T07:00:00Z'),
      invoiceNumber: 'INV/26-27/000104',
      invoiceIssuedAt: inv104IssuedAt,
      invoiceValuePaise: asPaise(11810000),
      orderNumber: 'BS-20261115-0044',
      buyerName: 'Priya Natarajan',
      buyerGstin: null,
      placeOfSupply: '33',
      supplyType: 'INTER',
      valuePaise: asPaise(1475000),
      lines: [inter('Leather Duffel (Tan)', 1, 18, 1250000, 225000)],
    },
    {
      // Against a small October invoice: netted into B2C (Small), the delivery refunded with the last item.
      number: 'CN/26-27/000013',
      issuedAt: new Date('2026-11-05T04:00:00Z'),
      invoiceNumber: 'INV/26-27/000090',
      invoiceIssuedAt: new Date('2026-10-28T06:00:00Z'),
      invoiceValuePaise: asPaise(219895),
      orderNumber: 'BS-20261028-0051',
      buyerName: 'Sneha Patil',
      buyerGstin: null,
      placeOfSupply: '27',
      supplyType: 'INTER',
      valuePaise: asPaise(219895),
      lines: [inter('Trail Pack (Green)', 1, 5, 199900, 9995), shippingInter],
    },
    {
      // A B2B intra-state return at 23:59:59 on 30 November in India: cdnr with CGST and SGST.
      number: 'CN/26-27/000014',
      issuedAt: new Date('2026-11-30T18:29:59Z'),
      invoiceNumber: 'INV/26-27/000102',
      invoiceIssuedAt: inv102IssuedAt,
      invoiceValuePaise: asPaise(324997),
      orderNumber: 'BS-20261103-0012',
      ...KORAMANGALA,
      placeOfSupply: '29',
      supplyType: 'INTRA',
      valuePaise: asPaise(104999),
      lines: [intra('City Tote (Black)', 1, 5, 99999, 5000)],
    },
  ],
};
