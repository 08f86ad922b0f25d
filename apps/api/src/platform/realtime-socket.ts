import type { Server as HttpServer } from 'node:http';
import type { OrderPaidEvent, OrderStatusEvent } from '@bagshop/shared/live-events';
import { MSG } from '@bagshop/shared/messages';
import { createAdapter } from '@socket.io/postgres-adapter';
import { and, eq, isNull } from 'drizzle-orm';
import type pg from 'pg';
import { Server } from 'socket.io';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import type { AccessTokens } from './access-tokens.ts';
import type { Realtime } from './realtime.ts';

export const ADMINS_ROOM = 'admins';
export const userRoom = (userId: string) => `user:${userId}`;

export interface SocketRealtime extends Realtime {
  /** Disconnects every browser and stops the socket server (the HTTP server is closed by its owner). */
  close(): void;
}

/**
 * The adapter holds one pooled connection for LISTEN. When the database drops it, the adapter takes a new one but
 * never gives the dead one back, so every outage would cost the pool a connection for good: here a connection
 * that ends while checked out is returned to the pool as broken, which discards it.
 */
function releasingOnEnd(pool: pg.Pool): pg.Pool {
  const connect = async () => {
    const client = await pool.connect();
    client.once('end', () => client.release(new Error('The database closed the connection')));
    return client;
  };
  // The adapter uses only `connect` and `query` of the pool.
  return { connect, query: pool.query.bind(pool) } as unknown as pg.Pool;
}

/**
 * Socket.IO on the API's own HTTP server at /socket.io. A browser connects with `auth: {token}` (its access token);
 * the user is read again from the database, so blocked or deleted users are refused like on any request.
 * Admins join the `admins` room, everyone joins their own `user:<id>` room.
 */
export function createSocketRealtime(
  server: HttpServer,
  db: Db,
  tokens: AccessTokens,
  options: { sharedThrough?: pg.Pool; onAdapterError?: (error: Error) => void } = {},
): SocketRealtime {
  const io = new Server(server, { path: '/socket.io', serveClient: false });
  // With several shop processes on one database, each one's events reach the browsers connected to the others.
  if (options.sharedThrough) {
    io.adapter(createAdapter(releasingOnEnd(options.sharedThrough), { errorHandler: options.onAdapterError }));
  }

  io.use(async (socket, next) => {
    try {
      const token: unknown = socket.handshake.auth?.token;
      const claims = typeof token === 'string' ? await tokens.verify(token) : null;
      if (!claims) return next(new Error(MSG.unauthorized));
      const [user] = await db
        .select({ id: users.id, isAdmin: users.isAdmin, isBlocked: users.isBlocked, tokenVersion: users.tokenVersion })
        .from(users)
        .where(and(eq(users.id, claims.userId), isNull(users.deletedAt)));
      if (!user) return next(new Error(MSG.unauthorized));
      if (user.isBlocked) return next(new Error(MSG.blocked));
      if (user.tokenVersion !== claims.version) return next(new Error(MSG.unauthorized));
      await socket.join(user.isAdmin ? [ADMINS_ROOM, userRoom(user.id)] : [userRoom(user.id)]);
      next();
    } catch {
      next(new Error(MSG.unexpected));
    }
  });

  return {
    orderStatusUpdated(event, ownerId) {
      const { orderId, itemId, status } = event;
      const sent: OrderStatusEvent = { orderId, itemId, status };
      io.to(ADMINS_ROOM).to(userRoom(ownerId)).emit('orderStatusUpdated', sent);
    },
    orderPaid(orderId) {
      const sent: OrderPaidEvent = { orderId };
      io.to(ADMINS_ROOM).emit('orderPaid', sent);
    },
    endConnections(userId) {
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    close() {
      io.disconnectSockets(true);
      io.engine.close();
      void io.of('/').adapter.close();
    },
  };
}
