import { ORDER_MSG } from '@bagshop/shared/order-messages';
import type { CheckoutPaymentDto, OrderDto } from '@bagshop/shared/order-types';
import { splitGst } from '@bagshop/shared/pricing/invoice';
import { asPaise, formatINR, toPaise } from '@bagshop/shared/pricing/money';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import {
  adminToken,
  apiBaseUrl,
  callApi,
  registerShopper,
  rememberSession,
  uniqueWord,
  withRealServer,
} from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { confirmCod, shipByHand } from '../../../test/shipments.ts';
import { addToCart, createCategory, createProduct, placeConfirmedCodOrder } from '../../../test/shop-data.ts';
import { OrderDetailsPage } from './order-details-page.tsx';

withRealServer();

/** The text of a PDF as a reader copying it gets it: its fonts are embedded, so it is read through their Unicode maps. */
async function pdfOf(path: string, token: string): Promise<string> {
  const response = await fetch(`${apiBaseUrl()}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  const parser = new PDFParse({ data: new Uint8Array(await response.arrayBuffer()) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** '−₹53.59' on the screen is '- ₹53.59' in the PDF. */
const asPdf = (shown: string) => shown.replace('−', '- ');

/** A new shopper with one delivery address in Bengaluru (Karnataka: the seller's own state). */
async function shopperWithAddress() {
  const shopper = await registerShopper();
  const { address } = await callApi<{ address: { _id: string } }>('POST', '/api/user/account/add-address', {
    token: shopper.token,
    body: {
      name: 'Asha Rao',
      houseName: 'Lake View',
      town: 'Bengaluru',
      street: 'MG Road',
      zipcode: '560001',
      state: 'Karnataka',
      country: 'IN',
      phone: '9876543210',
    },
    expect: 201,
  });
  return { shopper, address };
}

const move = (orderId: string, itemId: string, status: string) =>
  callApi('PUT', '/api/orders/save-item-status', {
    token: adminToken(),
    body: { id: orderId, item: itemId, status },
  });

describe('order details: the GST invoice', () => {
  it('shows the invoice lines, totals and credit notes with the very figures of the PDFs', async () => {
    const { shopper, address } = await shopperWithAddress();
    const category = await createCategory(`${uniqueWord(6)} Slings`);
    const sling = await createProduct({ name: `${uniqueWord(8)} Sling`, category: category._id, price: 333.33 });
    const pouch = await createProduct({ name: `${uniqueWord(8)} Pouch`, category: category._id, price: 199.99 });
    await addToCart(shopper.token, sling._id, 1);
    await addToCart(shopper.token, pouch._id, 2);
    const placed = await callApi<{ order: OrderDto }>('POST', '/api/orders', {
      token: shopper.token,
      body: { addressId: address._id, paymentMethod: 'cod' },
      expect: 201,
    });
    const orderId = placed.order._id;
    await confirmCod(shopper.token, orderId);
    await shipByHand(orderId);
    for (const item of placed.order.items) await move(orderId, item._id, 'Delivered');
    const returned = placed.order.items[0];
    await callApi('POST', '/api/orders/return-request', {
      token: shopper.token,
      body: { orderId, item: returned._id, returnReason: 'The strap was too short' },
    });
    await move(orderId, returned._id, 'Returned');
    const { order } = await callApi<{ order: OrderDto }>('GET', `/api/orders/${orderId}`, { token: shopper.token });
    expect(order.invoiceNumber).toMatch(/^INV\/\d\d-\d\d\/\d{6}$/);
    expect(order.creditNotes).toHaveLength(1);
    const invoicePdf = await pdfOf(`/api/orders/${orderId}/invoice`, shopper.token);
    const [note] = order.creditNotes;
    const notePdf = await pdfOf(`/api/orders/${orderId}/credit-notes/${note._id}`, shopper.token);

    rememberSession(shopper);
    renderScreen(<OrderDetailsPage />, { path: '/order-details/:id', url: `/order-details/${orderId}` });
    const card = (await screen.findByRole('heading', { name: `Tax invoice ${order.invoiceNumber}` })).closest(
      '.card',
    ) as HTMLElement;
    const rows = within(card).getAllByTestId('invoice-line');
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const cells = within(row).getAllByRole('cell');
      expect(cells[0].textContent).toBe('4202');
      // Price, discount, taxable value and amount: each printed on the invoice; the GST as CGST + SGST halves.
      for (const index of [1, 2, 3, 5]) expect(invoicePdf).toContain(asPdf(cells[index].textContent ?? ''));
      const gstPaise = toPaise(Number((cells[4].textContent ?? '').replace(/[₹,]/g, '')));
      const { cgstPaise, sgstPaise } = splitGst(gstPaise, true);
      expect(invoicePdf).toContain(`${formatINR(cgstPaise)}\n${formatINR(sgstPaise)}`);
    }
    const returnedRow = rows.find((row) => row.textContent?.includes(returned.product.name)) as HTMLElement;
    const returnedCells = within(returnedRow).getAllByRole('cell');
    // The credit note reverses the same line: same taxable value and amount.
    expect(notePdf).toContain(asPdf(returnedCells[3].textContent ?? ''));
    expect(notePdf).toContain(asPdf(returnedCells[5].textContent ?? ''));

    const total = within(card).getByText('Total paid').nextElementSibling?.textContent ?? '';
    expect(total).toBe(`₹${order.finalAmount.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
    expect(invoicePdf).toContain(asPdf(total));
    const gst = within(card).getByText('GST 5 %', { selector: 'dt' }).nextElementSibling?.textContent ?? '';
    expect(gst).toBe(`₹${order.tax.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);

    expect(within(card).getByText(new RegExp(note.number.replaceAll('/', '\\/')))).toBeTruthy();
    expect(within(card).getByRole('button', { name: `Download credit note ${note.number}` })).toBeTruthy();
    expect(notePdf).toContain(`Credit note number: ${note.number}`);
    expect(screen.getByRole('button', { name: /Download invoice/ })).toBeTruthy();
  });
});

describe('order details: cancelling a part of a paid order', () => {
  it('says before confirming what comes back and that the shipping fee is kept back, then shows it on the item', async () => {
    const { shopper, address } = await shopperWithAddress();
    const { token } = shopper;
    const category = await createCategory(`${uniqueWord(6)} Duffels`);
    const duffel = await createProduct({ name: `${uniqueWord(8)} Duffel`, category: category._id, price: 600 });
    const purse = await createProduct({ name: `${uniqueWord(8)} Purse`, category: category._id, price: 200 });
    await addToCart(token, duffel._id, 1);
    await addToCart(token, purse._id, 1);
    const { order, payment } = await callApi<{ order: OrderDto; payment: CheckoutPaymentDto }>('POST', '/api/orders', {
      token,
      body: { addressId: address._id, paymentMethod: 'razorpay' },
      expect: 201,
    });
    const paid = await callApi<Record<string, string>>('POST', '/api/payments/sandbox/complete', {
      token,
      body: { id: payment.id, outcome: 'success' },
    });
    await callApi('POST', '/api/user/verify-payment', { token, body: { orderId: order._id, ...paid } });

    rememberSession(shopper);
    renderScreen(<OrderDetailsPage />, { path: '/order-details/:id', url: `/order-details/${order._id}` });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Cancel ${purse.name}` }));
    const dialog = await screen.findByRole('dialog');
    // ₹200 + ₹10 tax back, less the ₹50 the duffel alone pays to ship (₹630 is under the free-shipping ₹700).
    const shippingNote = ORDER_MSG.keptBackShipping(asPaise(5_000));
    expect(within(dialog).getByText('₹160.00 will be refunded to your wallet.')).toBeTruthy();
    expect(within(dialog).getByText(shippingNote)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason for cancelling'), 'Bought one elsewhere');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel item' }));
    expect(await screen.findByText('Refunded to wallet: ₹160.00')).toBeTruthy();
    expect(screen.getByText(shippingNote)).toBeTruthy();
  });
});

