/** Texts of the administrator's GST returns page (/admin/gst); its title is GST_MSG.title. */
export const GST_PAGE_MSG = {
  periodHeading: 'Return period',
  monthChoice: 'By month',
  quarterChoice: 'By quarter',
  monthLabel: 'Month',
  quarterLabel: 'Quarter',
  yearLabel: 'Year',
  apply: 'Apply',
  quarterOptions: {
    Q1: 'Q1 (January–March)',
    Q2: 'Q2 (April–June)',
    Q3: 'Q3 (July–September)',
    Q4: 'Q4 (October–December)',
  },
  loading: 'Loading the return…',
  loadFailed: 'We could not load the return. Please try again.',
  gstinLine: (gstin: string, fp: string) => `GSTIN ${gstin} · return period (fp) ${fp}`,

  sectionsCaption: 'GSTR-1 sections',
  sectionColumn: 'Section',
  entriesColumn: 'Entries',
  taxableColumn: 'Taxable value',
  igstColumn: 'IGST',
  cgstColumn: 'CGST',
  sgstColumn: 'SGST',
  taxColumn: 'Tax',
  valueColumn: 'Value',
  declaredRow: 'Declared (net)',
  declaredNote:
    'Declared (net) = B2B + B2C (Large) + B2C (Small) − credit notes. The HSN summary covers the same supplies, net of their credit notes.',

  registersCaption: 'Registers',
  countColumn: 'Documents',
  invoicesRow: 'Invoices',
  creditNotesRow: 'Credit notes',
  netRow: 'Net',
  agrees: 'Sections add up to the registers',
  disagrees:
    'The sections do not add up to the registers. Do not file this return until the difference is found; the registers download lists every document line.',

  salesHeading: 'Sales report for the same dates',
  salesNet: 'Net sales',
  salesTax: 'Tax',
  salesShipping: 'Shipping',
  salesLoading: 'Loading the sales report…',
  salesLoadFailed: 'We could not load the sales report for these dates.',
  salesWhyDifferent:
    'The sales report counts orders by the day they were paid and nets later refunds into them; the return counts invoices and credit notes by their own dates, so cash-on-delivery orders invoiced at shipment and refunds in later months make the two differ.',
  taxAgrees: (tax: string) => `The sales report and the return agree on tax for these dates: ${tax}.`,
  taxDiffers: (difference: string) => `The sales report's tax differs from the return's by ${difference}.`,
  openSalesReport: 'Open the sales report for these dates',

  documentsCaption: 'Documents issued',
  documentKindColumn: 'Document',
  fromColumn: 'From',
  toColumn: 'To',
  documentCountColumn: 'Count',

  empty: 'No invoices or credit notes in this period',
  emptyHint:
    'A nil return can still be filed: the GSTR-1 downloads hold the return with no invoices, which the GST portal accepts.',

  downloadsHeading: 'Downloads',
  gstr1Json: 'GSTR-1 JSON (GST portal)',
  gstr1Csv: 'GSTR-1 CSV (offline tool, ZIP)',
  gstr1Xlsx: 'GSTR-1 XLSX',
  registersXlsx: 'Registers XLSX',
  registersCsv: 'Registers CSV (ZIP)',
  downloadFailed: (what: string) => `The ${what} download failed. Please try again.`,
} as const;
