import type { OrderStatusEvent } from '@bagshop/shared/live-events';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setCredentials } from '../session/session-slice.ts';
import { makeStore } from '../store/store.ts';
import { type AdminSalesEvent, useAdminSalesEvents, useOrderEvents } from './socket.ts';

type Listener = (event: OrderStatusEvent) => void;

const fake = vi.hoisted(() => {
  const listeners = new Map<string, Set<(event: never) => void>>();
  const socket = {
    connected: true,
    active: true,
    on: (name: string, fn: (event: never) => void) => {
      if (!listeners.has(name)) listeners.set(name, new Set());
      listeners.get(name)?.add(fn);
    },
    off: (name: string, fn: (event: never) => void) => listeners.get(name)?.delete(fn),
    connect: () => undefined,
    disconnect: () => undefined,
  };
  return { listeners, socket, io: vi.fn((_options: { auth: (cb: (data: object) => void) => void }) => socket) };
});
vi.mock('socket.io-client', () => ({ io: fake.io }));

function Listen({ orderId, onEvent }: { orderId: string | null; onEvent: Listener }) {
  useOrderEvents(orderId, onEvent);
  return null;
}

function ListenSales({ onEvent }: { onEvent: (event: AdminSalesEvent) => void }) {
  useAdminSalesEvents(onEvent);
  return null;
}

function show(orderId: string | null, onEvent: Listener, signedIn = true, isAdmin = true) {
  return showListener(<Listen orderId={orderId} onEvent={onEvent} />, signedIn, isAdmin);
}

function showListener(listener: ReactNode, signedIn = true, isAdmin = true) {
  const store = makeStore();
  if (signedIn) {
    store.dispatch(
      setCredentials({
        user: {
          _id: 'user-1',
          email: 'a@example.in',
          name: 'Asha',
          phone: '9876543210',
          isAdmin,
          isExist: true,
          emailVerified: true,
          hasPassword: true,
          address: [],
          image: [],
        },
        token: 'access-token',
        refreshToken: 'refresh-token',
      }),
    );
  }
  return render(<Provider store={store}>{listener}</Provider>);
}

const emitNamed = (name: string, payload: object) =>
  act(() => {
    for (const fn of fake.listeners.get(name) ?? []) fn(payload as never);
  });
const emit = (event: OrderStatusEvent) => emitNamed('orderStatusUpdated', event);

beforeEach(() => {
  fake.io.mockClear();
});

describe('order events', () => {
  it('connects with the access token and passes on only the events of the order', () => {
    const onEvent = vi.fn();
    const view = show('order-1', onEvent);
    const auth = fake.io.mock.calls.at(-1)?.[0].auth;
    const handed = vi.fn();
    auth?.(handed);
    expect(handed).toHaveBeenCalledWith({ token: 'access-token' });

    emit({ orderId: 'order-2', itemId: 'i', status: 'Shipped' });
    emit({ orderId: 'order-1', itemId: 'i', status: 'Shipped' });
    expect(onEvent.mock.calls).toEqual([[{ orderId: 'order-1', itemId: 'i', status: 'Shipped' }]]);

    view.unmount();
    emit({ orderId: 'order-1', itemId: 'i', status: 'Delivered' });
    expect(onEvent).toHaveBeenCalledTimes(1);
  });

  it('passes on every order event when no order is given', () => {
    const onEvent = vi.fn();
    show(null, onEvent);
    emit({ orderId: 'order-7', itemId: 'i', status: 'Cancelled' });
    expect(onEvent).toHaveBeenCalledOnce();
  });

  it('does not connect while signed out', () => {
    show('order-1', vi.fn(), false);
    expect(fake.io).not.toHaveBeenCalled();
  });
});

describe('admin sales events', () => {
  it('passes on paid orders and item status changes to an administrator, until the screen goes', () => {
    const onEvent = vi.fn();
    const view = showListener(<ListenSales onEvent={onEvent} />);
    emitNamed('orderPaid', { orderId: 'order-3' });
    emit({ orderId: 'order-4', itemId: 'i', status: 'Returned' });
    expect(onEvent.mock.calls).toEqual([
      [{ kind: 'orderPaid', orderId: 'order-3' }],
      [{ kind: 'orderStatusUpdated', orderId: 'order-4', itemId: 'i', status: 'Returned' }],
    ]);

    view.unmount();
    emitNamed('orderPaid', { orderId: 'order-5' });
    expect(onEvent).toHaveBeenCalledTimes(2);
  });

  it('does not listen for a shopper', () => {
    const onEvent = vi.fn();
    showListener(<ListenSales onEvent={onEvent} />, true, false);
    emitNamed('orderPaid', { orderId: 'order-6' });
    expect(onEvent).not.toHaveBeenCalled();
    expect(fake.listeners.get('orderPaid')?.size ?? 0).toBe(0);
  });
});
