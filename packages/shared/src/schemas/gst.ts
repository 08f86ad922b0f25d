import { z } from 'zod';
import { GST_PERIOD_PATTERN, gstPeriodOf } from '../gst/periods.ts';
import { rupeeAmount } from './answers.ts';

export const GST_MSG = {
  periodInvalid: 'Choose a month as YYYY-MM or a quarter as YYYY-Q1 to YYYY-Q4, from 2017 on',
  title: 'GST returns',
} as const;

const period = z
  .string({ error: GST_MSG.periodInvalid })
  .max(7, { error: GST_MSG.periodInvalid })
  .regex(GST_PERIOD_PATTERN, { error: GST_MSG.periodInvalid })
  .refine((value) => gstPeriodOf(value) !== null, { error: GST_MSG.periodInvalid });

/** GET /api/admin/gst/summary */
export const gstPeriodQuery = z.strictObject({ period }).meta({ examples: [{ period: '2026-11' }] });

export const GSTR1_FORMATS = ['json', 'csv', 'xlsx'] as const;
/** GET /api/admin/gst/gstr1: the portal's JSON, or the offline tool's sheets as a ZIP of CSVs or one XLSX. */
export const gstr1Query = z
  .strictObject({ period, format: z.enum(GSTR1_FORMATS).default('json') })
  .meta({ examples: [{ period: '2026-11', format: 'json' }] });

export const REGISTER_FORMATS = ['csv', 'xlsx'] as const;
/** GET /api/admin/gst/registers: the sales register and the credit note register. */
export const gstRegistersQuery = z
  .strictObject({ period, format: z.enum(REGISTER_FORMATS).default('xlsx') })
  .meta({ examples: [{ period: '2026-11', format: 'xlsx' }] });

export const GST_SECTIONS = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn'] as const;

const figures = {
  taxable: rupeeAmount,
  igst: rupeeAmount,
  cgst: rupeeAmount,
  sgst: rupeeAmount,
};

/** The return's figures for the administrator's page: each section's totals and the registers they come from. */
export const gstSummaryAnswer = z
  .object({
    period: z.string(),
    /** 'November 2026' */
    label: z.string(),
    /** The return's `fp`, 'MMYYYY'. */
    fp: z.string(),
    /** The period's first and last day, India time, 'YYYY-MM-DD'. */
    firstDay: z.string(),
    lastDay: z.string(),
    gstin: z.string(),
    sections: z.array(
      z.object({
        section: z.enum(GST_SECTIONS),
        title: z.string(),
        /** Invoices, credit notes or summary rows in the section. */
        entries: z.int(),
        ...figures,
        /** Taxable value plus tax; negative where credit notes outweigh the sales. */
        value: rupeeAmount,
      }),
    ),
    /** Σ b2b + b2cl + b2cs − cdnr − cdnur: what the return declares, net. */
    declared: z.object({ ...figures, value: rupeeAmount }),
    registers: z.object({
      invoices: z.object({ count: z.int(), ...figures, value: rupeeAmount }),
      creditNotes: z.object({ count: z.int(), ...figures, value: rupeeAmount }),
      /** Invoices less credit notes. */
      net: z.object({ ...figures, value: rupeeAmount }),
    }),
    /** The return's sections add up to the registers, to the paisa. */
    agrees: z.boolean(),
    /** Document series issued: 'INV/26-27/000001 – INV/26-27/000042'. */
    documents: z.array(z.object({ kind: z.string(), from: z.string(), to: z.string(), total: z.int() })),
  })
  .meta({
    id: 'GstSummary',
    examples: [
      {
        period: '2026-11',
        label: 'November 2026',
        fp: '112026',
        firstDay: '2026-11-01',
        lastDay: '2026-11-30',
        gstin: '29ABCDE1234F1ZW',
        sections: [
          {
            section: 'b2b',
            title: '4A B2B: registered buyers',
            entries: 1,
            taxable: 1900,
            igst: 95,
            cgst: 0,
            sgst: 0,
            value: 1995,
          },
          {
            section: 'b2cs',
            title: '7 B2C (Small): all other unregistered buyers, net of their credit notes',
            entries: 2,
            taxable: 3047.62,
            igst: 0,
            cgst: 76.19,
            sgst: 76.19,
            value: 3200,
          },
        ],
        declared: { taxable: 4947.62, igst: 95, cgst: 76.19, sgst: 76.19, value: 5195 },
        registers: {
          invoices: { count: 3, taxable: 4947.62, igst: 95, cgst: 76.19, sgst: 76.19, value: 5195 },
          creditNotes: { count: 0, taxable: 0, igst: 0, cgst: 0, sgst: 0, value: 0 },
          net: { taxable: 4947.62, igst: 95, cgst: 76.19, sgst: 76.19, value: 5195 },
        },
        agrees: true,
        documents: [
          { kind: 'Invoices for outward supply', from: 'INV/26-27/000041', to: 'INV/26-27/000043', total: 3 },
        ],
      },
    ],
  });
export type GstSummaryDto = z.infer<typeof gstSummaryAnswer>;

const fileBytes = z.any().meta({ type: 'string', format: 'binary' });

/** The return or the registers as a file (attachment). */
export const gstFileAnswer = {
  description: 'The file in the format asked for (attachment)',
  content: {
    'application/json': { schema: fileBytes },
    'application/zip': { schema: fileBytes },
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: fileBytes },
  },
};
