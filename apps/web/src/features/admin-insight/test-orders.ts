import type { ProductDto } from '@bagshop/shared/catalogue-types';
import type { OrderDto } from '@bagshop/shared/order-types';
import type { AddressDto } from '@bagshop/shared/types';
import { adminToken, callApi, registerShopper, uniqueWord } from '../../test/real-server.ts';
import { confirmCod, shipByHand } from '../../test/shipments.ts';
import { addToCart, createCategory, createProduct } from '../../test/shop-data.ts';

/** Page-test data for the dashboard and the sales report, made through the real shop's API. */

/** A bag of its own category, so what a test sells is its own row. */
export async function newBag(price: number): Promise<ProductDto> {
  const tag = uniqueWord(6);
  const category = await createCategory(`${tag} Slings`);
  return createProduct({ name: `${tag} Report Sling`, category: category._id, price, quantity: 20 });
}

const HOME = {
  name: 'Kavya Pillai',
  houseName: 'Lotus House',
  street: 'Temple Road',
  town: 'Mysuru',
  zipcode: '570001',
  state: 'Karnataka',
  country: 'IN',
  phone: '9876543210',
};

/** A new shopper's cash-on-delivery order, placed now, confirmed, shipped and delivered: a sale paid now. */
export async function placeDeliveredOrder(productId: string, qty: number): Promise<OrderDto> {
  const shopper = await registerShopper();
  const { token } = shopper;
  const { address } = await callApi<{ address: AddressDto }>('POST', '/api/user/account/add-address', {
    token,
    body: HOME,
    expect: 201,
  });
  await addToCart(token, productId, qty);
  const { order } = await callApi<{ order: OrderDto }>('POST', '/api/orders', {
    token,
    body: { addressId: address._id, paymentMethod: 'cod' },
    expect: 201,
  });
  await confirmCod(token, order._id);
  await shipByHand(order._id);
  for (const item of order.items) {
    await callApi('PUT', '/api/orders/save-item-status', {
      token: adminToken(),
      body: { id: order._id, item: item._id, status: 'Delivered' },
    });
  }
  return order;
}
