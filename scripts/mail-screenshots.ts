// Renders three of the shop's mails (order placed, item shipped, item cancelled) with the example order of the API
// document and saves each as a PNG in docs/screenshots/, through Chromium: `npx tsx scripts/mail-screenshots.ts`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OrderDto } from '@bagshop/shared/order-types';
import { asPaise } from '@bagshop/shared/pricing/money';
import { exampleOrder } from '@bagshop/shared/schemas/orders';
import { chromium } from 'playwright-core';
import { renderQueuedMail } from '../apps/api/src/modules/mail-outbox/render.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'docs/screenshots');
const order = structuredClone(exampleOrder) as unknown as OrderDto;
const item = order.items[0];
const sources = {
  shop: {
    name: 'Bag Shop Retail Pvt. Ltd.',
    address: '12, MG Road, Bengaluru, Karnataka 560001, India',
    publicUrl: 'https://bagshop.in',
  },
  loadOrders: async () => new Map([[order._id, order]]),
  invoicePdf: async () => Buffer.from('%PDF-1.7'),
};
const mail = (kind: string, payload: Record<string, unknown>) => ({
  id: '00000000-0000-4000-8000-000000000000',
  kind: kind as never,
  to: order.userId.email,
  payload: { orderId: order._id, ...payload },
  attempts: 1,
  createdAt: new Date(),
  recipientName: null,
});

const shots = [
  ['mail-order-placed.png', mail('order-placed', {})],
  ['mail-item-shipped.png', mail('item-shipped', { itemId: item._id })],
  [
    'mail-item-cancelled.png',
    mail('item-cancelled', {
      itemIds: [item._id],
      reason: 'Ordered the wrong colour',
      refundedPaise: asPaise(217_895),
    }),
  ],
] as const;

fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: 680, height: 400 } });
  for (const [file, queued] of shots) {
    const rendered = await renderQueuedMail(queued, sources, await sources.loadOrders());
    await page.setContent(rendered.html, { waitUntil: 'load' });
    await page.screenshot({ path: path.join(out, file), fullPage: true });
    console.log(`${file}: ${rendered.subject}`);
  }
} finally {
  await browser.close();
}
