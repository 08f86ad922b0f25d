// The catalogue for the bench, made as an administrator makes it: offers, categories and 10,000 products through
// the admin API (multipart product forms with a small picture), several connections at a time.
import { COLORS, type Color } from '@bagshop/shared/catalogue';
import sharp from 'sharp';
import { call, expectStatus, idIn } from './http.ts';

export const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const PARALLEL = Number(process.env.BENCH_FILL_CONNECTIONS ?? 8);

const RGB: Record<Color, [number, number, number]> = {
  Beige: [222, 203, 164],
  Brown: [121, 85, 61],
  White: [245, 245, 245],
  Black: [30, 30, 30],
  Pink: [232, 130, 170],
  Green: [60, 140, 80],
  Red: [200, 40, 40],
  Orange: [235, 140, 40],
  Violet: [130, 80, 170],
  Blue: [50, 90, 190],
  Yellow: [240, 210, 60],
};
const ADJECTIVES = ['Leather', 'Canvas', 'Quilted', 'Classic', 'Urban', 'Travel', 'Mini', 'Vintage', 'Jute', 'Nylon'];
const KINDS = ['Tote', 'Backpack', 'Satchel', 'Duffel', 'Wallet', 'Sling', 'Clutch', 'Messenger'];
const MODELS = ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine'];
const BRANDS = ['Hidesign', 'Baggit', 'Lavie', 'Caprese', 'Wildcraft', 'Skybags', 'Safari', 'Mokobara'];
const CATEGORY_NAMES = [
  'Laptop Bags',
  'Handbags',
  'Travel Bags',
  'School Bags',
  'Gym Bags',
  'Office Bags',
  'Kids Bags',
  'Party Bags',
];

export interface Catalogue {
  /** Categories for sale (the blocked one left out). */
  categoryIds: string[];
  productIds: string[];
  /** ₹499, no offer, 100,000 in stock: the bag the shoppers of the order bench buy. */
  orderBag: { id: string; price: number };
}

