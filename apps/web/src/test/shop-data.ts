import type { Color, OfferType } from '@bagshop/shared/catalogue';
import type {
  CartDto,
  CategoryDto,
  OfferDto,
  ProductCardDto,
  ProductDto,
  WishlistEntryDto,
} from '@bagshop/shared/catalogue-types';
import type { OrderDto } from '@bagshop/shared/order-types';
import type { AdminShipmentDto } from '@bagshop/shared/schemas/shipping';
import sharp from 'sharp';
import { adminToken, callApi, multipart } from './real-server.ts';

/** What the tests need from the real shop, made and read through its HTTP API. */

const DAY = 24 * 60 * 60 * 1000;

export async function createOffer(name: string, discount: number, type: OfferType = 'products') {
  const { offer } = await callApi<{ offer: OfferDto }>('POST', '/api/user/admin/offers/add', {
    token: adminToken(),
    body: {
      name,
      type,
      description: 'An offer for the page tests.',
      activation: new Date(Date.now() - DAY).toISOString(),
      expiry: new Date(Date.now() + 30 * DAY).toISOString(),
      discount,
      minAmount: 1,
    },
    expect: 201,
  });
  return offer;
}

export async function createCategory(name: string) {
  const { category } = await callApi<{ category: CategoryDto }>('POST', '/api/category/', {
    token: adminToken(),
    body: { name, offer: null },
    expect: 201,
  });
  return category;
}

/** Block/unblock is one toggle. */
export async function toggleCategoryBlock(id: string) {
  await callApi('PUT', `/api/category/${id}/unblock`, { token: adminToken() });
}

export async function categoryById(id: string) {
  return (await callApi<{ category: CategoryDto }>('GET', `/api/category/${id}`, { token: adminToken() })).category;
}

let picture: Promise<Buffer> | undefined;
/** A small real PNG; the shop turns it into its webp images. */
function bagPicture() {
  picture ??= sharp({ create: { width: 64, height: 64, channels: 3, background: '#8b5a2b' } })
    .png()
    .toBuffer();
  return picture;
}

export interface NewProduct {
  name: string;
  category: string;
  price?: number;
  quantity?: number;
  color?: Color;
  offer?: string;
}

/** POST /api/products/ as the admin: multipart fields and one image. */
export async function createProduct(input: NewProduct) {
  const fields = {
    name: input.name,
    description: 'A bag made for the page tests.',
    price: String(input.price ?? 1299),
    category: input.category,
    brand: 'Bagshop',
    color: input.color ?? 'Brown',
    size: '30Lx12Bx40Hcm',
    quantity: String(input.quantity ?? 12),
    offer: input.offer ?? '',
  };
  const form = multipart(fields, [{ field: 'pdImage', name: 'bag.png', type: 'image/png', data: await bagPicture() }]);
  const { product } = await callApi<{ product: ProductDto }>('POST', '/api/products/', {
    token: adminToken(),
    form,
    expect: 201,
  });
  return product;
}

/** PUT /api/products/:id as the admin: the same fields with `changes`, keeping the images. */
export async function editProduct(product: ProductDto, changes: Record<string, string>) {
  const fields = {
    name: product.name,
    description: product.description,
    price: String(product.price),
    category: product.category._id,
    brand: product.brand,
    color: product.color,
    size: product.size,
    quantity: String(product.quantity),
    offer: product.offer?._id ?? '',
    existingImages: JSON.stringify(product.pdImage),
    ...changes,
  };
  const { product: updated } = await callApi<{ product: ProductDto }>('PUT', `/api/products/${product._id}`, {
    token: adminToken(),
    form: multipart(fields, []),
  });
  return updated;
}

/** The same fields with a new stock, keeping the images. */
export function setStock(product: ProductDto, quantity: number) {
  return editProduct(product, { quantity: String(quantity) });
}

export async function toggleProductBlock(id: string) {
  await callApi('PUT', `/api/products/${id}/unblock`, { token: adminToken() });
}

/** A product of the demo catalogue, by its exact name. */
export async function seededProduct(name: string) {
  const { products } = await callApi<{ products: ProductCardDto[] }>(
    'GET',
    `/api/products/shop-products?keyword=${encodeURIComponent(name)}`,
  );
  const card = products.find((p) => p.name === name);
  if (!card) throw new Error(`The demo catalogue has no '${name}'`);
  return productDetails(card._id);
}

/** A product in full, as its details page reads it (list answers carry cards only). */
export async function productDetails(id: string): Promise<ProductDto> {
  const { product } = await callApi<{ product: ProductDto }>('GET', `/api/products/${id}`);
  return product;
}

export async function seededCategory(name: string) {
  const { all } = await callApi<{ all: CategoryDto[] }>('GET', '/api/category/all');
  const category = all.find((c) => c.name === name);
  if (!category) throw new Error(`The demo catalogue has no category '${name}'`);
  return category;
}

export const cartOf = (token: string) => callApi<CartDto>('GET', '/api/products/cart', { token });

export async function addToCart(token: string, productId: string, qty = 1) {
  await callApi('POST', '/api/products/add-to-cart', { token, body: { productId, qty }, expect: 201 });
}

/** Starts a test with an empty cart. */
export async function emptyCart(token: string) {
  for (const line of (await cartOf(token)).carts) {
    await callApi('DELETE', `/api/products/remove-cart/${line._id}`, { token });
  }
}

export async function wishlistOf(token: string) {
  return (await callApi<{ wishlist: WishlistEntryDto[] }>('GET', '/api/products/get-wishlist', { token })).wishlist;
}

/** Adds the product to the wishlist, or removes it when it is there. */
export async function toggleWishlist(token: string, productId: string) {
  return callApi<{ added: boolean }>('POST', '/api/products/update-wishlist', { token, body: { productId } });
}

export async function emptyWishlist(token: string) {
  for (const entry of await wishlistOf(token)) await toggleWishlist(token, entry.productId._id);
}

/** A cash-on-delivery order of the shopper's cart, confirmed as its mail asks, so that it can be shipped. */
export async function placeConfirmedCodOrder(token: string, addressId: string): Promise<OrderDto> {
  const { order } = await callApi<{ order: OrderDto }>('POST', '/api/orders', {
    token,
    body: { addressId, paymentMethod: 'cod' },
    expect: 201,
  });
  if (order.codConfirmation?.required) {
    await callApi('POST', '/api/orders/confirm-cod', { token, body: { orderId: order._id } });
  }
  return order;
}

/** Books the order's parcel as the admin would at a courier's counter (the page tests' shop books by hand). */
export async function bookShipmentByHand(orderId: string): Promise<AdminShipmentDto> {
  const awb = `EK${Date.now()}IN`;
  const { shipment } = await callApi<{ shipment: AdminShipmentDto }>('POST', '/api/admin/shipments', {
    token: adminToken(),
    body: { orderId, courier: 'India Post', awb },
    expect: 201,
  });
  return shipment;
}
