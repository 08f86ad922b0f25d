import { toPaise, toRupees } from '@bagshop/shared/pricing/money';
import {
  type CourierOption,
  type Estimate,
  type ShipmentOrder,
  type ShipmentOrderRequest,
  type ShipmentTracking,
  type ShippingProvider,
  ShippingProviderError,
  type TrackingEvent,
  trackingEventKind,
} from './provider.ts';

export interface ShiprocketOptions {
  email: string;
  password: string;
  /** e.g. https://apiv2.shiprocket.in; a local fake in tests. */
  apiUrl: string;
  /** The pickup address's name in the Shiprocket panel ('Primary' unless renamed). */
  pickupLocation: string;
  /** Per call; the answer's body included. */
  timeoutMs?: number;
  /** Extra tries for reads (serviceability, order lookup, tracking, login) after a 5xx, a timeout or no connection. */
  readRetries?: number;
  /** First wait before a retry; doubled each time. */
  retryDelayMs?: number;
  /** Milliseconds since the epoch; the token's age is measured with it. */
  now?: () => number;
}

/** Shiprocket's token lasts 10 days; the adapter logs in again a day before that. */
export const TOKEN_LIFETIME_MS = 10 * 24 * 60 * 60 * 1000;
export const TOKEN_RENEW_AFTER_MS = 9 * 24 * 60 * 60 * 1000;

const IST_OFFSET_MS = 330 * 60 * 1000;

interface Answer {
  status: number;
  body: Record<string, unknown> | null;
}

interface Call {
  query?: Record<string, string>;
  body?: unknown;
}

const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null;
const idOf = (value: string): number | string => (/^\d+$/.test(value) ? Number(value) : value);

function describe(what: string, answer: Answer): string {
  const message = text(answer.body?.message);
  return `Shiprocket refused ${what} (${answer.status}${message ? `: ${message}` : ''})`;
}

/** 'YYYY-MM-DD…' or 'Dec 05, 2026' → '2026-12-05'; anything else null. */
export function dateOnly(value: unknown): string | null {
  const given = text(value);
  if (!given) return null;
  if (/^\d{4}-\d{2}-\d{2}/.test(given)) return given.slice(0, 10);
  const parsed = Date.parse(`${given} UTC`);
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString().slice(0, 10);
}

/** Shiprocket's times are Indian Standard Time without an offset: '2026-12-03 16:15:00' → '2026-12-03T16:15:00+05:30'. */
export function istTime(value: unknown): string | null {
  const given = text(value);
  if (!given) return null;
  const local = given.match(/^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)$/);
  if (local) return `${local[1]}T${local[2].length === 5 ? `${local[2]}:00` : local[2]}+05:30`;
  // The webhook's current_timestamp comes day first with spaces: '23 05 2023 11:43:52'.
  const dayFirst = given.match(/^(\d{2})[ /-](\d{2})[ /-](\d{4}) (\d{2}:\d{2}(?::\d{2})?)$/);
  if (dayFirst) {
    const [, day, month, year, time] = dayFirst;
    return `${year}-${month}-${day}T${time.length === 5 ? `${time}:00` : time}+05:30`;
  }
  const parsed = Date.parse(given);
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString();
}

function courierOption(raw: unknown): CourierOption | null {
  const c = record(raw);
  const id = text(c.courier_company_id);
  const name = text(c.courier_name);
  if (!id || !name) return null;
  const days = Number(c.estimated_delivery_days);
  const rate = Number(c.rate);
  return {
    id,
    name,
    estimatedDays: Number.isFinite(days) && days > 0 ? days : null,
    etd: dateOnly(c.etd),
    codAvailable: Number(c.cod) === 1,
    ratePaise: Number.isFinite(rate) && rate >= 0 ? toPaise(rate) : null,
  };
}

function estimateOf(couriers: CourierOption[], codAvailable: boolean): Estimate {
  const days = couriers.map((c) => c.estimatedDays).filter((d): d is number => d !== null);
  return {
    serviceable: couriers.length > 0,
    codAvailable,
    earliestDays: days.length > 0 ? Math.min(...days) : null,
    latestDays: days.length > 0 ? Math.max(...days) : null,
    couriers,
  };
}

