import type { OrderPaidEvent, OrderStatusEvent } from '@bagshop/shared/live-events';
import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { io, type Socket } from 'socket.io-client';
import { selectAccessToken, selectIsAdmin, type WithSession } from '../session/session-slice.ts';

/** Closed this long after the last screen that listens goes away, so moving between screens keeps it. */
const IDLE_CLOSE_MS = 30_000;

let socket: Socket | null = null;
let socketUser: string | null = null;
let currentToken: string | null = null;
let listeners = 0;
let idleTimer: ReturnType<typeof setTimeout> | null = null;

function close() {
  socket?.disconnect();
  socket = null;
  socketUser = null;
}

/**
 * The one realtime connection of the signed-in user, authenticated with the current access token (read again on
 * every reconnect, so a refreshed token is used). Another user signing in gets a connection of their own.
 */
function connectionFor(token: string, userId: string): Socket {
  currentToken = token;
  if (socket && socketUser !== userId) close();
  if (!socket) {
    socket = io({ auth: (cb) => cb({ token: currentToken }) });
    socketUser = userId;
  } else if (!socket.connected && !socket.active) {
    // The server refused an older token; try again with this one.
    socket.connect();
  }
  return socket;
}

type Handlers = Record<string, (payload: unknown) => void>;

/**
 * Keeps the connection open while the calling screen is shown and passes the named events to the latest
 * `handlers` (read at each event, so new handlers never need a new subscription). `names` must be stable.
 */
function useSocketEvents(names: readonly string[], handlers: Handlers, enabled = true) {
  // The realtime connection signs in with the API client's access token; it reconnects when a refresh renews it.
  const token = useSelector(selectAccessToken);
  const userId = useSelector((s: WithSession) => s.session.userInfo?.user?._id ?? null);
  const current = useRef(handlers);
  current.current = handlers;

  useEffect(() => {
    if (!token || !userId) {
      close();
      return;
    }
    if (!enabled) return;
    const connection = connectionFor(token, userId);
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    listeners++;
    const bound = names.map((name) => {
      const listener = (payload: unknown) => current.current[name]?.(payload);
      connection.on(name, listener);
      return () => connection.off(name, listener);
    });
    return () => {
      for (const unbind of bound) unbind();
      listeners--;
      if (listeners === 0) idleTimer = setTimeout(close, IDLE_CLOSE_MS);
    };
  }, [token, userId, enabled, names]);
}

const ORDER_EVENTS = ['orderStatusUpdated'] as const;

/**
 * Calls `onEvent` for every 'orderStatusUpdated' of `orderId` (or of any order when null) while signed in.
 */
export function useOrderEvents(orderId: string | null, onEvent: (event: OrderStatusEvent) => void) {
  useSocketEvents(ORDER_EVENTS, {
    orderStatusUpdated(payload) {
      const event = payload as OrderStatusEvent;
      if (orderId === null || event?.orderId === orderId) onEvent(event);
    },
  });
}

/** What an administrator hears when sales change: an order was paid, or one of its items changed status. */
export type AdminSalesEvent =
  | { kind: 'orderPaid'; orderId: string }
  | ({ kind: 'orderStatusUpdated' } & OrderStatusEvent);

const SALES_EVENTS = ['orderPaid', 'orderStatusUpdated'] as const;

/** Calls `onEvent` for every paid order and item status change while an administrator is signed in. */
export function useAdminSalesEvents(onEvent: (event: AdminSalesEvent) => void) {
  const isAdmin = useSelector(selectIsAdmin);
  useSocketEvents(
    SALES_EVENTS,
    {
      orderPaid(payload) {
        onEvent({ kind: 'orderPaid', orderId: (payload as OrderPaidEvent)?.orderId });
      },
      orderStatusUpdated(payload) {
        onEvent({ kind: 'orderStatusUpdated', ...(payload as OrderStatusEvent) });
      },
    },
    isAdmin,
  );
}
