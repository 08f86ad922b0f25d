import dns from 'node:dns';
import net, { type LookupFunction } from 'node:net';
import tls from 'node:tls';
import { REMOTE_PICTURE_MSG } from '@bagshop/shared/remote-picture-messages';
import ipaddr from 'ipaddr.js';
import { Agent, type Dispatcher, request } from 'undici';
import type { RemotePictureFetcher } from './deps.ts';

export const MAX_REMOTE_PICTURE_BYTES = 10 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface RemotePicturesOptions {
  /** IMPORT_IMAGE_HOSTS: exact host names, or `*.example.com` for any subdomain (not the apex); empty = none. */
  hosts: readonly string[];
  /** Largest picture fetched; MAX_REMOTE_PICTURE_BYTES when not given. */
  maxBytes?: number;
  /** From the start of a fetch (name lookup and redirects included) to its last byte. */
  timeoutMs?: number;
  /** Which resolved addresses may be connected to: isPublicAddress unless a test's local server needs another. */
  isAllowedAddress?: (address: string) => boolean;
  /** Every address of a host name; node:dns lookup (all) when not given. */
  lookup?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** A CA trusted besides the usual ones (a test's self-signed server). */
  ca?: string | Buffer;
  /**
   * The port connections go to instead of https's 443, for a test's server on a free port only: an address that
   * names a port is refused all the same.
   */
  port?: number;
}

// ipaddr.js calls all of 2000::/3 'unicast' and also what lies outside it (e.g. the deprecated ::a.b.c.d form).
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

/**
 * Whether an address is one of the public internet's: no loopback, private, link-local (the cloud metadata
 * service), carrier-grade NAT, multicast, broadcast, unspecified, reserved or translation range, also when written
 * as IPv4 mapped into IPv6.
 */
export function isPublicAddress(address: string): boolean {
  if (net.isIP(address) === 0) return false;
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.process(address);
  } catch {
    // An address ipaddr.js cannot read is not one the shop can vouch for.
    return false;
  }
  if (ip.range() !== 'unicast') return false;
  return ip.kind() === 'ipv4' || (ip as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
}

class RefusedPicture extends Error {
  override name = 'RefusedPicture';
}

/** A host as WHATWG URLs write it (lower case, punycode, IPv6 in brackets and shortest form). */
function urlHost(entry: string): string {
  try {
    return new URL(`https://${entry}/`).hostname;
  } catch {
    return entry;
  }
}

function hostMatcher(hosts: readonly string[]): (host: string) => boolean {
  const exact = new Set<string>();
  const suffixes: string[] = [];
  for (const entry of hosts.map((h) => h.trim().toLowerCase()).filter(Boolean)) {
    if (entry.startsWith('*.')) suffixes.push(`.${urlHost(entry.slice(2))}`);
    else exact.add(urlHost(entry));
  }
  return (host) => exact.has(host) || suffixes.some((suffix) => host.endsWith(suffix) && host.length > suffix.length);
}

/** The address an IP-literal host names (without IPv6's brackets); null for a host name. */
function literalAddress(host: string): string | null {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return net.isIP(bare) === 0 ? null : bare;
}

async function lookupAll(hostname: string): Promise<ResolvedAddress[]> {
  const answers = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

/** Answers the connection's name lookup with the address already checked, so a second DNS answer cannot swap it. */
function pinnedLookup(host: string, pinned: ResolvedAddress): LookupFunction {
  return (hostname, options, callback) => {
    if (hostname !== host) {
      callback(Object.assign(new Error(`${hostname} was not checked`), { code: 'ENOTFOUND' }), '', 4);
    } else if (options.all) {
      callback(null, [pinned]);
    } else {
      callback(null, pinned.address, pinned.family);
    }
  };
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const CERTIFICATE_ERROR = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/;

function failureMessage(original: string, host: string, error: unknown): string {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  return CERTIFICATE_ERROR.test(code)
    ? REMOTE_PICTURE_MSG.certificate(original, host)
    : REMOTE_PICTURE_MSG.connectionFailed(original);
}

type HopAnswer = { bytes: Buffer } | { location: string };

export function createRemotePictures(options: RemotePicturesOptions): RemotePictureFetcher {
  const maxBytes = options.maxBytes ?? MAX_REMOTE_PICTURE_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const isAllowedAddress = options.isAllowedAddress ?? isPublicAddress;
  const lookup = options.lookup ?? lookupAll;
  // Node's `ca` replaces the trusted roots, so the public ones are added back; built once, as that takes ~0.1 s.
  const secureContext =
    options.ca === undefined ? undefined : tls.createSecureContext({ ca: [...tls.rootCertificates, options.ca] });
  const isListed = hostMatcher(options.hosts);
  const noHosts = !options.hosts.some((h) => h.trim() !== '');

  function refusal(text: string): string | null {
    if (noHosts) return REMOTE_PICTURE_MSG.noHostsListed(text);
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return REMOTE_PICTURE_MSG.notAnAddress(text);
    }
    if (url.protocol !== 'https:') return REMOTE_PICTURE_MSG.notHttps(text);
    if (url.username !== '' || url.password !== '') return REMOTE_PICTURE_MSG.credentials(text);
    if (url.port !== '') return REMOTE_PICTURE_MSG.otherPort(text);
    if (!isListed(url.hostname)) return REMOTE_PICTURE_MSG.hostNotListed(text, url.hostname);
    const literal = literalAddress(url.hostname);
    if (literal !== null && !isAllowedAddress(literal)) return REMOTE_PICTURE_MSG.addressNotPublic(text, literal);
    return null;
  }

  /** The one address the connection goes to, after every address of the host passed the rules. */
  async function checkedAddress(url: URL, original: string, signal: AbortSignal): Promise<ResolvedAddress> {
    const literal = literalAddress(url.hostname);
    if (literal !== null) return { address: literal, family: net.isIP(literal) === 6 ? 6 : 4 };
    let answers: ResolvedAddress[];
    try {
      answers = await untilAborted(lookup(url.hostname), signal);
    } catch (error) {
      if (signal.aborted) throw error;
      answers = [];
    }
    if (answers.length === 0) throw new RefusedPicture(REMOTE_PICTURE_MSG.hostNotFound(original, url.hostname));
    const refused = answers.find((a) => !isAllowedAddress(a.address));
    if (refused) {
      throw new RefusedPicture(REMOTE_PICTURE_MSG.hostNotPublic(original, url.hostname, refused.address));
    }
    return answers[0];
  }

  async function readAtMost(body: Dispatcher.ResponseData['body'], original: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw new RefusedPicture(REMOTE_PICTURE_MSG.tooLarge(original, maxBytes));
      chunks.push(chunk);
    }
    return Buffer.concat(chunks, size);
  }

  async function fetchHop(url: URL, original: string, signal: AbortSignal): Promise<HopAnswer> {
    const pinned = await checkedAddress(url, original, signal);
    const agent = new Agent({ connect: { lookup: pinnedLookup(url.hostname, pinned), secureContext } });
    const target = new URL(url);
    if (options.port !== undefined) target.port = String(options.port);
    try {
      const { statusCode, headers, body } = await request(target, {
        method: 'GET',
        dispatcher: agent,
        signal,
        headers: { host: url.host, accept: 'image/webp, image/png, image/jpeg', 'user-agent': 'bagshop-import' },
      });
      try {
        const location = headers.location;
        if (REDIRECT_STATUSES.has(statusCode) && typeof location === 'string') return { location };
        if (statusCode < 200 || statusCode > 299) {
          throw new RefusedPicture(REMOTE_PICTURE_MSG.status(original, statusCode));
        }
        if (Number(headers['content-length']) > maxBytes) {
          throw new RefusedPicture(REMOTE_PICTURE_MSG.tooLarge(original, maxBytes));
        }
        return { bytes: await readAtMost(body, original) };
      } finally {
        // Undici reports a body left unread as an error; here leaving it is the point.
        body.on('error', () => {});
        body.destroy();
      }
    } catch (error) {
      if (error instanceof RefusedPicture || signal.aborted) throw error;
      throw new RefusedPicture(failureMessage(original, url.hostname, error));
    } finally {
      await agent.destroy();
    }
  }

  async function fetchFollowing(original: string, signal: AbortSignal): Promise<Buffer> {
    let current = original;
    for (let redirects = 0; ; redirects += 1) {
      const refused = refusal(current);
      if (refused !== null) {
        throw new RefusedPicture(redirects === 0 ? refused : REMOTE_PICTURE_MSG.redirectRefused(original, refused));
      }
      const answer = await fetchHop(new URL(current), original, signal);
      if ('bytes' in answer) return answer.bytes;
      if (redirects === MAX_REDIRECTS) {
        throw new RefusedPicture(REMOTE_PICTURE_MSG.tooManyRedirects(original, MAX_REDIRECTS));
      }
      try {
        current = new URL(answer.location, current).href;
      } catch {
        const why = REMOTE_PICTURE_MSG.notAnAddress(answer.location);
        throw new RefusedPicture(REMOTE_PICTURE_MSG.redirectRefused(original, why));
      }
    }
  }

  return {
    refusal,
    async fetch(text) {
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), timeoutMs);
      try {
        return await fetchFollowing(text, deadline.signal);
      } catch (error) {
        if (error instanceof RefusedPicture) throw error;
        if (deadline.signal.aborted) throw new RefusedPicture(REMOTE_PICTURE_MSG.tooSlow(text, timeoutMs));
        throw new RefusedPicture(REMOTE_PICTURE_MSG.connectionFailed(text));
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
