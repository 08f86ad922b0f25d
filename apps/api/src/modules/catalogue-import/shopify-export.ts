import { type Paise, toRupees } from '@bagshop/shared/pricing/money';
import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, offers, type ProductImage, products } from '../../db/schema/catalogue.ts';
import { type CsvCell, csvText } from '../../platform/csv-export.ts';
import { SHOPIFY_COLUMN } from './shopify-products.ts';

const COLOUR_OPTION = { name: 'Option1 Name', value: 'Option1 Value' } as const;
const SIZE_OPTION = { name: 'Option2 Name', value: 'Option2 Value' } as const;

/** Shopify's product CSV columns, as the import reads them back (docs/decisions/053-catalogue-import.md). */
export const SHOPIFY_EXPORT_HEADER = [
  SHOPIFY_COLUMN.handle,
  SHOPIFY_COLUMN.title,
  SHOPIFY_COLUMN.body,
  SHOPIFY_COLUMN.vendor,
  SHOPIFY_COLUMN.type,
  SHOPIFY_COLUMN.tags,
  SHOPIFY_COLUMN.published,
  COLOUR_OPTION.name,
  COLOUR_OPTION.value,
  SIZE_OPTION.name,
  SIZE_OPTION.value,
  SHOPIFY_COLUMN.sku,
  SHOPIFY_COLUMN.grams,
  SHOPIFY_COLUMN.quantity,
  SHOPIFY_COLUMN.price,
  SHOPIFY_COLUMN.compareAtPrice,
  SHOPIFY_COLUMN.imageSrc,
  SHOPIFY_COLUMN.imagePosition,
  SHOPIFY_COLUMN.imageAlt,
  SHOPIFY_COLUMN.status,
] as const;

type Column = (typeof SHOPIFY_EXPORT_HEADER)[number];

interface ExportedProduct {
  id: string;
  handle: string;
  name: string;
  description: string;
  brand: string;
  category: string;
  color: string;
  size: string;
  sku: string | null;
  weightGrams: number;
  quantity: number;
  pricePaise: Paise;
  offerDiscount: number | null;
  images: ProductImage[];
  isBlocked: boolean;
}

const money = (paise: number) => toRupees(paise as Paise).toFixed(2);

/** The price before the product's own offer, as Shopify keeps it: what the offer's percent is off. */
function compareAtPrice(p: ExportedProduct): string {
  if (p.offerDiscount === null || p.offerDiscount >= 100) return '';
  return money(Math.round((p.pricePaise * 100) / (100 - p.offerDiscount)));
}

/** The description as HTML: its text escaped, its line breaks kept. */
function bodyHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r?\n/g, '<br>');
}

/** A picture's address as the browser fetches it; the shop's own files are named from its public address. */
const absolute = (url: string, origin: string) => (url.startsWith('/') ? `${origin}${url}` : url);

function line(cells: Partial<Record<Column, CsvCell>>): CsvCell[] {
  return SHOPIFY_EXPORT_HEADER.map((column) => cells[column] ?? '');
}

/**
 * One handle's products as Shopify's rows: each colour's variant row with its first picture, then a row for each of
 * its other pictures. The handle's first row names it; a later colour's row repeats a text only where it differs
 * (the import reads it as that colour's). Pictures carry their colour as alt text, as Shopify themes tie pictures to
 * a colour, so the import gives each back to its colour.
 */
function handleLines(group: ExportedProduct[], origin: string): CsvCell[][] {
  const [first] = group;
  const lines: CsvCell[][] = [];
  let position = 0;
  for (const p of group) {
    const own = <T>(value: T, firstValue: T) => (p === first || value !== firstValue ? value : '');
    const picture = (image: ProductImage) => {
      position += 1;
      return {
        [SHOPIFY_COLUMN.imageSrc]: absolute(image.large, origin),
        [SHOPIFY_COLUMN.imagePosition]: position,
        [SHOPIFY_COLUMN.imageAlt]: p.color,
      };
    };
    const [firstImage, ...moreImages] = p.images;
    lines.push(
      line({
        [SHOPIFY_COLUMN.handle]: p.handle,
        [SHOPIFY_COLUMN.title]: csvText(own(p.name, first.name)),
        [SHOPIFY_COLUMN.body]: csvText(own(bodyHtml(p.description), bodyHtml(first.description))),
        [SHOPIFY_COLUMN.vendor]: csvText(own(p.brand, first.brand)),
        [SHOPIFY_COLUMN.type]: csvText(own(p.category, first.category)),
        [SHOPIFY_COLUMN.published]: own(p.isBlocked ? 'FALSE' : 'TRUE', first.isBlocked ? 'FALSE' : 'TRUE'),
        [COLOUR_OPTION.name]: p === first ? 'Color' : '',
        [COLOUR_OPTION.value]: p.color,
        [SIZE_OPTION.name]: p === first ? 'Size' : '',
        [SIZE_OPTION.value]: csvText(p.size),
        [SHOPIFY_COLUMN.sku]: csvText(p.sku ?? ''),
        [SHOPIFY_COLUMN.grams]: p.weightGrams,
        [SHOPIFY_COLUMN.quantity]: p.quantity,
        [SHOPIFY_COLUMN.price]: money(p.pricePaise),
        [SHOPIFY_COLUMN.compareAtPrice]: compareAtPrice(p),
        ...(firstImage ? picture(firstImage) : {}),
        [SHOPIFY_COLUMN.status]: own(p.isBlocked ? 'draft' : 'active', first.isBlocked ? 'draft' : 'active'),
      }),
    );
    for (const image of moreImages) lines.push(line({ [SHOPIFY_COLUMN.handle]: p.handle, ...picture(image) }));
  }
  return lines;
}

/**
 * Every live product as Shopify's product CSV, grouped by handle: the handle it was imported under, else its id (so
 * importing the file back finds each product again and changes nothing).
 */
export async function* shopifyExportRows(db: Db, origin: string): AsyncGenerator<CsvCell[][]> {
  const handle = sql<string>`coalesce(${products.importHandle}, ${products.id}::text)`;
  const rows: ExportedProduct[] = await db
    .select({
      id: products.id,
      handle,
      name: products.name,
      description: products.description,
      brand: products.brand,
      category: categories.name,
      color: products.color,
      size: products.size,
      sku: products.sku,
      weightGrams: products.weightGrams,
      quantity: products.quantity,
      pricePaise: products.pricePaise,
      offerDiscount: sql<number | null>`case when ${offers.deletedAt} is null then ${offers.discount} end`,
      images: products.images,
      isBlocked: products.isBlocked,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(offers, eq(offers.id, products.offerId))
    .where(isNull(products.deletedAt))
    .orderBy(sql`lower(${handle})`, asc(products.createdAt), asc(products.color), asc(products.id));
  const groups = new Map<string, ExportedProduct[]>();
  for (const row of rows) {
    const key = row.handle.toLowerCase();
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  let batch: CsvCell[][] = [];
  for (const group of groups.values()) {
    batch.push(...handleLines(group, origin));
    if (batch.length >= 500) {
      yield batch;
      batch = [];
    }
  }
  yield batch;
}
