import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onSendHookHandler,
  RouteOptions,
} from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import { PRIVATE_ANSWER } from './auth-guard.ts';

/**
 * The catalogue's response cache (docs/decisions/020-catalogue-cache.md). A GET route with `config.responseCache`
 * keeps its 200 answers per path and normalized query: the serialized bytes, a strong ETag, and, made once on
 * first demand, their gzip and brotli forms. A hit is answered in the route's onRequest hook, before validation,
 * the handler and serialization. Every process LISTENs on one connection of its own and clears its cache when
 * PostgreSQL's triggers (migration catalogue_notify) report a change to a table the catalogue reads; a successful write
 * it served itself waits for those reports before it is answered. While that connection is down nothing is cached.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    responseCache?: ResponseCacheRoute;
  }
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

export interface ResponseCacheRoute {
  /** The query's arrays are sets (filters): `?color=Red&color=Blue` and `?color=Blue&color=Red` share an entry. */
  unorderedQueryArrays?: boolean;
  /** The answer holds something of the signed-in user: only requests without an Authorization header are cached. */
  anonymousOnly?: boolean;
}

export interface ResponseCache {
  /** True while this process listens for catalogue changes; otherwise every request is answered fresh. */
  readonly listening: boolean;
  /** True while answers are kept and served: listening, and not within a second of an offer starting or ending. */
  readonly serving: boolean;
  /** Entries held now. */
  readonly entries: number;
  /** Cacheable reads answered from memory since the start (the metrics read it). */
  readonly hits: number;
  /** Cacheable reads answered from the database since the start, because no entry was kept or none is served now. */
  readonly misses: number;
  /** Resolves once every catalogue change committed before the call has reached this process (or it stopped listening). */
  settled(): Promise<void>;
  /** Resolves when `listening` next equals `state` (at once if it does). */
  whenListening(state: boolean): Promise<void>;
}

export const CATALOGUE_CHANNEL = 'catalogue_changed';
const MAX_ENTRIES = 1000;
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_URL_ALIASES = 5000;
/** Smaller answers are not worth compressing. */
const MIN_COMPRESS_BYTES = 1024;
/** Offer dates are compared with this process's clock and PostgreSQL's; this much drift between them is covered. */
const CLOCK_MARGIN_MS = 1000;
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 10_000;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The longest a successful write waits for its change's notification before it empties the cache instead. */
const SETTLE_AFTER_WRITE_MS = 1000;

/** The next moment an offer starts or ends: prices and offer flags in the answers change then without a write. */
const NEXT_OFFER_CHANGE_SQL = `select extract(epoch from least(
  (select min(activation) from offers where deleted_at is null and activation > now()),
  (select min(expiry) from offers where deleted_at is null and expiry > now()))) * 1000 as at`;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
type Encoding = 'br' | 'gzip';

interface Entry {
  key: string;
  body: Buffer;
  etag: string;
  bytes: number;
  br?: Buffer | Promise<Buffer>;
  gzip?: Buffer | Promise<Buffer>;
}

/** Least recently used entries go first, once there are too many or they hold too many bytes. */
class EntryList {
  private readonly map = new Map<string, Entry>();
  private bytes = 0;

  get size(): number {
    return this.map.size;
  }

  get(key: string): Entry | undefined {
    const entry = this.map.get(key);
    if (entry) {
      this.map.delete(key);
      this.map.set(key, entry);
    }
    return entry;
  }

  set(entry: Entry): void {
    const old = this.map.get(entry.key);
    if (old) this.remove(old);
    this.map.set(entry.key, entry);
    this.bytes += entry.bytes;
    this.evict();
  }

  grew(entry: Entry, bytes: number): void {
    entry.bytes += bytes;
    if (this.map.get(entry.key) !== entry) return;
    this.bytes += bytes;
    this.evict();
  }

  clear(): void {
    this.map.clear();
    this.bytes = 0;
  }

  private remove(entry: Entry): void {
    this.map.delete(entry.key);
    this.bytes -= entry.bytes;
  }

  private evict(): void {
    while (this.map.size > MAX_ENTRIES || (this.bytes > MAX_BYTES && this.map.size > 1)) {
      const oldest = this.map.values().next().value as Entry;
      this.remove(oldest);
    }
  }
}

