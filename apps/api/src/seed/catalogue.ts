import type { Color } from '@bagshop/shared/catalogue';
import { DEFAULT_PARCEL_CM, parcelFromSize, parseParcelSetting } from '@bagshop/shared/parcel';
import { toPaise } from '@bagshop/shared/pricing/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { categories, offers, products } from '../db/schema/catalogue.ts';
import { openStock } from '../modules/stock-ledger/service.ts';
import type { ImageStorage } from '../platform/storage.ts';
import { type BagShape, renderBag } from './bag-pictures.ts';

const DAY = 24 * 60 * 60 * 1000;

type OfferKey = 'festive' | 'bigTrip';
type CategoryKey = 'Handbags' | 'Backpacks' | 'Totes' | 'Travel Bags' | 'Laptop Bags' | 'Wallets';

const SHAPES: Record<CategoryKey, BagShape> = {
  Handbags: 'handbag',
  Backpacks: 'backpack',
  Totes: 'tote',
  'Travel Bags': 'duffel',
  'Laptop Bags': 'briefcase',
  Wallets: 'wallet',
};

/**
 * A demo bag's packed weight: its kind's base plus grams per litre of its size, rounded to 10 g and kept within
 * 300 g to 1.5 kg (a wallet in its box to a large trolley duffel).
 */
const WEIGHT_BY_KIND: Record<CategoryKey, { base: number; perLitre: number }> = {
  Handbags: { base: 450, perLitre: 40 },
  Backpacks: { base: 500, perLitre: 25 },
  Totes: { base: 300, perLitre: 20 },
  'Travel Bags': { base: 700, perLitre: 8 },
  'Laptop Bags': { base: 700, perLitre: 30 },
  Wallets: { base: 300, perLitre: 0 },
};

/** The parcel of a demo bag: its size's sides and a weight for its kind (docs/decisions/038-parcel-sizes.md). */
function demoParcel(category: CategoryKey, size: string) {
  const sides = parcelFromSize(size) ?? parseParcelSetting(DEFAULT_PARCEL_CM);
  if (!sides) throw new Error(`No parcel for ${size}`);
  const litres = (sides.lengthCm * sides.breadthCm * sides.heightCm) / 1000;
  const { base, perLitre } = WEIGHT_BY_KIND[category];
  const weightGrams = Math.min(1500, Math.max(300, Math.round((base + litres * perLitre) / 10) * 10));
  return { weightGrams, ...sides };
}

interface DemoProduct {
  name: string;
  category: CategoryKey;
  brand: string;
  color: Color;
  rupees: number;
  size: string;
  quantity: number;
  description: string;
  offer?: OfferKey;
}

