import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalogue.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { productDetail } from './catalogue-service.ts';

describe('product reviews', () => {
  let t: TestApp;
  let asha: TestUser;
  let ravi: TestUser;
  let productId: string;
  beforeAll(async () => {
    t = await createTestApp();
    asha = await createUser(t, { name: 'Asha Menon' });
    ravi = await createUser(t, { name: 'Ravi Kumar' });
    productId = (await createProduct(t)).id;
  });
  afterAll(() => t.close());

  const review = (payload: object, token?: string, id = productId) =>
    t.request({ method: 'POST', url: `/api/products/${id}/reviews`, payload, token });
  const detail = async (token?: string) =>
    (await t.request({ method: 'GET', url: `/api/products/${productId}`, token })).json().product;

  it('refuses visitors', async () => {
    const res = await review({ rating: 5, comment: 'Lovely' });
    expect(res.statusCode).toBe(401);
  });

  it('checks the rating and the text', async () => {
    const cases: [object, string, string][] = [
      [{ rating: 0, comment: 'Nice' }, 'rating', 'Choose a rating from 1 to 5'],
      [{ rating: 6, comment: 'Nice' }, 'rating', 'Choose a rating from 1 to 5'],
      [{ rating: 3.5, comment: 'Nice' }, 'rating', 'Choose a rating from 1 to 5'],
      [{ comment: 'Nice' }, 'rating', 'Choose a rating from 1 to 5'],
      [{ rating: 4, comment: '   ' }, 'comment', 'Please write a few words'],
      [{ rating: 4, comment: 'x'.repeat(501) }, 'comment', 'A review can be at most 500 characters long'],
      [{ rating: 4, comment: 'Nice', userId: asha.id }, 'userId', "Unknown field 'userId'"],
      [{ rating: 4, comment: 'Nice', productId: 'abc' }, 'productId', 'Not found'],
      [
        { rating: 4, comment: 'Nice', productId: '4d2c1a9e-7f3b-4c8d-8e6a-2b5f9c0d1e22' },
        'productId',
        'The id in the body does not match the address',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await review(payload, asha.token);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    }
  });

  it('takes one review per shopper and keeps the average', async () => {
    const first = await review({ productId, rating: 5, comment: '<b>Roomy</b> and strong' }, asha.token);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      message: 'Review added',
      review: {
        _id: expect.any(String),
        name: 'Asha Menon',
        rating: 5,
        comment: '<b>Roomy</b> and strong',
        createdAt: expect.any(String),
      },
    });
    const again = await review({ rating: 1, comment: 'Changed my mind' }, asha.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already reviewed this product');

    expect((await review({ rating: 2, comment: 'Strap broke' }, ravi.token)).statusCode).toBe(201);
    const product = await detail(ravi.token);
    expect(product).toMatchObject({ rating: 3.5, numReviews: 2, reviewedByMe: true });
    expect(product.reviews.map((r: { name: string; rating: number }) => [r.name, r.rating])).toEqual([
      ['Ravi Kumar', 2],
      ['Asha Menon', 5],
    ]);
    expect((await detail()).reviewedByMe).toBeUndefined();
    const stranger = await createUser(t);
    expect((await detail(stranger.token)).reviewedByMe).toBe(false);
    // Every field the service gives, reviews included, reaches the shopper through the documented schema.
    const expected = JSON.parse(JSON.stringify(await productDetail(t.database.db, productId, ravi.id)));
    expect(await detail(ravi.token)).toEqual(expected);
  });

  it('answers 404 for a product that does not exist', async () => {
    const res = await review({ rating: 4, comment: 'Nice' }, asha.token, '00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect((await review({ rating: 4, comment: 'Nice' }, asha.token, 'nope')).statusCode).toBe(404);
  });
});
