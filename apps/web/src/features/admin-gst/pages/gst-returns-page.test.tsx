import { GST_PAGE_MSG } from '@bagshop/shared/gst/gst-page-messages';
import { gstMonthOf, previousGstMonthOf } from '@bagshop/shared/gst/periods';
import type { SalesReportDto } from '@bagshop/shared/insight-types';
import { GST_MSG, type GstSummaryDto } from '@bagshop/shared/schemas/gst';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { rupees } from '../../../components/price.tsx';
import { setCredentials } from '../../../session/session-slice.ts';
import { watchDownloads } from '../../../test/downloads.ts';
import { adminSession, adminToken, callApi, rememberSession, withRealServer } from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { ReturnFigures } from '../components/return-figures.tsx';
import { GstReturnsPage } from './gst-returns-page.tsx';

const server = withRealServer();
const downloads = watchDownloads();
const SUMMARY = '/api/admin/gst/summary';
const SALES_REPORT = '/api/user/admin/sales-report';

beforeEach(() => {
  rememberSession(adminSession());
});

const open = (url: string) =>
  renderScreen(
    <>
      <GstReturnsPage />
      <ToastContainer />
    </>,
    { path: '/admin/gst', url },
  );

/** The summary the page asked for `period`, as the shop answered it. */
async function loaded(period: string): Promise<GstSummaryDto> {
  const call = await waitFor(() => {
    const last = server.last(SUMMARY);
    expect(last.search.get('period')).toBe(period);
    return last;
  });
  expect(call.status).toBe(200);
  return call.answer as GstSummaryDto;
}

const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
const rowOf = (table: string, header: string) =>
  within(screen.getByRole('table', { name: table }))
    .getByRole('rowheader', { name: header })
    .closest('tr') as HTMLElement;
const figures = (f: { taxable: number; igst: number; cgst: number; sgst: number; value: number }) =>
  [f.taxable, f.igst, f.cgst, f.sgst, f.value].map(rupees);

