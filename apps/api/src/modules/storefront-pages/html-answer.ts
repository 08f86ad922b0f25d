import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding } from '../../platform/response-cache.ts';

/** Pages rendered per request, kept compressed by their ETag: the same page costs its compression once. */
const compressedPages = new Map<string, Buffer>();
const MAX_COMPRESSED_PAGES = 500;

function compress(body: Buffer, encoding: 'br' | 'gzip', etag: string): Buffer {
  const key = `${encoding}:${etag}`;
  let bytes = compressedPages.get(key);
  if (!bytes) {
    bytes =
      encoding === 'br'
        ? zlib.brotliCompressSync(body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          })
        : zlib.gzipSync(body, { level: 9 });
    if (compressedPages.size >= MAX_COMPRESSED_PAGES) compressedPages.clear();
    compressedPages.set(key, bytes);
  }
  return bytes;
}

/**
 * A text page as the built index.html is sent (docs/decisions/023-storefront-first-load.md): a strong ETag over the
 * bytes, revalidated on every visit (304 while unchanged), brotli or gzip as the browser accepts.
 */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { status: number; type: string; body: string },
): FastifyReply {
  const body = Buffer.from(page.body);
  const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
  reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  if (page.status === 200 && ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  reply.code(page.status).type(page.type);
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(body);
  return reply.header('content-encoding', encoding).send(compress(body, encoding, etag));
}
