import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { REMOTE_PICTURE_MSG as MSG } from '@bagshop/shared/remote-picture-messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createRemotePictures,
  isPublicAddress,
  MAX_REMOTE_PICTURE_BYTES,
  type RemotePicturesOptions,
  type ResolvedAddress,
} from './remote-pictures.ts';

const PICTURE = crypto.randomBytes(5000);
const LIMIT = 1000;
const LOCAL = { address: '127.0.0.1', family: 4 } as const;
const URL_OF = (p: string) => `https://pictures.test${p}`;

interface Seen {
  host: string | undefined;
  servername: string | false | null;
  path: string;
}

let dir: string;
let ca: string;
let server: https.Server;
let port: number;
let seen: Seen[] = [];
/** Bytes the endless picture wrote before the client hung up. */
let endlessWritten = 0;

function answer(req: IncomingMessage, res: ServerResponse) {
  const url = req.url ?? '/';
  const hops = /^\/hops\/(\d+)$/.exec(url);
  if (hops) {
    const left = Number(hops[1]);
    res.writeHead(302, { location: left === 0 ? '/picture.png' : `/hops/${left - 1}` }).end();
    return;
  }
  switch (url) {
    case '/picture.png':
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': PICTURE.length }).end(PICTURE);
      return;
    case '/missing.png':
      res.writeHead(404).end('not here');
      return;
    case '/broken.png':
      res.writeHead(500).end('oops');
      return;
    case '/at-limit.png':
      // Chunked: no Content-Length, exactly the limit.
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(PICTURE.subarray(0, 600));
      res.end(PICTURE.subarray(600, LIMIT));
      return;
    case '/declared-huge.png':
      // Declares more than the limit, then sends a little and waits: a client that reads it waits for ever.
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': 50_000_000 });
      res.write(PICTURE.subarray(0, 100));
      return;
    case '/endless.png': {
      res.writeHead(200, { 'content-type': 'image/png' });
      const timer = setInterval(() => {
        endlessWritten += 512;
        res.write(PICTURE.subarray(0, 512));
      }, 2);
      res.on('close', () => clearInterval(timer));
      return;
    }
    case '/stall-headers.png':
      return;
    case '/stall-body.png':
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': PICTURE.length });
      res.write(PICTURE.subarray(0, 100));
      return;
    case '/redirect':
      res.writeHead(301, { location: '/picture.png' }).end();
      return;
    case '/redirect-subdomain':
      res.writeHead(307, { location: 'https://images.pictures.test/picture.png' }).end();
      return;
    case '/redirect-http':
      res.writeHead(302, { location: 'http://pictures.test/picture.png' }).end();
      return;
    case '/redirect-unlisted':
      res.writeHead(302, { location: 'https://elsewhere.test/picture.png' }).end();
      return;
    default:
      res.writeHead(404).end();
  }
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-pictures-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=pictures.test',
      '-addext',
      'subjectAltName=DNS:pictures.test,DNS:*.pictures.test',
    ],
    { stdio: 'ignore' },
  );
  ca = fs.readFileSync(cert, 'utf8');
  server = https.createServer({ key: fs.readFileSync(key), cert: ca }, (req, res) => {
    seen.push({ host: req.headers.host, servername: (req.socket as TLSSocket).servername, path: req.url ?? '' });
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  seen = [];
});

/** pictures.test and its subdomains, and elsewhere.test and other.test, are this machine; nothing else exists. */
async function testLookup(hostname: string): Promise<ResolvedAddress[]> {
  if (/(^|\.)pictures\.test$|^elsewhere\.test$|^other\.test$/.test(hostname)) return [LOCAL];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
}

/** The test server's fetcher: its CA, its port, and 127.0.0.1 let through (and only that). */
function local(extra: Partial<RemotePicturesOptions> = {}) {
  return createRemotePictures({
    hosts: ['pictures.test', '*.pictures.test', 'other.test'],
    ca,
    port,
    lookup: testLookup,
    isAllowedAddress: (address) => address === '127.0.0.1',
    maxBytes: LIMIT,
    ...extra,
  });
}

