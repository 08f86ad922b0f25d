import type { ProductDto } from '@bagshop/shared/catalogue-types';
import { addDays, shopDate } from '@bagshop/shared/insight';
import { INSIGHT_MSG } from '@bagshop/shared/insight-messages';
import type { SalesReportDto } from '@bagshop/shared/insight-types';
import type { OrderDto } from '@bagshop/shared/order-types';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rupees } from '../../../components/price.tsx';
import { setCredentials, tokenRefreshed } from '../../../session/session-slice.ts';
import { adminSession, adminSignIn, rememberSession, signIn, withRealServer } from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { newBag, placeDeliveredOrder } from '../test-orders.ts';
import { SalesReportPage } from './sales-report-page.tsx';

// The realtime connection is not what these tests look at; it must not reach for a server.
vi.mock('socket.io-client', () => ({
  io: () => ({ connected: true, active: true, on() {}, off() {}, connect() {}, disconnect() {} }),
}));

const server = withRealServer();
const REPORT = '/api/user/admin/sales-report';
const DOWNLOAD = '/api/user/admin/sales-report/download';

let bag: ProductDto;
let order: OrderDto;
beforeAll(async () => {
  bag = await newBag(299);
  // 2 × ₹299 = ₹598 + 5 % tax ₹29.90 + ₹50 shipping (under ₹700) = ₹677.90, paid when delivered.
  order = await placeDeliveredOrder(bag._id, 2);
});
beforeEach(() => {
  rememberSession(adminSession());
});

let restoreClick: (() => void) | null = null;

