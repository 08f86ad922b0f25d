import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeOrder {
  id: string;
  entity: 'order';
  amount: number;
  currency: string;
  receipt: string;
  status: 'created';
}

export interface FakeRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: 'INR';
  payment_id: string;
  receipt: string | null;
  notes: Record<string, string>;
  status: 'processed';
  /** The X-Refund-Idempotency header it was created with. */
  idempotencyKey: string | null;
}

export interface FakeRazorpay {
  url: string;
  keyId: string;
  keySecret: string;
  /** The orders created so far, oldest first. */
  orders: FakeOrder[];
  /** The refunds taken so far, oldest first; a repeated idempotency key adds none. */
  refunds: FakeRefund[];
  /** The next `count` refund requests answer 500 and take nothing, as when Razorpay has an outage. */
  failNextRefunds(count: number): void;
  close(): Promise<void>;
}

type Send = (status: number, body: unknown) => void;
const badRequest = (send: Send, status: number, description: string) =>
  send(status, { error: { code: status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR', description } });

const REFUND_PATH = /^\/v1\/payments\/(pay_[A-Za-z0-9_]+)\/refund$/;

/**
 * A local stand-in for Razorpay's orders and refunds API: Basic auth with the given key; POST /v1/orders and
 * POST /v1/payments/{id}/refund (with X-Refund-Idempotency: the same key and body answer the first refund again).
 */
export async function startFakeRazorpay(keyId = 'rzp_test_fake', keySecret = 'fake_secret'): Promise<FakeRazorpay> {
  const orders: FakeOrder[] = [];
  const refunds: FakeRefund[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  let next = 0;
  let refundFailures = 0;

  function createOrder(body: { amount?: unknown; currency?: unknown; receipt?: unknown }, send: Send) {
    if (!Number.isInteger(body.amount) || (body.amount as number) < 100 || body.currency !== 'INR') {
      return badRequest(send, 400, 'Order amount less than minimum amount allowed');
    }
    next += 1;
    const order: FakeOrder = {
      id: `order_fake${String(next).padStart(10, '0')}`,
      entity: 'order',
      amount: body.amount as number,
      currency: 'INR',
      receipt: String(body.receipt ?? ''),
      status: 'created',
    };
    orders.push(order);
    send(200, order);
  }

  function refund(
    paymentId: string,
    body: { amount?: unknown; receipt?: unknown; notes?: unknown },
    idempotencyKey: string | null,
    send: Send,
  ) {
    if (refundFailures > 0) {
      refundFailures -= 1;
      return badRequest(send, 500, 'We are facing some trouble completing your request at the moment');
    }
    if (!Number.isInteger(body.amount) || (body.amount as number) < 100) {
      return badRequest(send, 400, 'The amount must be at least INR 1.00');
    }
    if (idempotencyKey !== null && !/^[A-Za-z0-9_-]{10,}$/.test(idempotencyKey)) {
      return badRequest(send, 400, 'Invalid idempotency key');
    }
    const receipt = typeof body.receipt === 'string' ? body.receipt : null;
    const earlier = idempotencyKey === null ? undefined : refunds.find((r) => r.idempotencyKey === idempotencyKey);
    if (earlier) {
      const sameNotes = JSON.stringify(earlier.notes) === JSON.stringify(body.notes ?? {});
      if (
        earlier.payment_id !== paymentId ||
        earlier.amount !== body.amount ||
        earlier.receipt !== receipt ||
        !sameNotes
      ) {
        return badRequest(send, 400, 'Different request body sent for the same idempotency key');
      }
      return send(200, earlier);
    }
    const created: FakeRefund = {
      id: `rfnd_fake${String(refunds.length + 1).padStart(10, '0')}`,
      entity: 'refund',
      amount: body.amount as number,
      currency: 'INR',
      payment_id: paymentId,
      receipt,
      notes: (body.notes as Record<string, string>) ?? {},
      status: 'processed',
      idempotencyKey,
    };
    refunds.push(created);
    send(200, created);
  }

  const server = http.createServer((req, res) => {
    const send: Send = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const refundOf = req.url?.match(REFUND_PATH);
      if (req.method !== 'POST' || (req.url !== '/v1/orders' && !refundOf)) {
        return badRequest(send, 404, 'The requested URL was not found');
      }
      if (req.headers.authorization !== expectedAuth) return badRequest(send, 401, 'Authentication failed');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw);
      } catch {
        return badRequest(send, 400, 'Invalid JSON');
      }
      if (!refundOf) return createOrder(body, send);
      const key = req.headers['x-refund-idempotency'];
      refund(refundOf[1], body, typeof key === 'string' ? key : null, send);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    keyId,
    keySecret,
    orders,
    refunds,
    failNextRefunds(count) {
      refundFailures = count;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      }),
  };
}