describe('refusal', () => {
  const shop = createRemotePictures({ hosts: ['cdn.shopify.com', '*.example.in'] });

  it('allows https addresses on listed hosts, whatever their case, and the default port written out', () => {
    expect(shop.refusal('https://cdn.shopify.com/s/files/1/bag.png?v=17')).toBeNull();
    expect(shop.refusal('https://CDN.Shopify.COM/bag.png')).toBeNull();
    expect(shop.refusal('https://cdn.shopify.com:443/bag.png')).toBeNull();
    expect(createRemotePictures({ hosts: ['CDN.Shopify.com'] }).refusal('https://cdn.shopify.com/a.png')).toBeNull();
  });

  it('refuses every scheme but https', () => {
    for (const url of [
      'http://cdn.shopify.com/bag.png',
      'ftp://cdn.shopify.com/bag.png',
      'file:///etc/passwd',
      'data:image/png;base64,iVBORw0KGgo=',
    ]) {
      expect(shop.refusal(url), url).toBe(MSG.notHttps(url));
    }
    expect(shop.refusal('not an address')).toBe(MSG.notAnAddress('not an address'));
  });

  it('refuses unlisted hosts, and everything while the list is empty, naming the setting', () => {
    expect(shop.refusal('https://evil.example.com/bag.png')).toBe(
      MSG.hostNotListed('https://evil.example.com/bag.png', 'evil.example.com'),
    );
    expect(shop.refusal('https://cdn.shopify.com.evil.in/bag.png')).not.toBeNull();
    for (const hosts of [[], ['', ' ']]) {
      const none = createRemotePictures({ hosts });
      const refused = none.refusal('https://cdn.shopify.com/bag.png');
      expect(refused).toBe(MSG.noHostsListed('https://cdn.shopify.com/bag.png'));
      expect(refused).toContain('IMPORT_IMAGE_HOSTS');
    }
  });

  it('refuses a user or password and any port but the default one', () => {
    for (const url of ['https://user:secret@cdn.shopify.com/bag.png', 'https://user@cdn.shopify.com/bag.png']) {
      expect(shop.refusal(url), url).toBe(MSG.credentials(url));
    }
    for (const url of ['https://cdn.shopify.com:8443/bag.png', 'https://cdn.shopify.com:80/bag.png']) {
      expect(shop.refusal(url), url).toBe(MSG.otherPort(url));
    }
  });

  it('refuses IP literals unless listed, and listed ones unless public', () => {
    for (const url of [
      'https://10.0.0.1/a.png',
      'https://127.0.0.1/a.png',
      'https://[::1]/a.png',
      'https://169.254.169.254/latest/meta-data/',
    ]) {
      expect(shop.refusal(url), url).toBe(MSG.hostNotListed(url, new URL(url).hostname));
    }
    const listed = createRemotePictures({
      hosts: ['10.0.0.1', '127.0.0.1', '[::1]', '169.254.169.254', '93.184.215.14', '[2606:4700:4700::1111]'],
    });
    for (const [url, address] of [
      ['https://10.0.0.1/a.png', '10.0.0.1'],
      ['https://127.0.0.1/a.png', '127.0.0.1'],
      // The same loopback address written as one number.
      ['https://2130706433/a.png', '127.0.0.1'],
      ['https://[::1]/a.png', '::1'],
      ['https://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ]) {
      expect(listed.refusal(url), url).toBe(MSG.addressNotPublic(url, address));
    }
    expect(listed.refusal('https://93.184.215.14/a.png')).toBeNull();
    expect(listed.refusal('https://[2606:4700:4700:0::1111]/a.png')).toBeNull();
  });

  it('lets a wildcard allow any subdomain but not the domain itself', () => {
    expect(shop.refusal('https://images.example.in/a.png')).toBeNull();
    expect(shop.refusal('https://a.b.example.in/a.png')).toBeNull();
    expect(shop.refusal('https://example.in/a.png')).toBe(MSG.hostNotListed('https://example.in/a.png', 'example.in'));
    expect(shop.refusal('https://badexample.in/a.png')).not.toBeNull();
  });
});

describe('fetch under the default address policy', () => {
  const refusedAddresses: ResolvedAddress[] = [
    { address: '127.0.0.1', family: 4 },
    { address: '::1', family: 6 },
    { address: '10.1.2.3', family: 4 },
    { address: '169.254.169.254', family: 4 },
    { address: '::ffff:192.168.1.1', family: 6 },
    { address: '100.64.0.1', family: 4 },
  ];

  it.each(refusedAddresses)('refuses a listed host that resolves to $address, without connecting', async (bad) => {
    const pictures = createRemotePictures({ hosts: ['pictures.test'], ca, port, lookup: async () => [bad] });
    const url = URL_OF('/picture.png');
    expect(pictures.refusal(url)).toBeNull();
    await expect(pictures.fetch(url)).rejects.toThrow(MSG.hostNotPublic(url, 'pictures.test', bad.address));
    expect(seen).toEqual([]);
  });

  it('refuses a host when any one of its addresses is not public', async () => {
    const pictures = createRemotePictures({
      hosts: ['pictures.test'],
      ca,
      port,
      lookup: async () => [{ address: '93.184.215.14', family: 4 }, LOCAL],
    });
    const url = URL_OF('/picture.png');
    await expect(pictures.fetch(url)).rejects.toThrow(MSG.hostNotPublic(url, 'pictures.test', '127.0.0.1'));
    expect(seen).toEqual([]);
  });

  it('refuses a listed IP literal that is not public, and a host that is not found', async () => {
    const pictures = createRemotePictures({ hosts: ['127.0.0.1', 'nowhere.test'], ca, port, lookup: testLookup });
    await expect(pictures.fetch('https://127.0.0.1/picture.png')).rejects.toThrow(
      MSG.addressNotPublic('https://127.0.0.1/picture.png', '127.0.0.1'),
    );
    await expect(pictures.fetch('https://nowhere.test/picture.png')).rejects.toThrow(
      MSG.hostNotFound('https://nowhere.test/picture.png', 'nowhere.test'),
    );
    expect(seen).toEqual([]);
  });

  it('says a fetch is limited to 10 MB and 10 s by default', () => {
    expect(MAX_REMOTE_PICTURE_BYTES).toBe(10 * 1024 * 1024);
    expect(MSG.tooSlow('https://cdn.shopify.com/a.png', 10_000)).toContain('took longer than 10 s');
    expect(MSG.tooLarge('https://cdn.shopify.com/a.png', MAX_REMOTE_PICTURE_BYTES)).toContain('larger than 10 MB');
  });
});

describe('fetch from the test server', () => {
  it('gives the exact bytes, asking for the host by name (Host and SNI) at the address looked up once', async () => {
    const lookups: string[] = [];
    // A second answer would name another address: the connection must use the one checked.
    const rebinding = async (hostname: string): Promise<ResolvedAddress[]> => {
      lookups.push(hostname);
      return lookups.length === 1 ? [LOCAL] : [{ address: '10.1.2.3', family: 4 }];
    };
    const bytes = await local({ maxBytes: undefined, lookup: rebinding }).fetch(URL_OF('/picture.png'));
    expect(Buffer.compare(bytes, PICTURE)).toBe(0);
    expect(lookups).toEqual(['pictures.test']);
    expect(seen).toEqual([{ host: 'pictures.test', servername: 'pictures.test', path: '/picture.png' }]);
  });

  it('takes a body of exactly the limit', async () => {
    const bytes = await local().fetch(URL_OF('/at-limit.png'));
    expect(Buffer.compare(bytes, PICTURE.subarray(0, LIMIT))).toBe(0);
  });

  it('names the status of an answer that is not 2xx', async () => {
    for (const [p, status] of [
      ['/missing.png', 404],
      ['/broken.png', 500],
    ] as const) {
      const url = URL_OF(p);
      const failure = local().fetch(url);
      await expect(failure).rejects.toThrow(MSG.status(url, status));
      await expect(failure).rejects.toThrow(String(status));
    }
  });

  it('refuses a declared length over the limit without reading the body', async () => {
    const url = URL_OF('/declared-huge.png');
    await expect(local({ timeoutMs: 5000 }).fetch(url)).rejects.toThrow(MSG.tooLarge(url, LIMIT));
  });

  it('stops reading a chunked body once it passes the limit', async () => {
    endlessWritten = 0;
    const url = URL_OF('/endless.png');
    await expect(local({ timeoutMs: 5000 }).fetch(url)).rejects.toThrow(MSG.tooLarge(url, LIMIT));
    expect(MSG.tooLarge(url, LIMIT)).toContain('larger than 1000 bytes');
    // A few chunks were still on their way when the connection closed; never the whole 5 s worth.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(endlessWritten).toBeLessThan(200 * 512);
  });

  it('gives up after timeoutMs, whether the server stalls before its headers or in its body', async () => {
    for (const p of ['/stall-headers.png', '/stall-body.png']) {
      const url = URL_OF(p);
      const started = Date.now();
      await expect(local({ timeoutMs: 300, maxBytes: undefined }).fetch(url), p).rejects.toThrow(MSG.tooSlow(url, 300));
      expect(Date.now() - started).toBeLessThan(3000);
    }
    const neverAnswers = () => new Promise<ResolvedAddress[]>(() => {});
    await expect(local({ timeoutMs: 300, lookup: neverAnswers }).fetch(URL_OF('/picture.png'))).rejects.toThrow(
      MSG.tooSlow(URL_OF('/picture.png'), 300),
    );
  });

  it('checks the certificate against the host name', async () => {
    const url = 'https://other.test/picture.png';
    await expect(local().fetch(url)).rejects.toThrow(MSG.certificate(url, 'other.test'));
    // Without the test's CA the self-signed certificate is not trusted.
    await expect(local({ ca: undefined }).fetch(URL_OF('/picture.png'))).rejects.toThrow(
      MSG.certificate(URL_OF('/picture.png'), 'pictures.test'),
    );
  });

  it('follows redirects to allowed addresses, each hop on its own host name', async () => {
    const bytes = await local({ maxBytes: undefined }).fetch(URL_OF('/redirect'));
    expect(Buffer.compare(bytes, PICTURE)).toBe(0);
    const viaSubdomain = await local({ maxBytes: undefined }).fetch(URL_OF('/redirect-subdomain'));
    expect(Buffer.compare(viaSubdomain, PICTURE)).toBe(0);
    expect(seen.map((s) => [s.host, s.servername, s.path])).toEqual([
      ['pictures.test', 'pictures.test', '/redirect'],
      ['pictures.test', 'pictures.test', '/picture.png'],
      ['pictures.test', 'pictures.test', '/redirect-subdomain'],
      ['images.pictures.test', 'images.pictures.test', '/picture.png'],
    ]);
  });

  it('refuses redirects to http or to an unlisted host, without following them', async () => {
    const toHttp = URL_OF('/redirect-http');
    await expect(local().fetch(toHttp)).rejects.toThrow(
      MSG.redirectRefused(toHttp, MSG.notHttps('http://pictures.test/picture.png')),
    );
    const toUnlisted = URL_OF('/redirect-unlisted');
    await expect(local({ hosts: ['pictures.test'] }).fetch(toUnlisted)).rejects.toThrow(
      MSG.redirectRefused(toUnlisted, MSG.hostNotListed('https://elsewhere.test/picture.png', 'elsewhere.test')),
    );
    expect(seen.map((s) => s.path)).toEqual(['/redirect-http', '/redirect-unlisted']);
  });

  it('follows at most 3 redirects', async () => {
    const bytes = await local({ maxBytes: undefined }).fetch(URL_OF('/hops/2'));
    expect(Buffer.compare(bytes, PICTURE)).toBe(0);
    seen = [];
    const url = URL_OF('/hops/3');
    await expect(local({ maxBytes: undefined }).fetch(url)).rejects.toThrow(MSG.tooManyRedirects(url, 3));
    expect(seen.map((s) => s.path)).toEqual(['/hops/3', '/hops/2', '/hops/1', '/hops/0']);
  });
});

describe('isPublicAddress', () => {
  it.each([
    ['93.184.215.14', true],
    ['8.8.8.8', true],
    ['172.15.255.255', true],
    ['172.32.0.1', true],
    ['100.63.255.255', true],
    ['100.128.0.1', true],
    ['2606:4700:4700::1111', true],
    ['2a00:1450:4001:82a::200e', true],
    ['::ffff:8.8.8.8', true],
    ['127.0.0.1', false],
    ['127.255.255.254', false],
    ['10.0.0.1', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['100.127.255.254', false],
    ['0.0.0.0', false],
    ['0.1.2.3', false],
    ['255.255.255.255', false],
    ['224.0.0.1', false],
    ['239.255.255.250', false],
    ['240.0.0.1', false],
    ['192.0.2.1', false],
    ['198.18.0.1', false],
    ['::', false],
    ['::1', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:192.168.1.1', false],
    ['::ffff:169.254.169.254', false],
    ['::ffff:7f00:1', false],
    ['::127.0.0.1', false],
    ['64:ff9b::7f00:1', false],
    ['2002:7f00:1::1', false],
    ['2001:db8::1', false],
    ['127.1', false],
    ['0x7f.0.0.1', false],
    ['pictures.test', false],
    ['', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
