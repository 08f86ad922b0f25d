import crypto from 'node:crypto';
import type { AdminShipmentDto, CreateShipmentInput } from '@bagshop/shared/schemas/shipping';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/** A plausible India Post AWB (EK123456789IN), another one each call: a live AWB is booked once. */
export function testAwb(): string {
  return `EK${crypto.randomInt(100_000_000, 1_000_000_000)}IN`;
}

/**
 * What the admin desk sends to book a parcel with the manual provider (the tests' default): the courier's name and
 * the AWB it gave at the counter, for the named items or every Pending item of the order.
 */
export function shipmentBody(orderId: string, itemIds?: readonly string[]): CreateShipmentInput {
  return { orderId, ...(itemIds ? { items: [...itemIds] } : {}), courier: 'India Post', awb: testAwb() };
}

/**
 * Ships items the one way they ship: the administrator books a parcel (POST /api/admin/shipments) and its items move
 * Pending → Shipped. It only books: a cash-on-delivery order must have been confirmed by its shopper first, and a
 * card order paid.
 */
export async function shipItems(
  t: Pick<TestApp, 'request'>,
  adminToken: string,
  orderId: string,
  itemIds?: readonly string[],
): Promise<AdminShipmentDto> {
  const res = await t.request({
    method: 'POST',
    url: '/api/admin/shipments',
    token: adminToken,
    payload: shipmentBody(orderId, itemIds),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().shipment as AdminShipmentDto;
}
