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

export interface FakeRazorpay {
  url: string;
  keyId: string;
  keySecret: string;
  /** The orders created so far, oldest first. */
  orders: FakeOrder[];
  close(): Promise<void>;
}

/** A local stand-in for Razorpay's orders API: Basic auth with the given key, POST /v1/orders only. */
export async function startFakeRazorpay(keyId = 'rzp_test_fake', keySecret = 'fake_secret'): Promise<FakeRazorpay> {
  const orders: FakeOrder[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  let next = 0;

  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/orders') {
        return send(404, { error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found' } });
      }
      if (req.headers.authorization !== expectedAuth) {
        return send(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
      }
      let body: { amount?: unknown; currency?: unknown; receipt?: unknown };
      try {
        body = JSON.parse(raw);
      } catch {
        return send(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'Invalid JSON' } });
      }
      if (!Number.isInteger(body.amount) || (body.amount as number) < 100 || body.currency !== 'INR') {
        return send(400, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'Order amount less than minimum amount allowed' },
        });
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
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    keyId,
    keySecret,
    orders,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      }),
  };
}