function orderPayload(request: ShipmentOrderRequest, pickupLocation: string) {
  const to = request.deliverTo;
  const [first, ...rest] = to.name.trim().split(/\s+/);
  const orderDate = new Date(request.orderedAt.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
  return {
    order_id: request.reference,
    order_date: orderDate,
    pickup_location: pickupLocation,
    billing_customer_name: first,
    billing_last_name: rest.join(' '),
    billing_address: to.line1,
    billing_address_2: to.line2 ?? '',
    billing_city: to.city,
    billing_pincode: to.pincode,
    billing_state: to.state,
    billing_country: 'India',
    billing_email: to.email,
    billing_phone: to.phone.replace(/\D/g, '').slice(-10),
    shipping_is_billing: true,
    order_items: request.items.map((item) => ({
      name: item.name,
      sku: item.sku,
      units: item.units,
      selling_price: toRupees(item.unitPricePaise),
      hsn: item.hsn ?? '',
    })),
    payment_method: request.paymentMethod === 'cod' ? 'COD' : 'Prepaid',
    sub_total: toRupees(request.subTotalPaise),
    length: request.parcel.lengthCm,
    breadth: request.parcel.breadthCm,
    height: request.parcel.heightCm,
    weight: Math.max(request.parcel.weightGrams, 1) / 1000,
  };
}

/** A tracking activity; Shiprocket's own label (`sr-status-label`) when it gives one, else the courier's words. */
function trackingEvent(raw: unknown): TrackingEvent | null {
  const a = record(raw);
  const srLabel = text(a['sr-status-label']);
  const label = srLabel && srLabel !== 'NA' ? srLabel : (text(a.activity) ?? text(a.status));
  const at = istTime(a.date);
  if (!label || !at) return null;
  return { kind: trackingEventKind(label), label, at, location: text(a.location) };
}

/**
 * Shiprocket's tracking webhook read as tracking (docs/decisions/039-shipping.md): its scans, and its current status
 * as one more event at `current_timestamp`. Statuses are read by their label (`current_status`, else
 * `shipment_status`), never by the numeric ids. Null when the body names no AWB or no status.
 */
export function trackingFromWebhook(body: Record<string, unknown>): ShipmentTracking | null {
  const awb = text(body.awb);
  const currentStatus = text(body.current_status) ?? text(body.shipment_status);
  if (!awb || !currentStatus) return null;
  const scans = Array.isArray(body.scans) ? body.scans : [];
  const events = scans.map(trackingEvent).filter((e): e is TrackingEvent => e !== null);
  const at = istTime(body.current_timestamp);
  if (at) events.push({ kind: trackingEventKind(currentStatus), label: currentStatus, at, location: null });
  events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return { awb, currentStatus, currentKind: trackingEventKind(currentStatus), etd: dateOnly(body.etd), events };
}

/**
 * Shiprocket's public REST API (docs/decisions/037-shipping-providers.md): a bearer token from the login, kept and
 * renewed before its 10 days end and once after a 401; a timeout on every call; reads retried with backoff; an order
 * booked once per reference, looked up first and again after any create whose outcome is unknown.
 */
export function createShiprocketProvider(options: ShiprocketOptions): ShippingProvider {
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const readRetries = options.readRetries ?? 2;
  const retryDelayMs = options.retryDelayMs ?? 500;
  const now = options.now ?? Date.now;
  let session: { token: string; issuedAt: number } | null = null;
  let loggingIn: Promise<string> | null = null;

  async function send(method: 'GET' | 'POST', path: string, call: Call, token?: string): Promise<Answer> {
    const url = new URL(`${apiUrl}${path}`);
    for (const [key, value] of Object.entries(call.query ?? {})) url.searchParams.set(key, value);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(url, {
      method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const raw = await response.text();
    let body: Record<string, unknown> | null = null;
    try {
      body = record(JSON.parse(raw));
    } catch {
      body = null;
    }
    return { status: response.status, body };
  }

  /** Tries `attempt` again after a 5xx, a timeout or a refused connection, waiting longer each time. */
  async function withRetries(what: string, attempt: () => Promise<Answer>): Promise<Answer> {
    for (let tried = 0; ; tried += 1) {
      const last = tried >= readRetries;
      try {
        const answer = await attempt();
        if (answer.status < 500 || last) return answer;
      } catch (cause) {
        if (cause instanceof ShippingProviderError || last) throw unreachable(what, cause);
      }
      await sleep(retryDelayMs * 2 ** tried);
    }
  }

  function unreachable(what: string, cause: unknown): ShippingProviderError {
    if (cause instanceof ShippingProviderError) return cause;
    return new ShippingProviderError(`Shiprocket did not answer ${what}`, { retryable: true, cause });
  }

  async function login(): Promise<string> {
    const body = { email: options.email, password: options.password };
    const answer = await withRetries('the login', () => send('POST', '/v1/external/auth/login', { body }));
    const token = text(answer.body?.token);
    if (!ok(answer) || !token) {
      throw new ShippingProviderError(
        `${describe('the login', answer)}: check SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD`,
        {
          status: answer.status,
          retryable: answer.status >= 500,
        },
      );
    }
    session = { token, issuedAt: now() };
    return token;
  }

  /** The kept token, or a new one when there is none, it is a day from its end, or `stale` was refused. */
  function token(stale?: string): Promise<string> {
    const fresh = session !== null && now() - session.issuedAt < TOKEN_RENEW_AFTER_MS;
    if (session && fresh && session.token !== stale) return Promise.resolve(session.token);
    loggingIn ??= login().finally(() => {
      loggingIn = null;
    });
    return loggingIn;
  }

  /** One authenticated call; after a 401 one login and one more try. */
  async function authed(method: 'GET' | 'POST', path: string, call: Call = {}): Promise<Answer> {
    const used = await token();
    const answer = await send(method, path, call, used);
    if (answer.status !== 401) return answer;
    return send(method, path, call, await token(used));
  }

  const read = (what: string, path: string, query?: Record<string, string>) =>
    withRetries(what, () => authed('GET', path, { query }));

  /** A write is tried once: its outcome after a lost answer is found by reading, never by writing again. */
  async function write(what: string, path: string, body: unknown): Promise<Answer> {
    try {
      return await authed('POST', path, { body });
    } catch (cause) {
      throw unreachable(what, cause);
    }
  }

  async function couriers(query: Record<string, string>): Promise<CourierOption[]> {
    const answer = await read('the serviceability check', '/v1/external/courier/serviceability/', query);
    if (!ok(answer)) {
      throw new ShippingProviderError(describe('the serviceability check', answer), { status: answer.status });
    }
    // An unserviceable pincode is HTTP 200 with `status: 404` in the body and no couriers.
    if (Number(answer.body?.status ?? 200) !== 200) return [];
    const list = record(answer.body?.data).available_courier_companies;
    return Array.isArray(list) ? list.map(courierOption).filter((c): c is CourierOption => c !== null) : [];
  }

  /** The live (not cancelled) Shiprocket order made for `reference`, if any. */
  async function findOrder(reference: string): Promise<ShipmentOrder | null> {
    const answer = await read('the order lookup', '/v1/external/orders', { search: reference });
    if (!ok(answer)) throw new ShippingProviderError(describe('the order lookup', answer), { status: answer.status });
    const orders = Array.isArray(answer.body?.data) ? answer.body.data.map(record) : [];
    const found = orders.find((o) => text(o.channel_order_id) === reference && !/^CANCEL/i.test(text(o.status) ?? ''));
    if (!found) return null;
    const shipment = record(Array.isArray(found.shipments) ? found.shipments[0] : undefined);
    const providerOrderId = text(found.id);
    const shipmentId = text(shipment.id);
    if (!providerOrderId || !shipmentId) return null;
    return {
      reference,
      providerOrderId,
      shipmentId,
      awb: text(shipment.awb),
      courierName: text(shipment.courier),
      created: false,
    };
  }

  /** After a create whose outcome is unknown: the order Shiprocket made, or a retryable error (nothing was booked). */
  async function afterUnknownCreate(reference: string, cause: unknown): Promise<ShipmentOrder> {
    const found = await findOrder(reference);
    if (found) return found;
    throw new ShippingProviderError(
      `Shiprocket did not confirm order ${reference} and has no such order; trying again looks it up first`,
      { retryable: true, cause },
    );
  }

  return {
    name: 'shiprocket',
    async estimate({ pickupPincode, deliveryPincode, weightGrams, cod }) {
      const query = {
        pickup_postcode: pickupPincode,
        delivery_postcode: deliveryPincode,
        weight: String(Math.max(weightGrams, 1) / 1000),
        cod: cod ? '1' : '0',
      };
      const options = await couriers(query);
      if (!cod || options.length > 0)
        return estimateOf(
          options,
          options.some((c) => c.codAvailable),
        );
      // No courier collects cash there: say whether one delivers prepaid parcels.
      return estimateOf(await couriers({ ...query, cod: '0' }), false);
    },

    async createOrder(request) {
      const { reference } = request;
      const earlier = await findOrder(reference);
      if (earlier) return earlier;
      let answer: Answer;
      try {
        answer = await authed('POST', '/v1/external/orders/create/adhoc', {
          body: orderPayload(request, options.pickupLocation),
        });
      } catch (cause) {
        return afterUnknownCreate(reference, cause);
      }
      if (answer.status >= 500) return afterUnknownCreate(reference, new Error(describe('the order', answer)));
      const providerOrderId = text(answer.body?.order_id);
      const shipmentId = text(answer.body?.shipment_id);
      if (ok(answer) && providerOrderId && shipmentId) {
        const awb = text(answer.body?.awb_code);
        return {
          reference,
          providerOrderId,
          shipmentId,
          awb,
          courierName: text(answer.body?.courier_name),
          created: true,
        };
      }
      // Refused, e.g. as a duplicate order id: an order made by an earlier call is the one.
      const duplicate = await findOrder(reference);
      if (duplicate) return duplicate;
      throw new ShippingProviderError(describe(`order ${reference}`, answer), { status: answer.status });
    },

    async assignAwb(shipmentId, { courierId }) {
      const body = { shipment_id: idOf(shipmentId), ...(courierId ? { courier_id: idOf(courierId) } : {}) };
      const answer = await write('the AWB', '/v1/external/courier/assign/awb', body);
      const data = record(record(answer.body?.response).data);
      const awb = text(data.awb_code);
      const courierName = text(data.courier_name);
      if (!ok(answer) || Number(answer.body?.awb_assign_status) !== 1 || !awb || !courierName) {
        const detail = text(data.awb_assign_error);
        const message = describe(`an AWB for shipment ${shipmentId}`, answer) + (detail ? `: ${detail}` : '');
        throw new ShippingProviderError(message, { status: answer.status, retryable: answer.status >= 500 });
      }
      return { shipmentId, awb, courierName, courierId: text(data.courier_company_id) };
    },

    async generateLabel(shipmentId) {
      const body = { shipment_id: [idOf(shipmentId)] };
      const answer = await write('the label', '/v1/external/courier/generate/label', body);
      const url = text(answer.body?.label_url);
      if (!ok(answer) || Number(answer.body?.label_created) !== 1 || !url) {
        throw new ShippingProviderError(describe(`a label for shipment ${shipmentId}`, answer), {
          status: answer.status,
          retryable: answer.status >= 500,
        });
      }
      return { kind: 'url', url };
    },

    async schedulePickup(shipmentId) {
      const body = { shipment_id: [idOf(shipmentId)] };
      const answer = await write('the pickup', '/v1/external/courier/generate/pickup', body);
      const response = record(answer.body?.response);
      if (!ok(answer) || Number(answer.body?.pickup_status) !== 1) {
        throw new ShippingProviderError(describe(`a pickup for shipment ${shipmentId}`, answer), {
          status: answer.status,
          retryable: answer.status >= 500,
        });
      }
      return {
        scheduled: true,
        scheduledFor: text(response.pickup_scheduled_date),
        token: text(response.pickup_token_number),
      };
    },

    async track(awb): Promise<ShipmentTracking> {
      const answer = await read('the tracking', `/v1/external/courier/track/awb/${encodeURIComponent(awb)}`);
      if (!ok(answer)) {
        throw new ShippingProviderError(describe(`tracking of ${awb}`, answer), {
          status: answer.status,
          retryable: answer.status >= 500,
        });
      }
      const data = record(answer.body?.tracking_data);
      const track = record(Array.isArray(data.shipment_track) ? data.shipment_track[0] : undefined);
      const activities = Array.isArray(data.shipment_track_activities) ? data.shipment_track_activities : [];
      const events = activities
        .map(trackingEvent)
        .filter((e): e is TrackingEvent => e !== null)
        .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
      const currentStatus = text(track.current_status) ?? events.at(-1)?.label ?? 'NEW';
      return {
        awb,
        currentStatus,
        currentKind: trackingEventKind(currentStatus),
        etd: dateOnly(data.etd) ?? dateOnly(track.edd),
        events,
      };
    },

    async cancel(providerOrderId) {
      const answer = await write('the cancellation', '/v1/external/orders/cancel', { ids: [idOf(providerOrderId)] });
      if (!ok(answer)) {
        throw new ShippingProviderError(describe(`cancelling order ${providerOrderId}`, answer), {
          status: answer.status,
          retryable: answer.status >= 500,
        });
      }
    },
  };
}