const PRODUCTS: DemoProduct[] = [
  {
    name: 'Classic Satchel',
    category: 'Handbags',
    brand: 'Hidesign',
    color: 'Brown',
    rupees: 4499,
    size: '28Lx12Bx22Hcm',
    quantity: 12,
    offer: 'festive',
    description:
      'Full-grain leather satchel with a top handle, detachable sling strap and a brass twist lock. Fits a tablet, diary and the day’s essentials.',
  },
  {
    name: 'Quilted Shoulder Bag',
    category: 'Handbags',
    brand: 'Caprese',
    color: 'Black',
    rupees: 2999,
    size: '30Lx10Bx20Hcm',
    quantity: 18,
    offer: 'festive',
    description:
      'Soft quilted vegan leather with a chain-link shoulder strap, magnetic flap and two inner compartments.',
  },
  {
    name: 'Mini Crossbody',
    category: 'Handbags',
    brand: 'Lavie',
    color: 'Pink',
    rupees: 1299,
    size: '20Lx7Bx15Hcm',
    quantity: 25,
    description: 'A light crossbody for phone, cards and keys, with an adjustable strap and a zip pocket at the back.',
  },
  {
    name: 'Structured Tote Handbag',
    category: 'Handbags',
    brand: 'Da Milano',
    color: 'White',
    rupees: 6499,
    size: '32Lx14Bx26Hcm',
    quantity: 6,
    description:
      'Structured saffiano leather handbag with twin handles, a zip middle section and gold-tone feet to keep it clean.',
  },
  {
    name: 'Sunflower Hobo',
    category: 'Handbags',
    brand: 'Baggit',
    color: 'Yellow',
    rupees: 1799,
    size: '34Lx12Bx30Hcm',
    quantity: 0,
    description: 'Slouchy hobo bag in a cheerful sunflower shade with a roomy main pocket and a soft shoulder strap.',
  },
  {
    name: 'Velvet Evening Clutch',
    category: 'Handbags',
    brand: 'Lavie',
    color: 'Violet',
    rupees: 999,
    size: '24Lx5Bx13Hcm',
    quantity: 15,
    description: 'Plush velvet clutch with a hidden chain strap, just right for weddings and festive evenings.',
  },
  {
    name: 'Trail Hiking Backpack',
    category: 'Backpacks',
    brand: 'Wildcraft',
    color: 'Green',
    rupees: 3299,
    size: '32Lx20Bx55Hcm',
    quantity: 30,
    description: '45 litre hiking pack with padded hip belt, rain cover, hydration sleeve and breathable back panel.',
  },
  {
    name: 'Campus Daypack',
    category: 'Backpacks',
    brand: 'Skybags',
    color: 'Blue',
    rupees: 1499,
    size: '30Lx15Bx45Hcm',
    quantity: 40,
    description: 'Everyday college backpack with a padded laptop pocket up to 15.6 inches and two side bottle holders.',
  },
  {
    name: 'Urban Commuter Pack',
    category: 'Backpacks',
    brand: 'Mokobara',
    color: 'Black',
    rupees: 4999,
    size: '30Lx16Bx46Hcm',
    quantity: 10,
    description:
      'Water-resistant commuter backpack with a clamshell opening, luggage pass-through and hidden passport pocket.',
  },
  {
    name: 'Rainproof Rolltop',
    category: 'Backpacks',
    brand: 'Wildcraft',
    color: 'Orange',
    rupees: 2699,
    size: '30Lx14Bx50Hcm',
    quantity: 8,
    description: 'Roll-top backpack in welded tarpaulin that keeps books and gadgets dry through the monsoon.',
  },
  {
    name: 'Kids Doodle Backpack',
    category: 'Backpacks',
    brand: 'Chumbak',
    color: 'Red',
    rupees: 899,
    size: '26Lx12Bx34Hcm',
    quantity: 22,
    description: 'Light school bag for little ones with doodle prints, reflective strips and a name tag inside.',
  },
  {
    name: 'Canvas Rucksack',
    category: 'Backpacks',
    brand: 'Zouk',
    color: 'Beige',
    rupees: 1999,
    size: '31Lx15Bx44Hcm',
    quantity: 14,
    description: 'Washed cotton canvas rucksack with leather trims, a drawstring top and a flap with buckles.',
  },
  {
    name: 'Market Jute Tote',
    category: 'Totes',
    brand: 'Zouk',
    color: 'Beige',
    rupees: 599,
    size: '40Lx12Bx35Hcm',
    quantity: 35,
    description: 'Sturdy jute shopping tote with cotton handles that carries a full week of vegetables and more.',
  },
  {
    name: 'Everyday Canvas Tote',
    category: 'Totes',
    brand: 'Chumbak',
    color: 'Yellow',
    rupees: 749,
    size: '38Lx10Bx36Hcm',
    quantity: 28,
    description: 'Printed canvas tote with an inner zip pocket and a magnetic snap, made for the daily commute.',
  },
  {
    name: 'Leather Work Tote',
    category: 'Totes',
    brand: 'Hidesign',
    color: 'Brown',
    rupees: 5499,
    size: '40Lx14Bx30Hcm',
    quantity: 7,
    description: 'Vegetable-tanned leather tote with a padded laptop sleeve, pen loops and a zip top closure.',
  },
  {
    name: 'Beach Stripe Tote',
    category: 'Totes',
    brand: 'Baggit',
    color: 'Blue',
    rupees: 1099,
    size: '45Lx15Bx38Hcm',
    quantity: 0,
    description: 'Roomy striped tote for beach days with a wipe-clean lining and rope handles.',
  },
  {
    name: 'Blossom Print Tote',
    category: 'Totes',
    brand: 'Chumbak',
    color: 'Pink',
    rupees: 899,
    size: '38Lx11Bx34Hcm',
    quantity: 19,
    description: 'Floral printed cotton tote with a snap button and a small pocket for keys and lip balm.',
  },
  {
    name: 'Weekender Duffel',
    category: 'Travel Bags',
    brand: 'Safari',
    color: 'Brown',
    rupees: 3499,
    size: '50Lx25Bx28Hcm',
    quantity: 11,
    offer: 'bigTrip',
    description: 'Weekend duffel with a shoe compartment, padded shoulder strap and trolley sleeve for easy travel.',
  },
  {
    name: 'Cabin Trolley Bag',
    category: 'Travel Bags',
    brand: 'VIP',
    color: 'Red',
    rupees: 5999,
    size: '40Lx20Bx55Hcm',
    quantity: 9,
    offer: 'bigTrip',
    description: 'Hard-shell cabin trolley with eight spinner wheels, a TSA lock and an expandable zip.',
  },
  {
    name: 'Gym Duffel',
    category: 'Travel Bags',
    brand: 'Skybags',
    color: 'Black',
    rupees: 1199,
    size: '45Lx22Bx25Hcm',
    quantity: 24,
    offer: 'bigTrip',
    description: 'Compact gym bag with a ventilated shoe pocket and a wet pocket for towels.',
  },
  {
    name: 'Check In Trolley',
    category: 'Travel Bags',
    brand: 'Aristocrat',
    color: 'Violet',
    rupees: 6999,
    size: '48Lx28Bx68Hcm',
    quantity: 5,
    offer: 'bigTrip',
    description: 'Large check-in trolley in polycarbonate with a combination lock and cross straps inside.',
  },
  {
    name: 'Foldable Travel Bag',
    category: 'Travel Bags',
    brand: 'Safari',
    color: 'Green',
    rupees: 799,
    size: '44Lx20Bx30Hcm',
    quantity: 33,
    description: 'Folds into its own pouch; opens into a full travel bag for the shopping you bring home.',
  },
  {
    name: 'Slim Laptop Sleeve',
    category: 'Laptop Bags',
    brand: 'Mokobara',
    color: 'White',
    rupees: 1599,
    size: '36Lx3Bx26Hcm',
    quantity: 20,
    description: 'Padded sleeve for laptops up to 14 inches with a felt lining and a front pocket for the charger.',
  },
  {
    name: 'Executive Briefcase',
    category: 'Laptop Bags',
    brand: 'Hidesign',
    color: 'Black',
    rupees: 5999,
    size: '41Lx10Bx30Hcm',
    quantity: 4,
    description: 'Leather briefcase with a laptop section, document folders and brass buckles for the boardroom.',
  },
  {
    name: 'Messenger Laptop Bag',
    category: 'Laptop Bags',
    brand: 'Wildcraft',
    color: 'Orange',
    rupees: 2299,
    size: '40Lx9Bx30Hcm',
    quantity: 16,
    description: 'Messenger bag with a cushioned laptop pocket, organiser panel and a quick-release buckle strap.',
  },
  {
    name: 'Convertible Laptop Tote',
    category: 'Laptop Bags',
    brand: 'Lavie',
    color: 'Blue',
    rupees: 2899,
    size: '39Lx12Bx31Hcm',
    quantity: 13,
    description: 'Tote that turns into a backpack, with a 15 inch laptop sleeve and a trolley strap.',
  },
  {
    name: 'Bifold Leather Wallet',
    category: 'Wallets',
    brand: 'Da Milano',
    color: 'Brown',
    rupees: 1299,
    size: '11Lx2Bx9Hcm',
    quantity: 40,
    description: 'Bifold wallet in genuine leather with eight card slots, two note sections and RFID protection.',
  },
  {
    name: 'Zip Around Wallet',
    category: 'Wallets',
    brand: 'Caprese',
    color: 'Red',
    rupees: 999,
    size: '19Lx2Bx10Hcm',
    quantity: 21,
    description: 'Zip-around wallet with a coin pocket, twelve card slots and room for a phone.',
  },
  {
    name: 'Card Holder',
    category: 'Wallets',
    brand: 'Baggit',
    color: 'Green',
    rupees: 499,
    size: '10Lx1Bx7Hcm',
    quantity: 38,
    description: 'Slim card holder with four slots and a middle pocket for folded notes.',
  },
  {
    name: 'Coin Pouch',
    category: 'Wallets',
    brand: 'Chumbak',
    color: 'Yellow',
    rupees: 549,
    size: '12Lx3Bx9Hcm',
    quantity: 27,
    description: 'Cheerful printed coin pouch with a metal kiss-lock frame.',
  },
  {
    name: 'Travel Passport Wallet',
    category: 'Wallets',
    brand: 'Safari',
    color: 'Orange',
    rupees: 799,
    size: '14Lx2Bx20Hcm',
    quantity: 17,
    description: 'Holds a passport, boarding passes, cards and a pen, all behind a zip.',
  },
];