/** A canonical text of a parsed query: keys sorted, undefined left out, set-like arrays sorted and deduplicated. */
export function canonicalQuery(value: unknown, unorderedArrays: boolean): string {
  if (Array.isArray(value)) {
    let items = value.map((item) => canonicalQuery(item, unorderedArrays));
    if (unorderedArrays) items = [...new Set(items)].sort();
    return `[${items.join(',')}]`;
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const record = value as Record<string, unknown>;
    const fields = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalQuery(record[key], unorderedArrays)}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const encodingChoices = new Map<string, Encoding | null>();

/** The best encoding the client accepts (brotli, then gzip), honouring `;q=0`. */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  let choice = encodingChoices.get(header);
  if (choice !== undefined) return choice;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name.trim());
  }
  const any = accepted.has('*');
  choice = accepted.has('br') || any ? 'br' : accepted.has('gzip') ? 'gzip' : null;
  if (encodingChoices.size > 200) encodingChoices.clear();
  encodingChoices.set(header, choice);
  return choice;
}

function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch === etag || ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === etag || t === `W/${etag}`;
  });
}

function makeEntry(key: string, text: string): Entry {
  const body = Buffer.from(text);
  const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
  return { key, body, etag, bytes: body.length };
}

const notModified = z.null().describe('Not modified: the copy named in If-None-Match is still current.');

