import type { Db } from '../../db/client.ts';
import { nextOfferChange, offerChangedBetween, refreshOfferPercents } from '../../db/sale-prices.ts';

/** How often the job looks again for the next offer start or end, whatever it found before. */
export const SALE_PRICE_RECHECK_MS = 60 * 1000;
/** Past the moment itself, so the database's clock is surely at or after the start or end. */
const AFTER_CHANGE_MS = 50;

/**
 * Brings every stored price after offer up to date with the offers that apply now: one set-based, idempotent UPDATE
 * (only changed rows are written), safe while other shop processes run it too. Returns the products changed.
 */
export function refreshSalePrices(db: Db, at?: Date): Promise<number> {
  return refreshOfferPercents(db, undefined, at);
}

/** The running jobs of this process, woken when an offer's dates or state change here. */
const running = new Set<() => void>();

/** An offer was created or changed: the jobs look for the next start or end again at once. */
export function wakeSalePriceJob(): void {
  for (const wake of running) wake();
}

/**
 * The scheduled job: refreshes the stored prices now, then again at the next moment an offer starts or ends (a
 * timer armed for it), and looks again every minute in case another shop process changed an offer. Between two
 * runs only a start or an end can change a price (every write refreshes its products in its own transaction), so a
 * run without one in between costs one small query instead of pricing every product. The returned function stops
 * it and waits for a run under way.
 */
export function scheduleSalePrices(db: Db, onError: (error: unknown) => void): () => Promise<void> {
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let lastRun: Date | null = null;

  const arm = (delayMs: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, Math.max(0, Math.min(delayMs, SALE_PRICE_RECHECK_MS)));
    timer.unref();
  };

  function run() {
    if (stopped) return;
    if (current) {
      again = true;
      return;
    }
    current = (async () => {
      let delay = SALE_PRICE_RECHECK_MS;
      try {
        const now = new Date();
        // A minute back from the last run: a write whose transaction began before a start or an end and committed
        // after that run priced at the old moment; the next run prices it again.
        const since = lastRun && new Date(lastRun.getTime() - SALE_PRICE_RECHECK_MS);
        if (!since || (await offerChangedBetween(db, since, now))) await refreshSalePrices(db, now);
        lastRun = now;
        const next = await nextOfferChange(db, now);
        if (next) delay = next.getTime() - Date.now() + AFTER_CHANGE_MS;
      } catch (error) {
        onError(error);
      } finally {
        current = null;
      }
      if (again) {
        again = false;
        run();
      } else {
        arm(delay);
      }
    })();
  }

  running.add(run);
  run();
  return async () => {
    stopped = true;
    running.delete(run);
    if (timer) clearTimeout(timer);
    await current;
  };
}