/** What the browser is handed: the saved files (name and blob address). */
function watchDownloads() {
  const offered: { name: string; href: string }[] = [];
  const blobs: Blob[] = [];
  URL.createObjectURL = (blob: Blob) => {
    blobs.push(blob);
    return `blob:report-${blobs.length}`;
  };
  URL.revokeObjectURL = () => undefined;
  // jsdom cannot save files: the link's click is where the browser would take over.
  const click = vi.spyOn(HTMLElement.prototype, 'click').mockImplementation(function (this: HTMLElement) {
    if (this instanceof HTMLAnchorElement) offered.push({ name: this.download, href: this.href });
  });
  restoreClick = () => click.mockRestore();
  return { offered, blobs };
}
afterEach(() => {
  restoreClick?.();
  restoreClick = null;
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

const open = (url: string) =>
  renderScreen(
    <>
      <SalesReportPage />
      <ToastContainer />
    </>,
    { path: '/admin/sales-report', url },
  );

async function loaded(filter: string): Promise<SalesReportDto> {
  const call = await waitFor(() => {
    const last = server.last(REPORT);
    expect(last.search.get('filter')).toBe(filter);
    return last;
  });
  expect(call.status).toBe(200);
  return call.answer as SalesReportDto;
}

const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
const rowOf = (table: string | RegExp, header: string | RegExp) =>
  within(screen.getByRole('table', { name: table }))
    .getByRole('rowheader', { name: header })
    .closest('tr') as HTMLElement;

describe('sales report', () => {
  it("lists today's product and order with their figures, and totals that add up", async () => {
    open('/admin/sales-report?filter=daily');
    expect(screen.getByRole('heading', { name: 'Sales Report' })).toBeTruthy();
    const report = await loaded('daily');
    await screen.findByRole('table', { name: 'Sales by product' });

    expect(order.finalAmount).toBe(677.9);
    expect(cellsOf(rowOf('Sales by product', bag.name))).toEqual([
      bag.name,
      bag.brand,
      bag.category.name,
      '2',
      rupees(598),
      rupees(0),
      rupees(0),
      rupees(29.9),
      rupees(627.9),
    ]);

    // The order's row header holds its number, customer and day paid.
    const orderRow = rowOf(/^Orders/, new RegExp(`^${order.orderId}`));
    expect(within(orderRow).getByRole('link', { name: order.orderId }).getAttribute('href')).toBe(
      `/admin/orders/edit/${order._id}`,
    );
    const cells = cellsOf(orderRow);
    expect(cells[0]).toContain(order.userId.name);
    expect(cells[0]).toContain('Paid ');
    expect(cells[1]).toBe('Cash on DeliveryPaid');
    expect(cells[2]).toBe('Delivered');
    expect(cells.slice(3)).toEqual([
      '2',
      rupees(598),
      rupees(0),
      rupees(0),
      rupees(29.9),
      rupees(50),
      rupees(order.finalAmount),
      rupees(0),
    ]);

    // The summary and both footers are the server's totals; product nets plus shipping are the order nets.
    const { totals } = report;
    expect(within(screen.getByTestId('total-Net sales')).getByText(rupees(totals.net))).toBeTruthy();
    expect(within(screen.getByTestId('total-Orders')).getByText(String(totals.orders))).toBeTruthy();
    expect(within(screen.getByTestId('total-Shipping')).getByText(rupees(totals.shipping))).toBeTruthy();
    const productFooter = cellsOf(
      within(screen.getByRole('table', { name: 'Sales by product' })).getByRole('rowheader', { name: 'Total' })
        .parentElement as HTMLElement,
    );
    expect(productFooter.at(-1)).toBe(rupees((Math.round(totals.net * 100) - Math.round(totals.shipping * 100)) / 100));
    expect(productFooter.at(1)).toBe(totals.units.toLocaleString('en-IN'));
    const orderFooter = cellsOf(
      within(screen.getByRole('table', { name: /^Orders/ })).getByRole('rowheader', { name: /^Total/ })
        .parentElement as HTMLElement,
    );
    expect(orderFooter.at(-2)).toBe(rupees(totals.net));
    expect(orderFooter.at(-1)).toBe(rupees(totals.refunded));
    expect(screen.getByText(/Net = gross − offer discount − coupon discount \+ tax/)).toBeTruthy();
  });

  it('pages through the order rows and starts again at the first page for another period', async () => {
    const user = userEvent.setup();
    // The demo shop's ten weeks of trade take more than one page of orders in a year.
    const { router } = open('/admin/sales-report?filter=yearly');
    const first = await loaded('yearly');
    const pages = first.orderPage?.pages ?? 0;
    expect(pages).toBeGreaterThan(1);
    const orders = () => screen.getByRole('table', { name: /^Orders/ });
    await waitFor(() => expect(within(orders()).getAllByRole('link')).toHaveLength(first.orders.length));
    expect(first.orders).toHaveLength(20);
    expect(within(orders()).getByText(`1–20 of ${first.orderPage?.total}`)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(router.state.location.search).toBe('?filter=yearly&page=2');
    const second = await waitFor(() => {
      const call = server.last(REPORT);
      expect(call.search.get('page')).toBe('2');
      return call.answer as SalesReportDto;
    });
    const firstOnPage2 = second.orders[0]?.orderNumber ?? '';
    expect(await within(orders()).findByRole('link', { name: firstOnPage2 })).toBeTruthy();
    expect(first.orders.map((o) => o.orderNumber)).not.toContain(firstOnPage2);
    expect(second.orderPage?.page).toBe(2);

    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(router.state.location.search).toBe('?filter=monthly');
    expect((await loaded('monthly')).orderPage?.page).toBe(1);
  });

  it('downloads the CSV of the period on screen', async () => {
    const files = watchDownloads();
    const today = shopDate(new Date());
    const yesterday = addDays(today, -1);
    open(`/admin/sales-report?filter=custom&startDate=${yesterday}&endDate=${today}`);
    await loaded('custom');
    const csv = await screen.findByRole('button', { name: 'Download CSV' });

    fireEvent.click(csv);
    expect(csv.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'Download PDF' })).toHaveProperty('disabled', true);

    // The file is built on the shop's report thread, which may still be starting on a busy machine.
    expect(await screen.findByText(INSIGHT_MSG.downloadStarted, {}, { timeout: 10_000 })).toBeTruthy();
    const call = server.last(DOWNLOAD);
    expect(call.status).toBe(200);
    expect(Object.fromEntries(call.search)).toEqual({
      filter: 'custom',
      startDate: yesterday,
      endDate: today,
      format: 'csv',
    });
    expect(call.answer).toEqual(expect.stringContaining(bag.name));
    expect(files.offered).toHaveLength(1);
    expect(files.offered[0]?.name).toMatch(/^[\w.-]+\.csv$/);
    expect(files.offered[0]?.href).toBe('blob:report-1');
    expect(await files.blobs[0]?.text()).toContain(order.orderId);
    expect(csv.getAttribute('aria-busy')).toBe('false');
    expect(csv).toHaveProperty('disabled', false);
  });

  it('renews an expired sign-in and still downloads', async () => {
    const files = watchDownloads();
    // A session of its own: renewing it replaces its refresh token.
    rememberSession(await signIn(adminSignIn().email, adminSignIn().password));
    const { store } = open('/admin/sales-report?filter=daily');
    await loaded('daily');
    store.dispatch(tokenRefreshed({ accessToken: 'expired-access-token' }));

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download XLSX' }));
    // The file is built on the shop's report thread, which may still be starting on a busy machine.
    expect(await screen.findByText(INSIGHT_MSG.downloadStarted, {}, { timeout: 10_000 })).toBeTruthy();
    const downloads = server.calls.filter((c) => c.path === DOWNLOAD);
    expect(downloads.map((c) => c.status)).toEqual([401, 200]);
    expect(server.last('/api/user/auth/refresh', 'POST').status).toBe(200);
    expect(files.offered.map((f) => f.name)).toEqual([expect.stringMatching(/\.xlsx$/)]);
  });

  it('says the download failed when the shop refuses it', async () => {
    const files = watchDownloads();
    const { store } = open('/admin/sales-report?filter=daily');
    await loaded('daily');
    store.dispatch(setCredentials({ ...adminSession(), token: 'expired-access-token', refreshToken: 'not-valid' }));

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText(INSIGHT_MSG.downloadFailed)).toBeTruthy();
    expect(server.last(DOWNLOAD).status).toBe(401);
    expect(files.offered).toHaveLength(0);
  });

  it('says when the period has no sales', async () => {
    open('/admin/sales-report?filter=custom&startDate=2025-01-10&endDate=2025-01-20');
    const report = await loaded('custom');
    expect(report.orders).toHaveLength(0);
    expect(await screen.findByText(INSIGHT_MSG.noSales)).toBeTruthy();
    expect(screen.queryByRole('table', { name: /^Orders/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /View dashboard/ }).getAttribute('href')).toBe(
      '/admin/dashboard?filter=custom&startDate=2025-01-10&endDate=2025-01-20',
    );
  });

  it('offers a retry when the report cannot load', async () => {
    localStorage.clear();
    open('/admin/sales-report?filter=daily');
    expect(await screen.findByText(INSIGHT_MSG.reportLoadFailed)).toBeTruthy();
    expect(server.last(REPORT).status).toBe(401);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