describe('GST returns', () => {
  it('opens on last month, with each section, the registers they add up to and the sales report of its dates', async () => {
    const { router } = open('/admin/gst');
    expect(screen.getByRole('heading', { name: GST_MSG.title, level: 1 })).toBeTruthy();
    expect(document.title).toContain(GST_MSG.title);
    // Returns are filed once the month is over: the page opens on the month before this one (India time).
    const period = previousGstMonthOf(new Date());
    await waitFor(() => expect(router.state.location.search).toBe(`?period=${period}`));
    const summary = await loaded(period);
    // The demo shop's ten weeks of trade invoice orders every month.
    expect(summary.registers.invoices.count).toBeGreaterThan(0);
    await screen.findByRole('table', { name: GST_PAGE_MSG.sectionsCaption });

    expect(screen.getByTestId('gst-period').textContent).toContain(summary.label);
    expect(screen.getByText(GST_PAGE_MSG.gstinLine(summary.gstin, summary.fp))).toBeTruthy();
    for (const section of summary.sections) {
      expect(cellsOf(rowOf(GST_PAGE_MSG.sectionsCaption, section.title))).toEqual([
        section.title,
        section.entries.toLocaleString('en-IN'),
        ...figures(section),
      ]);
    }
    expect(cellsOf(rowOf(GST_PAGE_MSG.sectionsCaption, GST_PAGE_MSG.declaredRow))).toEqual([
      GST_PAGE_MSG.declaredRow,
      '',
      ...figures(summary.declared),
    ]);
    const { invoices, creditNotes, net } = summary.registers;
    const tax = (f: { igst: number; cgst: number; sgst: number }) =>
      rupees(Math.round(f.igst * 100 + f.cgst * 100 + f.sgst * 100) / 100);
    expect(cellsOf(rowOf(GST_PAGE_MSG.registersCaption, GST_PAGE_MSG.invoicesRow))).toEqual([
      GST_PAGE_MSG.invoicesRow,
      String(invoices.count),
      rupees(invoices.taxable),
      tax(invoices),
      rupees(invoices.value),
    ]);
    expect(cellsOf(rowOf(GST_PAGE_MSG.registersCaption, GST_PAGE_MSG.creditNotesRow))[1]).toBe(
      String(creditNotes.count),
    );
    expect(cellsOf(rowOf(GST_PAGE_MSG.registersCaption, GST_PAGE_MSG.netRow)).slice(2)).toEqual([
      rupees(net.taxable),
      tax(net),
      rupees(net.value),
    ]);
    expect(summary.agrees).toBe(true);
    expect(screen.getByTestId('gst-agrees').textContent).toBe(GST_PAGE_MSG.agrees);
    expect(screen.queryByRole('alert')).toBeNull();
    const invoiceSeries = summary.documents[0];
    expect(cellsOf(rowOf(GST_PAGE_MSG.documentsCaption, invoiceSeries.kind))).toEqual([
      invoiceSeries.kind,
      invoiceSeries.from,
      invoiceSeries.to,
      String(invoiceSeries.total),
    ]);

    // The sales report of the same days, with the sentence on why the two count differently.
    const report = await waitFor(() => {
      const call = server.last(SALES_REPORT);
      expect(Object.fromEntries(call.search)).toEqual({
        filter: 'custom',
        startDate: summary.firstDay,
        endDate: summary.lastDay,
        page: '1',
      });
      return call.answer as SalesReportDto;
    });
    const netFigure = await screen.findByTestId(`sales-${GST_PAGE_MSG.salesNet}`);
    expect(within(netFigure).getByText(rupees(report.totals.net))).toBeTruthy();
    expect(
      within(screen.getByTestId(`sales-${GST_PAGE_MSG.salesTax}`)).getByText(rupees(report.totals.tax)),
    ).toBeTruthy();
    expect(screen.getByText(GST_PAGE_MSG.salesWhyDifferent)).toBeTruthy();
    const declaredTax = Math.round((summary.declared.igst + summary.declared.cgst + summary.declared.sgst) * 100);
    const difference = Math.abs(Math.round(report.totals.tax * 100) - declaredTax) / 100;
    expect(screen.getByTestId('sales-tax-check').textContent).toBe(
      difference === 0
        ? GST_PAGE_MSG.taxAgrees(rupees(report.totals.tax))
        : GST_PAGE_MSG.taxDiffers(rupees(difference)),
    );
    expect(screen.getByRole('link', { name: GST_PAGE_MSG.openSalesReport }).getAttribute('href')).toBe(
      `/admin/sales-report?filter=custom&startDate=${summary.firstDay}&endDate=${summary.lastDay}`,
    );
  });

  it('warns in red, without the green badge, when the sections do not add up to the registers', async () => {
    const summary = await callApi<GstSummaryDto>('GET', `${SUMMARY}?period=${previousGstMonthOf(new Date())}`, {
      token: adminToken(),
    });
    render(<ReturnFigures summary={{ ...summary, agrees: false }} />);
    expect(screen.getByRole('alert').textContent).toBe(GST_PAGE_MSG.disagrees);
    expect(screen.getByRole('alert').className).toContain('alert-danger');
    expect(screen.queryByText(GST_PAGE_MSG.agrees)).toBeNull();
    // The figures stay on screen to find the difference by.
    expect(screen.getByRole('table', { name: GST_PAGE_MSG.sectionsCaption })).toBeTruthy();
  });

  it('puts the month or quarter chosen in the URL and shows its return', async () => {
    const user = userEvent.setup();
    const { router } = open(`/admin/gst?period=${previousGstMonthOf(new Date())}`);
    await loaded(previousGstMonthOf(new Date()));

    const thisMonth = gstMonthOf(new Date());
    fireEvent.change(screen.getByLabelText(GST_PAGE_MSG.monthLabel), { target: { value: thisMonth } });
    await user.click(screen.getByRole('button', { name: GST_PAGE_MSG.apply }));
    expect(router.state.location.search).toBe(`?period=${thisMonth}`);
    expect((await loaded(thisMonth)).label).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: GST_PAGE_MSG.quarterChoice }));
    const year = thisMonth.slice(0, 4);
    // The quarter starts as the one the month on screen falls in.
    expect((screen.getByLabelText(GST_PAGE_MSG.yearLabel) as HTMLSelectElement).value).toBe(year);
    await user.selectOptions(screen.getByLabelText(GST_PAGE_MSG.quarterLabel), GST_PAGE_MSG.quarterOptions.Q1);
    await user.click(screen.getByRole('button', { name: GST_PAGE_MSG.apply }));
    expect(router.state.location.search).toBe(`?period=${year}-Q1`);
    const quarter = await loaded(`${year}-Q1`);
    expect(quarter.firstDay).toBe(`${year}-01-01`);
    expect(quarter.lastDay).toBe(`${year}-03-31`);

    // Back to the month: the picker follows the address.
    router.navigate(-1);
    await waitFor(() => expect(screen.getByLabelText(GST_PAGE_MSG.monthLabel)).toHaveProperty('value', thisMonth));
  });

  it('does not fetch a hand-edited period and says what to choose', async () => {
    open('/admin/gst?period=2026-13');
    expect((await screen.findByRole('alert')).textContent).toBe(GST_MSG.periodInvalid);
    expect(server.calls.filter((c) => c.path === SUMMARY)).toEqual([]);
    expect(screen.queryByRole('button', { name: GST_PAGE_MSG.gstr1Json })).toBeNull();
  });

  it('says when a period has no invoices and still downloads its nil return', async () => {
    downloads.start();
    open('/admin/gst?period=2017-07');
    const summary = await loaded('2017-07');
    expect(await screen.findByText(GST_PAGE_MSG.empty)).toBeTruthy();
    expect(screen.queryByRole('table', { name: GST_PAGE_MSG.sectionsCaption })).toBeNull();

    const json = screen.getByRole('button', { name: GST_PAGE_MSG.gstr1Json });
    fireEvent.click(json);
    expect(json.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(downloads.offered).toHaveLength(1));
    expect(downloads.offered[0]?.name).toBe(`GSTR1-${summary.gstin}-2017-07.json`);
    const nil = JSON.parse((await downloads.offered[0]?.blob.text()) ?? '{}') as { gstin: string; fp: string };
    expect(nil).toMatchObject({ gstin: summary.gstin, fp: '072017' });
    await waitFor(() => expect(json.getAttribute('aria-busy')).toBe('false'));
  });

  it('says which download failed when the shop refuses it', async () => {
    downloads.start();
    const { store } = open('/admin/gst?period=2017-07');
    await loaded('2017-07');
    store.dispatch(setCredentials({ ...adminSession(), token: 'expired-access-token', refreshToken: 'not-valid' }));
    await userEvent.setup().click(screen.getByRole('button', { name: GST_PAGE_MSG.registersCsv }));
    expect(await screen.findByText(GST_PAGE_MSG.downloadFailed(GST_PAGE_MSG.registersCsv))).toBeTruthy();
    expect(server.last('/api/admin/gst/registers').status).toBe(401);
    expect(downloads.offered).toHaveLength(0);
  });

  it('offers a retry when the return cannot load', async () => {
    localStorage.clear();
    open('/admin/gst?period=2026-11');
    expect(await screen.findByText(GST_PAGE_MSG.loadFailed)).toBeTruthy();
    expect(server.last(SUMMARY).status).toBe(401);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
