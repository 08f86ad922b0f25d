import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackInFlight } from './in-flight.ts';

describe('requests under way (docs/decisions/030-several-machines.md)', () => {
  const server = http.createServer((_request, response) => response.end('ok'));
  const inFlight = trackInFlight(server);
  const sockets: net.Socket[] = [];
  server.on('connection', (socket) => sockets.push(socket));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    agent.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  const get = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, agent }, (response) => {
          response.resume();
          response.on('end', resolve);
        })
        .on('error', reject);
    });

  it('counts none once a kept-alive connection has carried many requests, and leaves no listener behind', async () => {
    for (let i = 0; i < 50; i++) await get();
    expect(sockets).toHaveLength(1);
    expect(inFlight.count).toBe(0);
    await inFlight.drained(1_000);
    // Node's own listeners stay; ours are taken off with each answer instead of adding one per request.
    expect(sockets[0].listenerCount('close')).toBeLessThan(5);
  });
});