/** Renders a few pictures at a time: two cores, and sharp has its own threads. */
async function pictures(storage: ImageStorage) {
  const out: { large: string; thumb: string }[] = new Array(PRODUCTS.length);
  let next = 0;
  async function worker() {
    while (next < PRODUCTS.length) {
      const i = next++;
      const p = PRODUCTS[i];
      const { large, thumb } = await renderBag(SHAPES[p.category], p.color);
      out[i] = { large: await storage.save('products', large), thumb: await storage.save('products', thumb) };
    }
  }
  await Promise.all([worker(), worker(), worker()]);
  return out;
}

/** Demo categories, offers and bags with drawn pictures, only when the catalogue is empty. */
export async function seedCatalogue(db: Db, storage: ImageStorage): Promise<boolean> {
  const counted = await db.execute<{ n: number }>(
    sql`select (select count(*) from ${products}) + (select count(*) from ${categories}) + (select count(*) from ${offers}) as n`,
  );
  if (Number(counted.rows[0].n) > 0) return false;
  const images = await pictures(storage);
  const now = Date.now();
  await db.transaction(async (tx) => {
    const [monsoon, festive, bigTrip, summer] = await tx
      .insert(offers)
      .values([
        {
          name: 'Monsoon Backpacks',
          type: 'category',
          description: '15% off every backpack this monsoon',
          activation: new Date(now - 7 * DAY),
          expiry: new Date(now + 60 * DAY),
          discount: 15,
          minAmountPaise: toPaise(500),
        },
        {
          name: 'Festive Handbags',
          type: 'products',
          description: '20% off selected handbags',
          activation: new Date(now - 3 * DAY),
          expiry: new Date(now + 30 * DAY),
          discount: 20,
          minAmountPaise: toPaise(1000),
        },
        {
          name: 'Big Trip Saver',
          type: 'products',
          description: '25% off travel bags of Rs 3000 or more',
          activation: new Date(now - 10 * DAY),
          expiry: new Date(now + 90 * DAY),
          discount: 25,
          minAmountPaise: toPaise(3000),
        },
        {
          name: 'Summer Totes',
          type: 'category',
          description: '30% off totes, summer only',
          activation: new Date(now - 120 * DAY),
          expiry: new Date(now - 30 * DAY),
          discount: 30,
          minAmountPaise: toPaise(500),
        },
      ])
      .returning({ id: offers.id });
    const categoryOffer: Partial<Record<CategoryKey, string>> = { Backpacks: monsoon.id, Totes: summer.id };
    const names = Object.keys(SHAPES) as CategoryKey[];
    const rows = await tx
      .insert(categories)
      .values(
        names.map((name, i) => ({
          name,
          offerId: categoryOffer[name] ?? null,
          createdAt: new Date(now - (60 - i) * DAY),
        })),
      )
      .returning({ id: categories.id, name: categories.name });
    const categoryId = new Map(rows.map((r) => [r.name, r.id]));
    const productOffer: Record<OfferKey, string> = { festive: festive.id, bigTrip: bigTrip.id };
    const added = await tx
      .insert(products)
      .values(
        PRODUCTS.map((p, i) => {
          // Spread over the last seven weeks, interleaving categories so "new" shows a mix.
          const createdAt = new Date(now - ((i * 7) % PRODUCTS.length) * 1.5 * DAY - i * 3_600_000);
          return {
            name: p.name,
            description: p.description,
            pricePaise: toPaise(p.rupees),
            offerId: p.offer ? productOffer[p.offer] : null,
            categoryId: categoryId.get(p.category) as string,
            quantity: p.quantity,
            brand: p.brand,
            color: p.color,
            size: p.size,
            ...demoParcel(p.category, p.size),
            images: [images[i]],
            createdAt,
            updatedAt: createdAt,
          };
        }),
      )
      .returning({ id: products.id });
    for (const product of added) await openStock(tx, product.id, { actorId: null });
  });
  return true;
}
