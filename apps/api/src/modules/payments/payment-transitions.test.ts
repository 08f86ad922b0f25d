import crypto from 'node:crypto';
import {
  PAYMENT_RECORD_STATUSES,
  PAYMENT_STATUSES,
  type PaymentRecordStatus,
  type PaymentStatus,
} from '@bagshop/shared/orders';
import { asPaise } from '@bagshop/shared/pricing/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder } from '../../../test/order-rows.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/users.ts';
import { orders, payments } from '../../db/schema/orders.ts';
import {
  canMovePaymentRecord,
  canMovePaymentStatus,
  moveOrderPaymentStatus,
  movePaymentRecord,
} from './payment-transitions.ts';

/** Every (from, to) pair of a status list, split into the allowed and the refused ones. */
function movesOf<S extends string>(statuses: readonly S[], allowed: (from: S, to: S) => boolean) {
  const pairs = statuses.flatMap((from) => statuses.map((to) => ({ from, to, ok: allowed(from, to) })));
  const named = (ps: typeof pairs) => ps.map((p) => `${p.from} → ${p.to}`);
  return {
    pairs,
    allowed: named(pairs.filter((p) => p.ok)),
    refused: named(pairs.filter((p) => !p.ok)),
  };
}

const ORDER_PAYMENT_ALLOWED = ['Pending → Paid', 'Pending → Refunded', 'Paid → Refunded'];
const ORDER_PAYMENT_REFUSED = [
  'Pending → Pending',
  'Pending → Failed',
  'Paid → Pending',
  'Paid → Paid',
  'Paid → Failed',
  'Failed → Pending',
  'Failed → Paid',
  'Failed → Failed',
  'Failed → Refunded',
  'Refunded → Pending',
  'Refunded → Paid',
  'Refunded → Failed',
  'Refunded → Refunded',
];

const RECORD_ALLOWED = [
  'created → paid',
  'created → failed',
  'created → refund_pending',
  'failed → paid',
  'failed → refund_pending',
  'refund_pending → refunded',
];
const RECORD_REFUSED = [
  'created → created',
  'created → refunded',
  'paid → created',
  'paid → paid',
  'paid → failed',
  'paid → refund_pending',
  'paid → refunded',
  'failed → created',
  'failed → failed',
  'failed → refunded',
  'refund_pending → created',
  'refund_pending → paid',
  'refund_pending → failed',
  'refund_pending → refund_pending',
  'refunded → created',
  'refunded → paid',
  'refunded → failed',
  'refunded → refund_pending',
  'refunded → refunded',
];

describe('order payment status transitions', () => {
  it('allow exactly paying, refunding a paid order and refunding a late card payment', () => {
    const { allowed, refused } = movesOf(PAYMENT_STATUSES, canMovePaymentStatus);
    expect(allowed).toEqual(ORDER_PAYMENT_ALLOWED);
    expect(refused).toEqual(ORDER_PAYMENT_REFUSED);
  });
});

describe('payment record transitions', () => {
  it('allow settling once, a capture after a failure, and a refund only through refund_pending', () => {
    const { allowed, refused } = movesOf(PAYMENT_RECORD_STATUSES, canMovePaymentRecord);
    expect(allowed).toEqual(RECORD_ALLOWED);
    expect(refused).toEqual(RECORD_REFUSED);
  });
});

describe('the one writer of each payment status', () => {
  let t: TestApp;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp();
    userId = (await createUser(t)).id;
  });
  afterAll(() => t.close());

  const statusOfOrder = async (id: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0].paymentStatus;
  const statusOfRecord = async (id: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0].status;

  it('moves an order only along the table, and only from the status it is in', async () => {
    for (const { from, to, ok } of movesOf(PAYMENT_STATUSES, canMovePaymentStatus).pairs) {
      const { order } = await insertOrder(t, userId, { order: { paymentStatus: from } });
      const move = (f: PaymentStatus) =>
        t.database.db.transaction((tx) => moveOrderPaymentStatus(tx, order.id, { from: f, to }));
      if (!ok) {
        await expect(move(from), `${from} → ${to}`).rejects.toThrow(/cannot move/);
        expect(await statusOfOrder(order.id)).toBe(from);
        continue;
      }
      // A caller that read a stale status moves nothing: the update is conditional on `from`.
      const other = PAYMENT_STATUSES.find((s) => s !== from && canMovePaymentStatus(s, to));
      if (other) expect(await move(other)).toBe(false);
      expect(await statusOfOrder(order.id)).toBe(from);
      expect(await move(from), `${from} → ${to}`).toBe(true);
      expect(await statusOfOrder(order.id)).toBe(to);
      expect(await move(from), 'a replay moves nothing').toBe(false);
    }
  });

  it('moves a payment row only along the table, and only from the status it is in', async () => {
    for (const { from, to, ok } of movesOf(PAYMENT_RECORD_STATUSES, canMovePaymentRecord).pairs) {
      const [row] = await t.database.db
        .insert(payments)
        .values({
          userId,
          purpose: 'wallet',
          provider: 'sandbox',
          providerOrderId: `order_t_${crypto.randomBytes(6).toString('hex')}`,
          amountPaise: asPaise(10_000),
          status: from,
        })
        .returning();
      const move = (f: PaymentRecordStatus) => movePaymentRecord(t.database.db, row.id, { from: f, to });
      if (!ok) {
        await expect(move(from), `${from} → ${to}`).rejects.toThrow(/cannot move/);
        expect(await statusOfRecord(row.id)).toBe(from);
        continue;
      }
      const other = PAYMENT_RECORD_STATUSES.find((s) => s !== from && canMovePaymentRecord(s, to));
      if (other) expect(await move(other)).toBeNull();
      expect(await statusOfRecord(row.id)).toBe(from);
      expect(await move(from), `${from} → ${to}`).toMatchObject({ id: row.id, status: to });
      expect(await move(from), 'a replay moves nothing').toBeNull();
    }
  });
});
