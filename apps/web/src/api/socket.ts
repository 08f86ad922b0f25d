import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import { useAppSelector } from '../app/store.ts';

/** What the shop's server sends when an order item changes status. */
export interface OrderStatusEvent {
  orderId: string;
  itemId: string;
  status: string;
}

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

/**
 * Calls `onEvent` for every 'orderStatusUpdated' of `orderId` (or of any order when null) while signed in.
 */
export function useOrderEvents(orderId: string | null, onEvent: (event: OrderStatusEvent) => void) {
  const token = useAppSelector((s) => s.session.userToken);
  const userId = useAppSelector((s) => s.session.userInfo?.user?._id ?? null);
  const handler = useRef(onEvent);
  handler.current = onEvent;

  useEffect(() => {
    if (!token || !userId) {
      close();
      return;
    }
    const connection = connectionFor(token, userId);
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    listeners++;
    const listener = (event: OrderStatusEvent) => {
      if (orderId === null || event?.orderId === orderId) handler.current(event);
    };
    connection.on('orderStatusUpdated', listener);
    return () => {
      connection.off('orderStatusUpdated', listener);
      listeners--;
      if (listeners === 0) idleTimer = setTimeout(close, IDLE_CLOSE_MS);
    };
  }, [token, userId, orderId]);
}
