import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The shop's public address for absolute links: PUBLIC_URL when set. Without it, with ALLOWED_HOSTS, the host the
 * request came for (the proxy's `X-Forwarded-Host` when TRUST_PROXY trusts it, else `Host`) if it is one of those,
 * else the first of them, with the scheme the request came with: a client can name a host in either header, so
 * only the shop's own may reach its pages. Otherwise the configured default (config.ts refuses TRUST_PROXY without
 * one of the two settings).
 */
export function publicOrigin(config: Config, request: FastifyRequest): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const allowed = config.ALLOWED_HOSTS;
  if (allowed.length > 0) {
    const asked = request.host.toLowerCase();
    const host = allowed.includes(asked) ? asked : allowed[0];
    return `${request.protocol === 'https' ? 'https' : 'http'}://${host}`;
  }
  return config.publicUrl.replace(/\/+$/, '');
}
