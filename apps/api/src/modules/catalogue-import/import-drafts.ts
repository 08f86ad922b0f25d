import { IMPORT_MSG } from '@bagshop/shared/catalogue-import';
import { productUpdateSchema } from '@bagshop/shared/schemas/catalogue';
import type { z } from 'zod';
import { type CellProblem, SHOPIFY_COLUMN, type SheetProduct } from './shopify-products.ts';

/** The product fields an import sets, checked by the same rules as the administrator's form. */
const draftSchema = productUpdateSchema
  .omit({ category: true, offer: true, existingImages: true })
  // Without a Size option or a default size, a product the shop has keeps its size; a new one is refused when planned.
  .extend({ size: productUpdateSchema.shape.size.optional() });
export type ProductDraftFields = z.output<typeof draftSchema>;

/** A product the sheet describes, in the shop's terms, ready to be matched against the catalogue. */
export interface ProductDraft {
  source: SheetProduct;
  fields: ProductDraftFields;
  /** The category by name (Shopify's Type), found or created when the import is planned. */
  categoryName: string;
  /** Off the price when the sheet's compare-at price is above it: an offer, if the administrator asks for it. */
  compareAtPercent: number | null;
}

/** Which column of the sheet each field the import sets comes from, for the report (the package sides it leaves). */
const COLUMN_OF_FIELD: Record<Exclude<keyof ProductDraftFields, 'lengthCm' | 'breadthCm' | 'heightCm'>, string> = {
  name: SHOPIFY_COLUMN.title,
  description: SHOPIFY_COLUMN.body,
  price: SHOPIFY_COLUMN.price,
  brand: SHOPIFY_COLUMN.vendor,
  color: 'Option1 Value',
  size: 'Default size',
  sku: SHOPIFY_COLUMN.sku,
  quantity: SHOPIFY_COLUMN.quantity,
  weightGrams: SHOPIFY_COLUMN.grams,
};

export interface DraftOptions {
  /** The size of products whose sheet has no option named Size (the administrator picks it in the import form); '' for none. */
  defaultSize: string;
}

/** Shopify writes 0 grams for a variant nobody weighed: no weight, so the shop's default applies. */
function gramsOf(cell: string): string | undefined {
  return cell === '' || Number(cell) === 0 ? undefined : cell;
}

function compareAtPercent(price: number, compareAtCell: string): number | null {
  const compareAt = Number(compareAtCell);
  if (compareAtCell === '' || !Number.isFinite(compareAt) || compareAt <= price) return null;
  const percent = Math.round(((compareAt - price) / compareAt) * 100);
  return percent >= 1 && percent <= 100 ? percent : null;
}

/**
 * Checks a sheet's product by the form's rules (names, lengths, price, SKU, weight): a draft, or each problem at its
 * row and column. An empty stock cell is 0 (Shopify leaves it empty when it does not track stock). The category is
 * the Type, matched by name when the import is planned.
 */
export function draftOf(product: SheetProduct, options: DraftOptions): ProductDraft | CellProblem[] {
  const parsed = draftSchema.safeParse({
    name: product.title,
    description: product.description,
    price: product.price,
    brand: product.vendor,
    color: product.color,
    size: product.size ?? (options.defaultSize || undefined),
    sku: product.sku,
    quantity: product.quantity === '' ? '0' : product.quantity,
    weightGrams: gramsOf(product.grams),
  });
  const problems: CellProblem[] = [];
  if (!product.type)
    problems.push({ row: product.row, column: SHOPIFY_COLUMN.type, message: IMPORT_MSG.categoryRequired });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof typeof COLUMN_OF_FIELD;
      const column =
        field === 'size'
          ? (product.optionColumns.size ?? COLUMN_OF_FIELD.size)
          : field === 'color'
            ? product.optionColumns.color
            : COLUMN_OF_FIELD[field];
      problems.push({ row: product.row, column, message: issue.message });
    }
  }
  if (!parsed.success || problems.length > 0) return problems;
  return {
    source: product,
    fields: parsed.data,
    categoryName: product.type,
    compareAtPercent: compareAtPercent(parsed.data.price, product.compareAtPrice),
  };
}
