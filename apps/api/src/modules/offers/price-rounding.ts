import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import type { PriceRounding } from '@bagshop/shared/schemas/catalogue';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { pricingSettings, products } from '../../db/schema/catalogue.ts';
import { recordAudit } from '../../platform/audit.ts';

/** Whether prices after offers drop to the whole rupee below (no row yet: off, the default). */
export async function getPriceRounding(db: DbOrTx): Promise<PriceRounding> {
  const [row] = await db
    .select({ roundOfferPrices: pricingSettings.roundOfferPrices })
    .from(pricingSettings)
    .where(eq(pricingSettings.id, 1));
  return { roundOfferPrices: row?.roundOfferPrices ?? false };
}

/**
 * Turns the rounding on or off (docs/decisions/060-offer-prices-to-the-rupee.md): the setting's row and every
 * product's copy of it change in one transaction. The table is locked first (EXCLUSIVE: reads go on, the products
 * trigger's FOR SHARE waits), so a product written meanwhile either committed before, and is updated below, or waits
 * and takes the new value; this holds also for the first change, when there is no row yet to lock. Each product's
 * stored price after offer follows from its row; the catalogue's caches are cleared by the products' notification.
 */
export async function setPriceRounding(
  db: Db,
  adminId: string,
  input: PriceRounding,
): Promise<{ message: string } & PriceRounding> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${pricingSettings} in exclusive mode`);
    const before = await getPriceRounding(tx);
    await tx
      .insert(pricingSettings)
      .values({ id: 1, roundOfferPrices: input.roundOfferPrices })
      .onConflictDoUpdate({
        target: pricingSettings.id,
        set: { roundOfferPrices: input.roundOfferPrices, updatedAt: sql`now()` },
      });
    await tx
      .update(products)
      .set({ offerRoundsToRupee: input.roundOfferPrices })
      .where(sql`${products.offerRoundsToRupee} is distinct from ${input.roundOfferPrices}`);
    if (before.roundOfferPrices !== input.roundOfferPrices) {
      await recordAudit(tx, adminId, {
        kind: 'price-rounding',
        action: 'update',
        entityId: 'pricing',
        summary: CATALOGUE_MSG.roundingLabel,
        before,
        after: input,
      });
    }
    return {
      message: input.roundOfferPrices ? CATALOGUE_MSG.roundingOn : CATALOGUE_MSG.roundingOff,
      roundOfferPrices: input.roundOfferPrices,
    };
  });
}
