import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The endpoints the fake answers, by the names its call counts use. */
export type FakeShiprocketEndpoint =
  | 'login'
  | 'serviceability'
  | 'create'
  | 'orders'
  | 'assign'
  | 'label'
  | 'pickup'
  | 'track'
  | 'cancel'
  | 'label-file';

export interface FakeCourier {
  courier_company_id: number;
  courier_name: string;
  estimated_delivery_days: string;
  etd: string;
  cod: 0 | 1;
  rate: number;
}

export interface FakeShiprocketOrder {
  id: number;
  channel_order_id: string;
  status: 'NEW' | 'CANCELED';
  shipmentId: number;
  awb: string | null;
  courierName: string | null;
  /** The body it was created with. */
  payload: Record<string, unknown>;
}

export interface FakeActivity {
  date: string;
  status: string;
  activity: string;
  location: string;
  'sr-status': string;
  'sr-status-label': string;
}

export interface FakeTracking {
  current_status: string;
  etd: string;
  activities: FakeActivity[];
}

export interface FakeShiprocket {
  url: string;
  email: string;
  password: string;
  /** Calls per endpoint so far, failed and delayed ones included. */
  calls: Record<FakeShiprocketEndpoint, number>;
  /** Orders created, oldest first (a refused duplicate adds none). */
  orders: FakeShiprocketOrder[];
  /** Tokens issued, oldest first. */
  tokens: string[];
  /** Every token issued so far answers 401 from now on, as after its 10 days. */
  expireTokens(): void;
  /** While on, every token (new ones too) answers 401, as when the API user's access was revoked. */
  refuseAllTokens(on: boolean): void;
  /** Couriers for a delivery pincode: none makes it unserviceable (200 with `status: 404`); default: two couriers. */
  setCouriers(deliveryPincode: string, couriers: FakeCourier[]): void;
  /** What tracking answers for an AWB. */
  setTracking(awb: string, tracking: FakeTracking): void;
  /** The next `count` calls (to `endpoint`, or any) answer 500 and do nothing. */
  failNext(count: number, endpoint?: FakeShiprocketEndpoint): void;
  /** The next `count` calls (to `endpoint`, or any) do their work, then answer after `ms`. */
  delayNext(count: number, ms: number, endpoint?: FakeShiprocketEndpoint): void;
  close(): Promise<void>;
}

export const DEFAULT_COURIERS: FakeCourier[] = [
  {
    courier_company_id: 10,
    courier_name: 'Delhivery Surface',
    estimated_delivery_days: '5',
    etd: 'Dec 07, 2026',
    cod: 1,
    rate: 72.5,
  },
  {
    courier_company_id: 24,
    courier_name: 'Xpressbees Air',
    estimated_delivery_days: '2',
    etd: 'Dec 04, 2026',
    cod: 0,
    rate: 118,
  },
];

/** A tiny valid PDF: what a label URL serves. */
export const LABEL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

interface Rule {
  count: number;
  endpoint?: FakeShiprocketEndpoint;
}
interface DelayRule extends Rule {
  ms: number;
}

type Send = (status: number, body: unknown) => void;

const ROUTES: [method: string, path: RegExp, endpoint: FakeShiprocketEndpoint][] = [
  ['POST', /^\/v1\/external\/auth\/login$/, 'login'],
  ['GET', /^\/v1\/external\/courier\/serviceability\/?$/, 'serviceability'],
  ['POST', /^\/v1\/external\/orders\/create\/adhoc$/, 'create'],
  ['GET', /^\/v1\/external\/orders$/, 'orders'],
  ['POST', /^\/v1\/external\/courier\/assign\/awb$/, 'assign'],
  ['POST', /^\/v1\/external\/courier\/generate\/label$/, 'label'],
  ['POST', /^\/v1\/external\/courier\/generate\/pickup$/, 'pickup'],
  ['GET', /^\/v1\/external\/courier\/track\/awb\/[^/]+$/, 'track'],
  ['POST', /^\/v1\/external\/orders\/cancel$/, 'cancel'],
  ['GET', /^\/labels\/\d+\.pdf$/, 'label-file'],
];

/** Takes the first matching rule's turn, if any. */
function take<T extends Rule>(rules: T[], endpoint: FakeShiprocketEndpoint): T | undefined {
  const rule = rules.find((r) => r.count > 0 && (r.endpoint === undefined || r.endpoint === endpoint));
  if (rule) rule.count -= 1;
  return rule;
}