const DAY = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** A small square picture in the product's colour (the shop re-encodes it to webp). */
async function pictures(): Promise<Map<string, Blob>> {
  const byColor = new Map<string, Blob>();
  for (const color of COLORS) {
    const [r, g, b] = RGB[color];
    const png = await sharp({ create: { width: 48, height: 48, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
    byColor.set(color, new Blob([new Uint8Array(png)], { type: 'image/png' }));
  }
  return byColor;
}

async function addOffer(base: string, token: string, offer: Record<string, unknown>): Promise<string> {
  return idIn(await expectStatus(201, base, 'POST', '/api/user/admin/offers/add', { token, json: offer }));
}

function productForm(i: number, categoryIds: string[], productOffers: string[], picture: Map<string, Blob>) {
  const color = COLORS[Math.floor(i / 3) % COLORS.length];
  const form = new FormData();
  form.set(
    'name',
    `${ADJECTIVES[i % 10]} ${KINDS[Math.floor(i / 10) % 8]} ${MODELS[Math.floor(i / 80) % MODELS.length]}`,
  );
  form.set('description', `A sturdy bag for every day with padded straps and many pockets, model number ${i}`);
  // ₹499 to ₹6,999 in whole rupees.
  form.set('price', String(499 + ((i * 7919) % 6501)));
  if (i % 3 === 0) form.set('offer', productOffers[Math.floor(i / 3) % productOffers.length]);
  form.set('category', categoryIds[i % categoryIds.length]);
  form.set('quantity', String(1 + (i % 40)));
  form.set('brand', BRANDS[Math.floor(i / 7) % BRANDS.length]);
  form.set('color', color);
  form.set('size', '30Lx12Bx40Hcm');
  form.set('pdImage', picture.get(color) as Blob, `${color.toLowerCase()}.png`);
  return form;
}

/**
 * Offers in every state (live, from a criteria amount, expired, blocked, not yet started), 8 categories (3 with
 * offers, 1 blocked once filled), 10,000 products in all 11 colours at ₹499–₹6,999, a third with a product offer.
 */
export async function fillCatalogue(base: string, token: string, say: (line: string) => void): Promise<Catalogue> {
  const catTen = await addOffer(base, token, {
    name: 'Monsoon Ten',
    type: 'category',
    description: 'Ten percent off the whole category',
    activation: at(-1),
    expiry: at(30),
    discount: 10,
    minAmount: 1,
  });
  const catTwenty = await addOffer(base, token, {
    name: 'Festive Twenty',
    type: 'category',
    description: 'Twenty percent off from two thousand rupees',
    activation: at(-1),
    expiry: at(30),
    discount: 20,
    minAmount: 2000,
  });
  const catExpired = await addOffer(base, token, {
    name: 'Summer Forty',
    type: 'category',
    description: 'Ended last month',
    activation: at(-30),
    expiry: at(-1),
    discount: 40,
    minAmount: 1,
  });
  const productOffers = [
    await addOffer(base, token, {
      name: 'Bag Fifteen',
      type: 'products',
      description: 'Fifteen percent off',
      activation: at(-1),
      expiry: at(30),
      discount: 15,
      minAmount: 1,
    }),
    await addOffer(base, token, {
      name: 'Big Thirty',
      type: 'products',
      description: 'Thirty percent off from three thousand rupees',
      activation: at(-1),
      expiry: at(30),
      discount: 30,
      minAmount: 3000,
    }),
    await addOffer(base, token, {
      name: 'Paused Fifty',
      type: 'products',
      description: 'Blocked by the administrator',
      activation: at(-1),
      expiry: at(30),
      discount: 50,
      minAmount: 1,
    }),
    await addOffer(base, token, {
      name: 'Coming Sixty',
      type: 'products',
      description: 'Starts tomorrow',
      activation: at(1),
      expiry: at(30),
      discount: 60,
      minAmount: 1,
    }),
  ];
  await expectStatus(200, base, 'PUT', `/api/user/admin/offers/${productOffers[2]}/unblock`, { token });

  const categoryOffers = [catTen, catTwenty, catExpired];
  const categoryIds: string[] = [];
  for (const [n, name] of CATEGORY_NAMES.entries()) {
    const body = await expectStatus(201, base, 'POST', '/api/category', {
      token,
      json: { name, offer: categoryOffers[n] ?? null },
    });
    categoryIds.push(idIn(body));
  }

  const picture = await pictures();
  const productIds: string[] = new Array(PRODUCTS);
  let next = 0;
  const started = Date.now();
  const worker = async () => {
    while (next < PRODUCTS) {
      const i = next++;
      const answer = await call(base, 'POST', '/api/products', {
        token,
        form: productForm(i, categoryIds, productOffers, picture),
      });
      if (answer.status !== 201) {
        throw new Error(`POST /api/products answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
      }
      productIds[i] = idIn(answer.body);
      if ((i + 1) % 2000 === 0) say(`  ${i + 1} products (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));

  const orderForm = new FormData();
  orderForm.set('name', 'Bench Tote');
  orderForm.set('description', 'The tote every shopper of the order bench buys');
  orderForm.set('price', '499');
  orderForm.set('category', categoryIds[3]);
  orderForm.set('quantity', '100000');
  orderForm.set('brand', 'Baggit');
  orderForm.set('color', 'Brown');
  orderForm.set('size', '30Lx12Bx40Hcm');
  orderForm.set('pdImage', picture.get('Brown') as Blob, 'brown.png');
  const orderBag = idIn(await expectStatus(201, base, 'POST', '/api/products', { token, form: orderForm }));

  // Blocked once filled: its products stay in the database but are not for sale.
  const blocked = categoryIds.pop() as string;
  await expectStatus(200, base, 'PUT', `/api/category/${blocked}/unblock`, { token });
  return { categoryIds, productIds, orderBag: { id: orderBag, price: 499 } };
}
