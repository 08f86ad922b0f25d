import type { ProductDto } from '@bagshop/shared/catalogue-types';
import { periodDaysText } from '@bagshop/shared/insight';
import { INSIGHT_MSG } from '@bagshop/shared/insight-messages';
import type { DashboardDto } from '@bagshop/shared/insight-types';
import { ATTENTION_MSG, type AttentionAnswer } from '@bagshop/shared/schemas/attention';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rupees } from '../../../components/price.tsx';
import { adminSession, rememberSession, withRealServer } from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { newBag, placeDeliveredOrder } from '../test-orders.ts';
import { DashboardPage } from './dashboard-page.tsx';

// The browser's realtime connection, so the test can deliver the server's events.
const socket = vi.hoisted(() => {
  const listeners = new Map<string, Set<(event: unknown) => void>>();
  const fake = {
    connected: true,
    active: true,
    on: (name: string, fn: (event: unknown) => void) => {
      if (!listeners.has(name)) listeners.set(name, new Set());
      listeners.get(name)?.add(fn);
    },
    off: (name: string, fn: (event: unknown) => void) => listeners.get(name)?.delete(fn),
    connect: () => undefined,
    disconnect: () => undefined,
  };
  return { listeners, io: () => fake };
});
vi.mock('socket.io-client', () => ({ io: socket.io }));

const server = withRealServer();
const DASHBOARD = '/api/user/admin/dashboard';
const ATTENTION = '/api/admin/attention';

let bag: ProductDto;
beforeAll(async () => {
  bag = await newBag(150);
  // 5 × ₹150 = ₹750 + 5 % tax ₹37.50, shipped free (₹700 and over): ₹787.50, paid when delivered.
  await placeDeliveredOrder(bag._id, 5);
});
beforeEach(() => {
  rememberSession(adminSession());
});

const open = (url: string) => renderScreen(<DashboardPage />, { path: '/admin/dashboard', url });

const dashboardCalls = () => server.calls.filter((c) => c.path === DASHBOARD);

async function loaded(filter: string): Promise<DashboardDto> {
  const call = await waitFor(() => {
    const last = server.last(DASHBOARD);
    expect(last.search.get('filter')).toBe(filter);
    return last;
  });
  expect(call.status).toBe(200);
  return call.answer as DashboardDto;
}