/**
 * A local stand-in for Shiprocket's external API (apiv2.shiprocket.in/v1/external), written from its public
 * documentation: a bearer token from /auth/login, serviceability, adhoc orders (a second order with the same order_id
 * is refused), the order list's search, AWB, label, pickup, tracking by AWB and cancel.
 */
export async function startFakeShiprocket(
  email = 'shop@example.in',
  password = 'courier-pass',
): Promise<FakeShiprocket> {
  const calls = Object.fromEntries(ROUTES.map(([, , endpoint]) => [endpoint, 0])) as FakeShiprocket['calls'];
  const orders: FakeShiprocketOrder[] = [];
  const tokens: string[] = [];
  const expired = new Set<string>();
  let refuseAll = false;
  const couriersByPincode = new Map<string, FakeCourier[]>();
  const tracking = new Map<string, FakeTracking>();
  const failures: Rule[] = [];
  const delays: DelayRule[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let url = '';

  const handlers: Record<FakeShiprocketEndpoint, (req: URL, body: Record<string, unknown>, send: Send) => void> = {
    login(_req, body, send) {
      if (body.email !== email || body.password !== password) {
        return send(400, { message: 'Invalid email and password combination', status_code: 400 });
      }
      const token = `fake.jwt.${tokens.length + 1}`;
      tokens.push(token);
      send(200, { id: 1, first_name: 'Bag', last_name: 'Shop', email, company_id: 99, token });
    },
    serviceability(req, _body, send) {
      const delivery = req.searchParams.get('delivery_postcode') ?? '';
      const pickup = req.searchParams.get('pickup_postcode') ?? '';
      const weight = Number(req.searchParams.get('weight'));
      if (!/^\d{6}$/.test(delivery) || !/^\d{6}$/.test(pickup) || !(weight > 0)) {
        return send(422, { message: 'The given data was invalid.', status_code: 422 });
      }
      const cod = req.searchParams.get('cod') === '1';
      const list = (couriersByPincode.get(delivery) ?? DEFAULT_COURIERS).filter((c) => !cod || c.cod === 1);
      if (list.length === 0) return send(200, { status: 404, message: 'No courier available for this pincode' });
      send(200, {
        status: 200,
        data: { available_courier_companies: list, recommended_courier_company_id: list[0].courier_company_id },
      });
    },
    create(_req, body, send) {
      const reference = String(body.order_id ?? '');
      if (reference === '' || !Array.isArray(body.order_items) || body.order_items.length === 0) {
        return send(422, { message: 'The given data was invalid.', status_code: 422 });
      }
      if (orders.some((o) => o.channel_order_id === reference && o.status !== 'CANCELED')) {
        return send(422, { message: `Order Id ${reference} already exists`, status_code: 422 });
      }
      const order: FakeShiprocketOrder = {
        id: 500_000 + orders.length + 1,
        channel_order_id: reference,
        status: 'NEW',
        shipmentId: 900_000 + orders.length + 1,
        awb: null,
        courierName: null,
        payload: body,
      };
      orders.push(order);
      send(200, {
        order_id: order.id,
        shipment_id: order.shipmentId,
        status: 'NEW',
        status_code: 1,
        awb_code: '',
        courier_company_id: '',
        courier_name: '',
      });
    },
    orders(req, _body, send) {
      const search = req.searchParams.get('search') ?? '';
      const found = orders.filter((o) => search !== '' && o.channel_order_id.includes(search));
      send(200, {
        data: found.map((o) => ({
          id: o.id,
          channel_order_id: o.channel_order_id,
          status: o.status,
          shipments: [{ id: o.shipmentId, awb: o.awb ?? '', courier: o.courierName ?? '' }],
        })),
        meta: {
          pagination: { total: found.length, count: found.length, per_page: 15, current_page: 1, total_pages: 1 },
        },
      });
    },
    assign(_req, body, send) {
      const order = orders.find((o) => o.shipmentId === Number(body.shipment_id));
      if (!order || order.status === 'CANCELED') {
        return send(200, { awb_assign_status: 0, response: { data: { awb_assign_error: 'Invalid shipment id' } } });
      }
      if (!order.awb) {
        const courier =
          DEFAULT_COURIERS.find((c) => c.courier_company_id === Number(body.courier_id)) ?? DEFAULT_COURIERS[0];
        order.awb = `1410${order.shipmentId}`;
        order.courierName = courier.courier_name;
      }
      const courier = DEFAULT_COURIERS.find((c) => c.courier_name === order.courierName);
      send(200, {
        awb_assign_status: 1,
        response: {
          data: {
            awb_code: order.awb,
            courier_company_id: courier?.courier_company_id ?? 0,
            courier_name: order.courierName,
            shipment_id: order.shipmentId,
          },
        },
      });
    },
    label(_req, body, send) {
      const ids = Array.isArray(body.shipment_id) ? body.shipment_id.map(Number) : [];
      const order = orders.find((o) => o.shipmentId === ids[0]);
      if (!order?.awb) return send(400, { message: 'AWB not assigned for the shipment', status_code: 400 });
      send(200, {
        label_created: 1,
        label_url: `${url}/labels/${order.shipmentId}.pdf`,
        response: 'Label has been created and uploaded successfully!',
        not_created: [],
      });
    },
    pickup(_req, body, send) {
      const ids = Array.isArray(body.shipment_id) ? body.shipment_id.map(Number) : [];
      const order = orders.find((o) => o.shipmentId === ids[0]);
      if (!order?.awb) return send(400, { message: 'Please assign AWB first', status_code: 400 });
      send(200, {
        pickup_status: 1,
        response: {
          pickup_scheduled_date: '2026-12-03 10:00:00',
          pickup_token_number: `Reference No: ${order.shipmentId}`,
          status: 3,
        },
      });
    },
    track(req, _body, send) {
      const awb = decodeURIComponent(req.pathname.split('/').at(-1) ?? '');
      const set = tracking.get(awb);
      if (!set) {
        return send(200, {
          tracking_data: {
            track_status: 0,
            shipment_status: 0,
            shipment_track: [],
            shipment_track_activities: null,
            error: 'Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.',
          },
        });
      }
      send(200, {
        tracking_data: {
          track_status: 1,
          shipment_status: 6,
          shipment_track: [{ awb_code: awb, current_status: set.current_status, edd: set.etd }],
          // Newest first, as Shiprocket lists them.
          shipment_track_activities: [...set.activities].reverse(),
          track_url: `https://shiprocket.co/tracking/${awb}`,
          etd: set.etd,
        },
      });
    },
    cancel(_req, body, send) {
      const ids = Array.isArray(body.ids) ? body.ids.map(Number) : [];
      const found = orders.filter((o) => ids.includes(o.id));
      if (found.length === 0) return send(422, { message: 'Order not found', status_code: 422 });
      for (const order of found) order.status = 'CANCELED';
      send(200, { status: 200, message: 'Order cancelled successfully.' });
    },
    'label-file'() {},
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const address = new URL(req.url ?? '/', url);
      const route = ROUTES.find(([method, path]) => method === req.method && path.test(address.pathname));
      const write = (status: number, type: string, payload: string | Buffer) => {
        res.writeHead(status, { 'content-type': type });
        res.end(payload);
      };
      if (!route) return write(404, 'application/json', JSON.stringify({ message: 'Not found', status_code: 404 }));
      const endpoint = route[2];
      calls[endpoint] += 1;
      const failed = take(failures, endpoint) !== undefined;
      const delay = failed ? undefined : take(delays, endpoint);
      const answer = (status: number, type: string, payload: string | Buffer) => {
        if (!delay) return write(status, type, payload);
        const timer = setTimeout(() => {
          timers.delete(timer);
          write(status, type, payload);
        }, delay.ms);
        timers.add(timer);
      };
      const send: Send = (status, body) => answer(status, 'application/json', JSON.stringify(body));
      if (failed) return send(500, { message: 'Something went wrong', status_code: 500 });
      if (endpoint === 'label-file') return answer(200, 'application/pdf', LABEL_PDF);
      if (endpoint !== 'login') {
        const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
        if (refuseAll || !tokens.includes(token) || expired.has(token)) {
          return send(401, { message: 'Token has expired', status_code: 401 });
        }
      }
      let body: Record<string, unknown> = {};
      try {
        body = raw === '' ? {} : JSON.parse(raw);
      } catch {
        return send(400, { message: 'Invalid JSON', status_code: 400 });
      }
      handlers[endpoint](address, body, send);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    email,
    password,
    calls,
    orders,
    tokens,
    expireTokens() {
      for (const token of tokens) expired.add(token);
    },
    refuseAllTokens(on) {
      refuseAll = on;
    },
    setCouriers(pincode, list) {
      couriersByPincode.set(pincode, list);
    },
    setTracking(awb, set) {
      tracking.set(awb, set);
    },
    failNext(count, endpoint) {
      failures.push({ count, endpoint });
    },
    delayNext(count, ms, endpoint) {
      delays.push({ count, ms, endpoint });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      }),
  };
}