export function registerResponseCache(app: FastifyInstance, pool: pg.Pool | undefined): void {
  const entries = new EntryList();
  const urlAliases = new Map<string, string>();
  const pendingMisses = new WeakMap<FastifyRequest, { key: string; generation: number }>();
  let generation = 0;
  let hits = 0;
  let misses = 0;
  let listening = false;
  /** Entries may be served until then (ms since the epoch); 0 while unknown. */
  let validUntil = 0;
  let boundaryTimer: NodeJS.Timeout | undefined;

  const usable = () => listening && Date.now() < validUntil;

  function dropEntries(): void {
    generation++;
    entries.clear();
    urlAliases.clear();
  }

  function compressed(entry: Entry, encoding: Encoding): Buffer | Promise<Buffer> {
    const ready = entry[encoding];
    if (ready) return ready;
    const work = (
      encoding === 'br'
        ? brotli(entry.body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
            },
          })
        : gzip(entry.body, { level: 9 })
    ).then((bytes) => {
      entry[encoding] = bytes;
      entries.grew(entry, bytes.length);
      return bytes;
    });
    entry[encoding] = work;
    return work;
  }

  function setHeaders(reply: FastifyReply, entry: Entry, route: ResponseCacheRoute): void {
    reply.header('etag', entry.etag);
    // An answer to a signed-in shopper (anonymousOnly routes) stays private, as its guard said (auth-guard.ts).
    if (reply.getHeader('cache-control') !== PRIVATE_ANSWER) reply.header('cache-control', 'no-cache');
    reply.header('vary', route.anonymousOnly ? 'accept-encoding, authorization' : 'accept-encoding');
  }

  function answerHit(request: FastifyRequest, reply: FastifyReply, entry: Entry, route: ResponseCacheRoute): void {
    setHeaders(reply, entry, route);
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, entry.etag)) {
      reply.code(304).send();
      return;
    }
    reply.header('content-type', 'application/json; charset=utf-8');
    const encoding =
      entry.body.length >= MIN_COMPRESS_BYTES ? chooseEncoding(request.headers['accept-encoding']) : null;
    if (!encoding) {
      reply.send(entry.body);
      return;
    }
    reply.header('content-encoding', encoding);
    const bytes = compressed(entry, encoding);
    if (Buffer.isBuffer(bytes)) reply.send(bytes);
    else
      bytes.then(
        (ready) => reply.send(ready),
        (error) => reply.send(error),
      );
  }

  function keyOf(request: FastifyRequest, route: ResponseCacheRoute, query: z.ZodType | undefined): string | null {
    const url = request.url;
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    if (!query) return q === -1 ? path : null;
    const parsed = query.safeParse(request.query);
    if (!parsed.success) return null;
    return `${path}?${canonicalQuery(parsed.data, route.unorderedQueryArrays ?? false)}`;
  }

  /**
   * One onRequest hook for every route, added where app.ts registers the cache: after the hooks every answer needs
   * (bad input, security headers, CORS) and before those a cached answer does not (cookies, multipart), which a hit
   * then skips, since a hook that answers ends the chain.
   */
  const answerFromCache: onRequestHookHandler = (request, reply, done) => {
    if (request.method !== 'GET') return done();
    const { config, schema } = request.routeOptions;
    const route = config.responseCache;
    if (!route) return done();
    if (route.anonymousOnly && request.headers.authorization !== undefined) return done();
    if (!usable()) {
      misses++;
      return done();
    }
    const query = schema?.querystring as z.ZodType | undefined;
    const alias = urlAliases.get(request.url);
    let entry = alias === undefined ? undefined : entries.get(alias);
    if (!entry) {
      const key = keyOf(request, route, query);
      // A query its schema refuses gets the route's own 400.
      if (key === null) return done();
      entry = entries.get(key);
      if (!entry) {
        misses++;
        pendingMisses.set(request, { key, generation });
        return done();
      }
      if (urlAliases.size >= MAX_URL_ALIASES) urlAliases.clear();
      urlAliases.set(request.url, key);
    }
    hits++;
    answerHit(request, reply, entry, route);
  };

  function keepAnswer(route: ResponseCacheRoute): onSendHookHandler {
    return (request, reply, payload, done) => {
      // Hits send Buffers; only a fresh 200 is serialized text.
      if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') {
        return done(null, payload);
      }
      const miss = pendingMisses.get(request);
      const entry = makeEntry(miss?.key ?? '', payload);
      // An answer read before a change that has cleared the cache since is not kept.
      const keep = miss !== undefined && miss.generation === generation && usable();
      if (keep) {
        entries.set(entry);
        if (urlAliases.size >= MAX_URL_ALIASES) urlAliases.clear();
        urlAliases.set(request.url, entry.key);
      }
      setHeaders(reply, entry, route);
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, entry.etag)) {
        reply.code(304);
        reply.removeHeader('content-type');
        return done(null, null);
      }
      const encoding =
        keep && entry.body.length >= MIN_COMPRESS_BYTES ? chooseEncoding(request.headers['accept-encoding']) : null;
      if (!encoding) return done(null, entry.body);
      Promise.resolve(compressed(entry, encoding)).then(
        (bytes) => {
          reply.header('content-encoding', encoding);
          done(null, bytes);
        },
        (error) => done(error),
      );
    };
  }

  /**
   * The change a write made may not have reached this process's listener yet, and the writer's next read must not come
   * from before it. A successful write therefore waits until every change committed so far has arrived (`settled`):
   * if it touched a table the catalogue reads, its own notification has emptied the cache before the answer leaves.
   * A refused or failed write (4xx, 5xx) changed nothing, and a write of anything else (an address, a cart, a contact
   * message, a sign-in) sends no notification: neither empties the cache (docs/decisions/020-catalogue-cache.md,
   * amendment). Which writes touch the catalogue is the triggers' knowledge, not a list here.
   */
  const settleAfterWrite: onSendHookHandler = (_request, reply, payload, done) => {
    if (reply.statusCode >= 400 || !listening) return done(null, payload);
    let answered = false;
    const answer = () => {
      if (answered) return;
      answered = true;
      clearTimeout(giveUp);
      done(null, payload);
    };
    // A listener that hangs without failing must not hold writes: after this long, empty the cache and answer.
    const giveUp = setTimeout(() => {
      dropEntries();
      answer();
    }, SETTLE_AFTER_WRITE_MS);
    settledForWrite().then(answer);
  };

  let settling: Promise<void> | null = null;
  let nextSettling: Promise<void> | null = null;
  /**
   * One round trip to PostgreSQL serves every write answered meanwhile: a write waits for a settle that starts after
   * its call (one already under way may have asked before the write committed), shared with the writes after it.
   */
  function settledForWrite(): Promise<void> {
    if (!settling) {
      settling = handle.settled().finally(() => {
        settling = null;
      });
      return settling;
    }
    nextSettling ??= settling.then(() => {
      nextSettling = null;
      return settledForWrite();
    });
    return nextSettling;
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat();
    const cached = route.config?.responseCache;
    if (cached && methods.includes('GET')) {
      // A hit is answered before any route-level hook, so a rate limit there would never count it.
      if (route.config && 'rateLimit' in route.config)
        throw new Error(`${route.url}: a cached route has no rate limit`);
      route.schema ??= {};
      route.schema.response ??= {};
      (route.schema.response as Record<string, unknown>)['304'] ??= notModified;
      route.onSend = [...[route.onSend ?? []].flat(), keepAnswer(cached)];
    } else if (methods.some((method) => WRITES.has(method))) {
      route.onSend = [...[route.onSend ?? []].flat(), settleAfterWrite];
    }
  });

  // The listener: one connection of its own, never one of the pool's.
  let client: pg.Client | null = null;
  let closed = false;
  let reconnectDelay = RECONNECT_FIRST_MS;
  let reconnectTimer: NodeJS.Timeout | undefined;
  const settledChannel = `catalogue_settled_${crypto.randomBytes(6).toString('hex')}`;
  const settleWaiters = new Map<string, () => void>();
  let settleCount = 0;
  const stateWaiters: Array<{ state: boolean; resolve: () => void }> = [];

  function setListening(state: boolean): void {
    listening = state;
    for (const waiter of stateWaiters.splice(0)) {
      if (waiter.state === state) waiter.resolve();
      else stateWaiters.push(waiter);
    }
  }

  /** Counts the questions for the next offer change; only the answer to the latest one counts. */
  let validityAsked = 0;

  async function refreshValidity(): Promise<void> {
    clearTimeout(boundaryTimer);
    validUntil = 0;
    const listener = client;
    const asked = ++validityAsked;
    let at: number;
    try {
      const { rows } = await (listener as pg.Client).query<{ at: string | null }>(NEXT_OFFER_CHANGE_SQL);
      at = rows[0].at === null ? Number.POSITIVE_INFINITY : Number(rows[0].at);
    } catch {
      return; // the listener is lost; its error handler takes over
    }
    if (listener !== client || asked !== validityAsked) return;
    validUntil = at - CLOCK_MARGIN_MS;
    if (!Number.isFinite(at)) return;
    // Inside the margin stay uncached until the change has passed on both clocks, then ask again.
    const now = Date.now();
    const fireAt = now < validUntil ? validUntil : at + CLOCK_MARGIN_MS;
    boundaryTimer = setTimeout(onOfferBoundary, Math.min(fireAt - now, 2 ** 31 - 1));
    boundaryTimer.unref();
  }

  function onOfferBoundary(): void {
    dropEntries();
    if (listening) void refreshValidity();
  }

  function lost(lostClient: pg.Client): void {
    if (client !== lostClient) return;
    client = null;
    clearTimeout(boundaryTimer);
    validityAsked++;
    validUntil = 0;
    dropEntries();
    setListening(false);
    for (const resolve of settleWaiters.values()) resolve();
    settleWaiters.clear();
    lostClient.end().catch(() => {});
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (closed) return;
    reconnectTimer = setTimeout(() => void connect(), reconnectDelay);
    reconnectTimer.unref();
    reconnectDelay = Math.min(reconnectDelay * 2, RECONNECT_MAX_MS);
  }

  async function connect(): Promise<void> {
    if (!pool || closed) return;
    const next = new pg.Client({ ...pool.options, application_name: 'bagshop catalogue cache listener' });
    client = next;
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel === CATALOGUE_CHANNEL) {
        dropEntries();
        if (message.payload === 'offers') void refreshValidity();
      } else if (message.channel === settledChannel && message.payload) {
        settleWaiters.get(message.payload)?.();
        settleWaiters.delete(message.payload);
      }
    });
    try {
      await next.connect();
      await next.query(`listen ${CATALOGUE_CHANNEL}`);
      await next.query(`listen ${settledChannel}`);
    } catch {
      lost(next);
      return;
    }
    if (client !== next) return;
    reconnectDelay = RECONNECT_FIRST_MS;
    // Changes made while nobody listened are unknown: start empty.
    dropEntries();
    await refreshValidity();
    if (client === next) setListening(true);
  }

  const handle: ResponseCache = {
    get listening() {
      return listening;
    },
    get serving() {
      return usable();
    },
    get entries() {
      return entries.size;
    },
    get hits() {
      return hits;
    },
    get misses() {
      return misses;
    },
    settled() {
      const listener = client;
      if (!listening || !listener) return Promise.resolve();
      const token = String(++settleCount);
      // Notifications reach a listener in commit order, so its own one comes after every earlier change.
      return new Promise<void>((resolve) => {
        settleWaiters.set(token, resolve);
        listener.query('select pg_notify($1, $2)', [settledChannel, token]).catch(() => lost(listener));
      });
    },
    whenListening(state) {
      if (listening === state) return Promise.resolve();
      return new Promise((resolve) => stateWaiters.push({ state, resolve }));
    },
  };
  app.decorate('responseCache', handle);
  app.addHook('onRequest', answerFromCache);
  app.addHook('onReady', connect);
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(reconnectTimer);
    clearTimeout(boundaryTimer);
    const listener = client;
    client = null;
    setListening(false);
    dropEntries();
    await listener?.end().catch(() => {});
  });
}