describe('order details: a cash-on-delivery order waiting for confirmation', () => {
  it('asks the shopper to confirm by the deadline, and the button confirms it', async () => {
    const { shopper, address } = await shopperWithAddress();
    const { token } = shopper;
    const category = await createCategory(`${uniqueWord(6)} Totes`);
    const tote = await createProduct({ name: `${uniqueWord(8)} Tote`, category: category._id, price: 450 });
    await addToCart(token, tote._id, 1);
    const { order } = await callApi<{ order: OrderDto }>('POST', '/api/orders', {
      token,
      body: { addressId: address._id, paymentMethod: 'cod' },
      expect: 201,
    });

    rememberSession(shopper);
    renderScreen(<OrderDetailsPage />, { path: '/order-details/:id', url: `/order-details/${order._id}` });
    const ask = await screen.findByText(/^Please confirm your cash-on-delivery order by/);
    expect(ask.textContent).toContain('(India time), or it will be cancelled.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm order' }));
    await waitFor(() => expect(screen.queryByText(/^Please confirm your cash-on-delivery order by/)).toBeNull());
    const { order: after } = await callApi<{ order: OrderDto }>('GET', `/api/orders/${order._id}`, { token });
    expect(after.codConfirmation).toMatchObject({ required: false });
    expect(after.codConfirmation?.confirmedAt).not.toBeNull();
  });
});