describe('admin dashboard', () => {
  it("shows today's cards, charts and best sellers as the shop counts them", async () => {
    open('/admin/dashboard?filter=daily');
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    const dashboard = await loaded('daily');
    const card = (label: string) => within(screen.getByTestId(`card-${label}`));
    await waitFor(() => expect(card('Sales').getByText(rupees(dashboard.cards.sales))).toBeTruthy());
    expect(dashboard.cards.orders).toBeGreaterThanOrEqual(1);
    expect(dashboard.cards.sales).toBeGreaterThanOrEqual(787.5);
    expect(card('Orders').getByText(String(dashboard.cards.orders))).toBeTruthy();
    expect(card('Items sold').getByText(dashboard.cards.itemsSold.toLocaleString('en-IN'))).toBeTruthy();
    expect(card('New customers').getByText(String(dashboard.cards.newCustomers))).toBeTruthy();
    expect(card('Average order value').getByText(rupees(dashboard.cards.averageOrderValue))).toBeTruthy();
    expect(card('Returns').getByText(`Worth ${rupees(dashboard.cards.returns.amount)}`)).toBeTruthy();
    expect(screen.getByTestId('insight-period').textContent).toBe(`Today: ${periodDaysText(dashboard.period)}`);

    // Our five units lead today's products: units and revenue from the order itself.
    const products = within(screen.getByRole('table', { name: 'Top 5 products' }));
    const row = within(products.getByRole('rowheader', { name: bag.name }).closest('tr') as HTMLElement);
    expect(row.getByText('5')).toBeTruthy();
    expect(row.getByText(rupees(787.5))).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Top 5 brands' })).getByText(bag.brand)).toBeTruthy();

    // Every chart has a name and its figures as a table.
    for (const name of ['Sales over time', 'New customers over time', 'Top 5 categories by units']) {
      expect(screen.getByRole('figure', { name })).toBeTruthy();
      expect(screen.getByRole('table', { name })).toBeTruthy();
    }
    const categories = within(screen.getByRole('table', { name: 'Top 5 categories by units' }));
    expect(categories.getByRole('rowheader', { name: bag.category.name })).toBeTruthy();
    const hours = within(screen.getByRole('table', { name: 'Sales over time' })).getAllByRole('row');
    expect(hours).toHaveLength(1 + 24);
    expect(document.querySelector('figure svg')).toBeTruthy();

    expect(screen.getByRole('link', { name: /View sales report/ }).getAttribute('href')).toBe(
      '/admin/sales-report?filter=daily',
    );
  });

  it('switches the period in the URL and fetches it', async () => {
    const user = userEvent.setup();
    const { router } = open('/admin/dashboard');
    await loaded('weekly');
    expect((screen.getByRole('radio', { name: 'Weekly' }) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(router.state.location.search).toBe('?filter=monthly');
    const monthly = await loaded('monthly');
    await waitFor(() =>
      expect(screen.getByTestId('insight-period').textContent).toBe(`Last 30 days: ${periodDaysText(monthly.period)}`),
    );
    expect(screen.getByRole('link', { name: /View sales report/ }).getAttribute('href')).toBe(
      '/admin/sales-report?filter=monthly',
    );
  });

  it('checks a custom range under its fields, then shows the chosen days', async () => {
    const user = userEvent.setup();
    const { router } = open('/admin/dashboard?filter=weekly');
    await loaded('weekly');
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    const start = screen.getByLabelText('Start date');
    const end = screen.getByLabelText('End date');
    await user.clear(start);
    await user.paste('15-Jan-2025');
    await user.clear(end);
    await user.paste('10-Jan-2025');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(INSIGHT_MSG.endBeforeStart)).toBeTruthy();
    expect(end.getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.search).toBe('?filter=weekly');

    await user.clear(end);
    await user.paste('20-Jan-2025');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?filter=custom&startDate=2025-01-15&endDate=2025-01-20'),
    );
    const custom = await loaded('custom');
    expect(server.last(DASHBOARD).search.get('startDate')).toBe('2025-01-15');
    expect(server.last(DASHBOARD).search.get('endDate')).toBe('2025-01-20');
    expect(screen.queryByText(INSIGHT_MSG.endBeforeStart)).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('insight-period').textContent).toBe('Custom range: 15 Jan 2025 – 20 Jan 2025'),
    );
    // Long before the shop's first order.
    expect(custom.cards.orders).toBe(0);
    expect(await screen.findByText(INSIGHT_MSG.noSales)).toBeTruthy();
  });

  it('does not fetch a hand-edited wrong range and says what to fix', async () => {
    open('/admin/dashboard?filter=custom&startDate=2025-01-15&endDate=2025-01-10');
    expect(await screen.findByText(INSIGHT_MSG.endBeforeStart)).toBeTruthy();
    expect((screen.getByLabelText('Start date') as HTMLInputElement).value).toBe('15-Jan-2025');
    expect(dashboardCalls()).toHaveLength(0);
  });

  it('fetches the figures again when an order is paid, once per burst of events', async () => {
    open('/admin/dashboard?filter=daily');
    await loaded('daily');
    await waitFor(() => expect(socket.listeners.get('orderPaid')?.size).toBe(1));
    const before = dashboardCalls().length;
    const emit = (name: string, event: object) =>
      act(() => {
        for (const listener of socket.listeners.get(name) ?? []) listener(event);
      });
    // A cash order's two items delivered a moment apart, the second one paying it: one fetch for the burst.
    emit('orderStatusUpdated', { orderId: 'paid-just-now', itemId: 'item-1', status: 'Delivered' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    emit('orderStatusUpdated', { orderId: 'paid-just-now', itemId: 'item-2', status: 'Delivered' });
    emit('orderPaid', { orderId: 'paid-just-now' });
    await waitFor(() => expect(dashboardCalls().length).toBe(before + 1));
    expect(server.last(DASHBOARD).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(dashboardCalls().length).toBe(before + 1);
  });

  it('asks the shop what needs attention and shows exactly that at the top, or no panel when nothing does', async () => {
    open('/admin/dashboard?filter=daily');
    await loaded('daily');
    const call = await waitFor(() => server.last(ATTENTION));
    expect(call.status).toBe(200);
    const { problems } = call.answer as AttentionAnswer;
    await screen.findByTestId('card-Sales');
    const panel = screen.queryByRole('region', { name: ATTENTION_MSG.title });
    if (problems.length === 0) {
      // A shop just started by the test run has nothing stuck.
      expect(panel).toBeNull();
    } else {
      const titles = within(panel as HTMLElement).getAllByRole('heading', { level: 3 });
      expect(titles.map((h) => h.textContent)).toEqual(problems.map((p) => p.title));
    }
  });

  it('offers a retry when the dashboard cannot load', async () => {
    const user = userEvent.setup();
    // Signed out: the shop refuses the figures.
    localStorage.clear();
    open('/admin/dashboard?filter=daily');
    expect(await screen.findByText(INSIGHT_MSG.dashboardLoadFailed)).toBeTruthy();
    expect(server.last(DASHBOARD).status).toBe(401);
    const before = dashboardCalls().length;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(dashboardCalls().length).toBe(before + 1));
  });
});
