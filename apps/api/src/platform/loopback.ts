import net from 'node:net';

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Whether a socket's peer address is this machine (127.0.0.0/8, ::1, or IPv4 loopback mapped into IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  const family = address ? net.isIP(address) : 0;
  if (!address || family === 0) return false;
  return loopback.check(address, family === 6 ? 'ipv6' : 'ipv4');
}