/** '02 Dec 2026, 5:30 pm' read back as the India wall-clock hour and minute. */
function shownIndiaTime(text: string): { hour: number; minute: number } {
  const match = text.match(/, (\d{1,2}):(\d{2})\s?([ap]m)$/i);
  if (!match) throw new Error(`Not a time: ${text}`);
  const hour12 = Number(match[1]) % 12;
  return { hour: match[3].toLowerCase() === 'pm' ? hour12 + 12 : hour12, minute: Number(match[2]) };
}

describe('order details: shipments', () => {
  it('shows no shipment before the parcel is booked, then its courier, AWB, status and timeline in India time', async () => {
    const { shopper, address } = await shopperWithAddress();
    const category = await createCategory(`${uniqueWord(6)} Bags`);
    const clutch = await createProduct({ name: `${uniqueWord(8)} Clutch`, category: category._id, price: 350 });
    await addToCart(shopper.token, clutch._id, 1);
    const order = await placeConfirmedCodOrder(shopper.token, address._id);

    rememberSession(shopper);
    const first = renderScreen(<OrderDetailsPage />, {
      path: '/order-details/:id',
      url: `/order-details/${order._id}`,
    });
    expect(await screen.findByRole('heading', { name: `Order ${order.orderId}` })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Shipment' })).toBeNull();
    first.unmount();

    const shipment = await shipByHand(order._id);
    renderScreen(<OrderDetailsPage />, { path: '/order-details/:id', url: `/order-details/${order._id}` });
    const card = (await screen.findByRole('heading', { name: 'Shipment' })).closest('.card') as HTMLElement;
    const value = (term: string) => within(card).getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(value('Courier')?.textContent).toBe('India Post');
    // A courier booked by hand has no tracking page the shop knows: the number alone, no link.
    expect(value('Tracking number (AWB)')?.textContent).toBe(shipment.awb);
    expect(within(card).queryByRole('link')).toBeNull();
    expect(value('Status')?.textContent).toBe('Booked');
    expect(within(card).queryByText('Expected delivery')).toBeNull();

    const history = within(card).getByRole('list', { name: 'Tracking history' });
    const [booked] = within(history).getAllByRole('listitem');
    expect(within(history).getAllByRole('listitem')).toHaveLength(1);
    const time = booked.querySelector('time') as HTMLTimeElement;
    expect(time.dateTime).toBe(shipment.events[0].at);
    const india = new Date(Date.parse(shipment.events[0].at) + 330 * 60_000);
    expect(shownIndiaTime(time.textContent ?? '')).toEqual({
      hour: india.getUTCHours(),
      minute: india.getUTCMinutes(),
    });
    expect(booked.textContent).toBe(`${time.textContent}Booked`);
  });
});
