import type { OrderDto } from '@bagshop/shared/order-types';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { addresses } from '../../db/schema/users.ts';
import { placeOrderOf } from '../orders/order-fixtures.ts';

const home = {
  name: 'Asha Rao',
  houseName: 'Rose Villa',
  town: 'Kochi',
  street: 'MG Road',
  zipcode: '682001',
  state: 'Kerala',
  country: 'IN',
  phone: '9876543210',
};

describe('account addresses', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    stranger = await createUser(t);
  });
  afterAll(() => t.close());

  async function add(token: string, payload: object = home) {
    return t.request({ method: 'POST', url: '/api/user/account/add-address', token, payload });
  }

  it('adds, reads, edits and deletes an address', async () => {
    const added = await add(owner.token);
    expect(added.statusCode).toBe(201);
    expect(added.json().message).toBe('Address added successfully');
    const { address } = added.json();
    expect(address).toEqual({ _id: expect.any(String), ...home, landmark: '', gstin: null });

    const account = await t.request({ method: 'GET', url: '/api/user/account', token: owner.token });
    expect(account.json().user.address).toEqual([address]);

    const read = await t.request({
      method: 'GET',
      url: `/api/user/account/edit-address/${address._id}`,
      token: owner.token,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ address });

    const edited = await t.request({
      method: 'PUT',
      url: `/api/user/account/edit-address/${address._id}`,
      token: owner.token,
      payload: { id: address._id, ...home, town: 'Ernakulam', state: 'Orissa' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({
      message: 'Address updated successfully',
      address: { ...address, town: 'Ernakulam', state: 'Orissa' },
    });

    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/user/account/delete-address/${address._id}`,
      token: owner.token,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Address deleted successfully' });
    const rows = await t.database.db.select().from(addresses).where(eq(addresses.id, address._id));
    expect(rows).toHaveLength(0);
  });

  it("answers 404 for another user's address, an unknown id and a malformed id", async () => {
    const { address } = (await add(owner.token)).json();
    const url = `/api/user/account/edit-address/${address._id}`;
    expect((await t.request({ method: 'GET', url, token: stranger.token })).statusCode).toBe(404);
    const put = await t.request({ method: 'PUT', url, token: stranger.token, payload: { ...home, town: 'Thief' } });
    expect(put.statusCode).toBe(404);
    const del = await t.request({
      method: 'DELETE',
      url: `/api/user/account/delete-address/${address._id}`,
      token: stranger.token,
    });
    expect(del.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(addresses).where(eq(addresses.id, address._id));
    expect(row.town).toBe('Kochi');

    const unknown = '00000000-0000-4000-8000-000000000000';
    const missing = await t.request({
      method: 'GET',
      url: `/api/user/account/edit-address/${unknown}`,
      token: owner.token,
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.request({ method: 'GET', url: '/api/user/account/edit-address/abc', token: owner.token });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().code).toBe('NOT_FOUND');
  });

  it('takes the addresses India has: long names, towns and streets, and a landmark (decision 054)', async () => {
    const long = {
      ...home,
      name: 'Lakshmi Narayanan Subramanian',
      houseName: 'No. 14/2, Sri Venkateshwara Nilayam, 3rd Floor',
      street: '12th Cross, Indiranagar 2nd Stage',
      town: 'Thiruvananthapuram',
      state: 'Kerala',
      zipcode: '695001',
      landmark: 'Opposite Canara Bank',
    };
    const res = await add(owner.token, long);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().address).toMatchObject(long);
    const pimpri = await add(owner.token, {
      ...home,
      town: 'Pimpri-Chinchwad',
      state: 'Maharashtra',
      zipcode: '411018',
    });
    expect(pimpri.json().address).toMatchObject({ town: 'Pimpri-Chinchwad', landmark: '' });
    const limits = await add(owner.token, {
      ...home,
      name: 'N'.repeat(80),
      houseName: 'H'.repeat(120),
      town: 'T'.repeat(60),
      street: 'S'.repeat(160),
      landmark: 'L'.repeat(80),
    });
    expect(limits.statusCode, limits.body).toBe(201);
  });

  it('says an empty required field is required', async () => {
    const res = await add(owner.token, { ...home, name: '', houseName: ' ', town: '', street: '' });
    expect(res.json().fields).toEqual({
      name: 'Name is required',
      houseName: 'House Name is required',
      town: 'Town is required',
      street: 'Street is required',
    });
  });

  it('gives the spec messages per field', async () => {
    const res = await add(owner.token, {
      name: 'N'.repeat(81),
      houseName: 'H'.repeat(121),
      town: 'T'.repeat(61),
      street: 'S'.repeat(161),
      landmark: 'L'.repeat(81),
      zipcode: '012345',
      state: '',
      country: '',
      phone: '12345',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
    expect(res.json().fields).toEqual({
      name: 'Name must be at most 80 characters long',
      houseName: 'House Name must be at most 120 characters long',
      town: 'Town should be of at most 60 characters long',
      street: 'Street should be of at most 160 characters long',
      landmark: 'Landmark must be at most 80 characters long',
      zipcode: 'Enter a valid PIN code',
      state: 'State is required',
      country: 'Country is required',
      phone: 'Enter a valid phone number',
    });
    const unknownState = await add(owner.token, { ...home, state: 'Atlantis', zipcode: '68200' });
    expect(unknownState.json().fields).toEqual({ state: 'State is required', zipcode: 'Enter a valid PIN code' });
  });

  it('refuses unknown fields, so an address cannot be given to another user', async () => {
    const res = await add(owner.token, { ...home, userId: stranger.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ userId: "Unknown field 'userId'" });
    const theirs = await t.database.db.select().from(addresses).where(eq(addresses.userId, stranger.id));
    expect(theirs).toHaveLength(0);
  });

  it('validates the edit payload too', async () => {
    const { address } = (await add(owner.token)).json();
    const res = await t.request({
      method: 'PUT',
      url: `/api/user/account/edit-address/${address._id}`,
      token: owner.token,
      payload: { ...home, zipcode: 'abcdef' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ zipcode: 'Enter a valid PIN code' });
  });

  it('refuses an edit whose body names another address, or an id that is not one', async () => {
    const { address } = (await add(owner.token)).json();
    const other = (await add(owner.token)).json().address;
    const edit = (id: string) =>
      t.request({
        method: 'PUT',
        url: `/api/user/account/edit-address/${address._id}`,
        token: owner.token,
        payload: { id, ...home, town: 'Thrissur' },
      });
    const mismatch = await edit(other._id);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fields).toEqual({ id: 'The id in the body does not match the address' });
    expect((await edit('a1')).json().fields).toEqual({ id: 'Not found' });
    const rows = await t.database.db.select().from(addresses).where(eq(addresses.userId, owner.id));
    expect(rows.filter((r) => r.town === 'Thrissur')).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expect((await add('')).statusCode).toBe(401);
    const res = await t.request({ method: 'DELETE', url: '/api/user/account/delete-address/abc' });
    expect(res.statusCode).toBe(401);
  });

  describe("a business buyer's GSTIN", () => {
    // Karnataka's code is 29; '29AAGCB7383J1Z4' is a published GSTIN registered there.
    const business = { ...home, town: 'Bengaluru', zipcode: '560038', state: 'Karnataka' };
    const gstin = '29AAGCB7383J1Z4';

    it('is saved trimmed and in capitals, answered with the address and removed by an empty field', async () => {
      const added = await add(owner.token, { ...business, gstin: ` ${gstin.toLowerCase()} ` });
      expect(added.statusCode).toBe(201);
      const { address } = added.json();
      expect(address).toEqual({ _id: expect.any(String), ...business, landmark: '', gstin });
      const [row] = await t.database.db.select().from(addresses).where(eq(addresses.id, address._id));
      expect(row.gstin).toBe(gstin);
      const account = await t.request({ method: 'GET', url: '/api/user/account', token: owner.token });
      expect(account.json().user.address).toContainEqual(address);

      const url = `/api/user/account/edit-address/${address._id}`;
      const cleared = await t.request({ method: 'PUT', url, token: owner.token, payload: { ...business, gstin: '' } });
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json().address.gstin).toBeNull();
      expect((await t.request({ method: 'GET', url, token: owner.token })).json().address.gstin).toBeNull();
    });

    it.each([
      ['29AAGCB7383J1Z', 'Enter a valid 15-character GSTIN'],
      ['29AAGCB7383J0Z4', 'Enter a valid 15-character GSTIN'],
      ['29AAGCB7383J1Z5', "This GSTIN's check character is wrong: check it for a typo"],
      ['27AAPFU0939F1ZV', "This GSTIN is registered in Maharashtra (27), not in the address's state"],
    ])('%s is a 400 that says why and changes nothing', async (wrong, message) => {
      const before = await t.database.db.select().from(addresses).where(eq(addresses.userId, stranger.id));
      const res = await add(stranger.token, { ...business, gstin: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { gstin: message } });

      const { address } = (await add(owner.token, { ...business, gstin })).json();
      const edited = await t.request({
        method: 'PUT',
        url: `/api/user/account/edit-address/${address._id}`,
        token: owner.token,
        payload: { ...business, town: 'Mysuru', gstin: wrong },
      });
      expect(edited.statusCode).toBe(400);
      expect(edited.json().fields).toEqual({ gstin: message });
      const [row] = await t.database.db.select().from(addresses).where(eq(addresses.id, address._id));
      expect(row).toMatchObject({ town: 'Bengaluru', gstin });
      expect(await t.database.db.select().from(addresses).where(eq(addresses.userId, stranger.id))).toEqual(before);
    });

    it('refuses a move to another state that leaves the GSTIN behind', async () => {
      const { address } = (await add(owner.token, { ...business, gstin })).json();
      const moved = await t.request({
        method: 'PUT',
        url: `/api/user/account/edit-address/${address._id}`,
        token: owner.token,
        payload: { ...business, state: 'Kerala', gstin },
      });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().fields).toEqual({
        gstin: "This GSTIN is registered in Karnataka (29), not in the address's state",
      });
    });

    it('goes into an order placed to the address, which keeps it when the address changes', async () => {
      const buyer = await createUser(t);
      const { address } = (await add(buyer.token, { ...business, gstin, landmark: 'Near Forum Mall' })).json();
      const { order } = await placeOrderOf(t, { ...buyer, addressId: address._id }, 'cod');
      expect(order.shippingAddress).toEqual({
        name: business.name,
        houseName: business.houseName,
        landmark: 'Near Forum Mall',
        street: business.street,
        town: business.town,
        state: 'Karnataka',
        zipcode: business.zipcode,
        country: 'IN',
        phone: business.phone,
        gstin,
      });

      await t.request({
        method: 'PUT',
        url: `/api/user/account/edit-address/${address._id}`,
        token: buyer.token,
        payload: { ...business, gstin: null },
      });
      const read = await t.request({ method: 'GET', url: `/api/orders/${order._id}`, token: buyer.token });
      expect((read.json().order as OrderDto).shippingAddress.gstin).toBe(gstin);
    });

    it('is null on an order to an address without one', async () => {
      const buyer = await createUser(t);
      const { address } = (await add(buyer.token, business)).json();
      const { order } = await placeOrderOf(t, { ...buyer, addressId: address._id }, 'cod');
      expect(order.shippingAddress.gstin).toBeNull();
    });
  });
});
