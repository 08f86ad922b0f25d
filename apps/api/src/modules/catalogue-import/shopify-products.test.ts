import { IMPORT_MSG } from '@bagshop/shared/catalogue-import';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readCsvSheet, readXlsxSheet, UnreadableSheetError } from './product-sheet.ts';
import { readShopifyProducts } from './shopify-products.ts';

const HEADER =
  'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,' +
  'Variant SKU,Variant Grams,Variant Inventory Qty,Variant Price,Variant Compare At Price,Image Src,Image Position,' +
  'Image Alt Text,Gift Card,Status';

/**
 * A Shopify export as it arrives: a byte order mark, a quoted body across lines with commas and quotes, a Hindi title,
 * an apostrophe, one handle in two colours (the second row left without title, vendor and type), a picture row, an
 * unknown colour, a second size of one colour and a row without a handle. Columns Shopify writes that the shop does
 * not read (Gift Card) are left alone.
 */
const EXPORT = [
  HEADER,
  `womens-tote,Women's Tote,"<p>Soft leather, roomy.</p>\n<p>Says ""hello"".</p>",Hidesign,Totes,leather,TRUE,Color,Black,Size,30Lx12Bx40Hcm,WT-BLK,700,5,2999.00,3499.00,https://cdn.shopify.com/a.jpg,1,Front,FALSE,active`,
  'womens-tote,,,,,,,,Brown,,30Lx12Bx40Hcm,WT-BRN,700,2,2999.00,,https://cdn.shopify.com/b.jpg,2,Side,,',
  'womens-tote,,,,,,,,,,,,,,,,https://cdn.shopify.com/c.jpg,3,Back,,',
  'kapde-ka-thaila,कपड़े का थैला,<b>Cotton</b> bag,Desi,Totes,,TRUE,Colour,beige,,,KT-1,300,12,499,,,,,,draft',
  'odd-colour,Odd Bag,,Brand,Totes,,TRUE,Color,Purple,,,OD-1,100,1,999,,,,,,active',
  'two-sizes,Two Sizes,,Brand,Totes,,TRUE,Color,Red,Size,Small,TS-S,100,1,999,,,,,,active',
  'two-sizes,,,,,,,,Red,,Large,TS-L,100,1,1099,,,,,,',
  ',Lost Row,,Brand,Totes,,TRUE,Color,Red,,,LR-1,100,1,999,,,,,,active',
].join('\r\n');

describe('a Shopify product sheet (CSV)', () => {
  const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(EXPORT, 'utf8')]);

  it('reads the columns past a byte order mark and numbers rows as the spreadsheet does, a quoted line break kept in its row', () => {
    const sheet = readCsvSheet(withBom);
    expect(sheet.columns[0]).toBe('Handle');
    expect(sheet.rows.map((r) => r.row)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(sheet.rows[0].cell('Body (HTML)')).toBe('<p>Soft leather, roomy.</p>\n<p>Says "hello".</p>');
    expect(sheet.rows[0].cell('variant sku')).toBe('WT-BLK');
    expect(sheet.rows[0].cell('No Such Column')).toBe('');
    expect(readCsvSheet(Buffer.from(EXPORT)).rows.map((r) => r.cell('Title'))).toEqual(
      sheet.rows.map((r) => r.cell('Title')),
    );
  });

  it('makes one product of each colour of a handle, inheriting title, body, vendor and type from its first row', () => {
    const { products } = readShopifyProducts(readCsvSheet(withBom));
    const [black, brown, thaila] = products;
    expect(products.map((p) => [p.handle, p.color, p.row])).toEqual([
      ['womens-tote', 'Black', 2],
      ['womens-tote', 'Brown', 3],
      ['kapde-ka-thaila', 'Beige', 5],
      ['two-sizes', 'Red', 7],
    ]);
    expect(black).toMatchObject({
      title: "Women's Tote",
      description: 'Soft leather, roomy.\n\nSays "hello".',
      vendor: 'Hidesign',
      type: 'Totes',
      size: '30Lx12Bx40Hcm',
      sku: 'WT-BLK',
      grams: '700',
      quantity: '5',
      price: '2999.00',
      compareAtPrice: '3499.00',
      published: true,
    });
    expect(brown).toMatchObject({
      title: "Women's Tote",
      vendor: 'Hidesign',
      type: 'Totes',
      sku: 'WT-BRN',
      quantity: '2',
    });
    // The handle's pictures, in their positions, go with each colour.
    expect(brown.pictures.map((p) => [p.src, p.position, p.alt])).toEqual([
      ['https://cdn.shopify.com/a.jpg', 1, 'Front'],
      ['https://cdn.shopify.com/b.jpg', 2, 'Side'],
      ['https://cdn.shopify.com/c.jpg', 3, 'Back'],
    ]);
    expect(thaila).toMatchObject({ title: 'कपड़े का थैला', description: 'Cotton bag', size: null, published: false });
  });

  it('reports each bad row with its row, its column and words a person understands', () => {
    const { problems } = readShopifyProducts(readCsvSheet(withBom));
    expect(problems).toEqual([
      { row: 6, column: 'Option1 Value', message: IMPORT_MSG.unknownColour('Purple') },
      {
        row: 8,
        column: 'Option2 Value',
        message: 'Red is on row 7 already: the shop keeps one size for each colour of a bag',
      },
      { row: 9, column: 'Handle', message: 'Every row needs the handle of its product' },
    ]);
    expect(IMPORT_MSG.unknownColour('Purple')).toContain('Beige, Brown, White');
  });

  it('refuses a file that is no CSV with a reason', () => {
    expect(() => readCsvSheet(Buffer.from('Handle,Title\n"never closed,x\n'))).toThrow(UnreadableSheetError);
    expect(() => readCsvSheet(Buffer.from(''))).toThrow('The file is empty.');
  });
});

describe('a Shopify product sheet (XLSX)', () => {
  it('reads the first worksheet with the same columns and row numbers', async () => {
    const csv = readCsvSheet(Buffer.from(EXPORT));
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Products');
    sheet.addRow(csv.columns);
    for (const row of csv.rows) sheet.addRow(csv.columns.map((column) => row.cell(column)));
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

    const read = await readXlsxSheet(bytes);
    expect(read.columns).toEqual(csv.columns);
    expect(readShopifyProducts(read)).toEqual(readShopifyProducts(csv));
  });

  it('refuses a file that is no workbook', async () => {
    await expect(readXlsxSheet(Buffer.from('not a zip'))).rejects.toThrow(UnreadableSheetError);
  });
});
