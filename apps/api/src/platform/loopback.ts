import net from 'node:net';
import type { FastifyRequest } from 'fastify';

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Whether a socket's peer address is this machine (127.0.0.0/8, ::1, or IPv4 loopback mapped into IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  const family = address ? net.isIP(address) : 0;
  if (!address || family === 0) return false;
  return loopback.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** The headers by which a proxy names the client it forwards for (X-Real-IP is nginx's custom). */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * Whether a request comes from a program on this machine itself, not through a proxy: the socket's peer and the
 * client Fastify resolved (`request.ip`, through TRUST_PROXY) are both loopback, and no forwarding header names
 * another client. Behind a balancer on the same machine every visitor's socket is a loopback one; the header the
 * balancer adds is what tells them apart (docs/decisions/045-metrics.md).
 */
export function isDirectLocalRequest(request: Pick<FastifyRequest, 'ip' | 'socket' | 'headers'>): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip);
}
