import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { cartSummary } from '@bagshop/shared/pricing/cart';
import { formatINR, percentOf, toPaise } from '@bagshop/shared/pricing/money';
import type { Page } from '@playwright/test';
import { fillLogin, newAccount, registerViaApi, shopNavbar, signIn } from '../support/accounts.ts';
import {
  adminToken,
  createCategoryViaApi,
  createOfferViaApi,
  createProductViaApi,
  toggleProductBlockViaApi,
  uniqueLetters,
} from '../support/catalogue.ts';
import { expect, test } from '../support/fixtures.ts';
import { newBag, newShopper } from '../support/orders.ts';

const PRICE = 2000;
const DISCOUNT_PERCENT = 20;
const STOCK = 3;

function cartLink(page: Page, count: number) {
  return shopNavbar(page).getByRole('link', { name: `Cart, ${count} items` });
}

/** The value beside a term of the cart's order summary. */
function summaryValue(page: Page, term: string) {
  return page.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd[1]');
}

test('a shopper filters the shop, keeps a bag in the wishlist and buys it up to its stock', async ({
  page,
  request,
}) => {
  const suffix = uniqueLetters();
  const productName = `Monsoon Pack ${suffix}`;
  const categoryName = `Rain ${suffix}`;
  const token = await adminToken(request);
  const offer = await createOfferViaApi(request, token, {
    name: `Rain ${suffix}`,
    discount: DISCOUNT_PERCENT,
    minAmount: 100,
  });
  const category = await createCategoryViaApi(request, token, categoryName);
  const product = await createProductViaApi(request, token, {
    name: productName,
    categoryId: category._id,
    offerId: offer._id,
    price: PRICE,
    quantity: STOCK,
    color: 'Violet',
  });

  const shopper = newAccount('Nila');
  await registerViaApi(request, shopper);
  await signIn(page, shopper.email, shopper.password, shopper.name);
  await expect(cartLink(page, 0)).toBeVisible();

  // Filters through the filter panel; each one lands in the page address and survives a reload.
  await shopNavbar(page).getByRole('link', { name: 'Shop', exact: true }).click();
  await expect(page).toHaveURL('/shop-products');
  // The boxes follow the address, which changes a moment after the click: click, then wait for the tick.
  const categoryBox = page
    .getByRole('group', { name: 'Category' })
    .getByRole('checkbox', { name: categoryName, exact: true });
  await categoryBox.click();
  await expect(categoryBox).toBeChecked();
  await expect(page).toHaveURL(new RegExp(`[?&]category=${category._id}`));
  await page.getByRole('group', { name: 'Colour' }).getByText('Violet', { exact: true }).click();
  await expect(page).toHaveURL(/[?&]color=Violet/);
  await expect(page.getByRole('checkbox', { name: 'Violet', exact: true })).toBeChecked();
  const results = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
  await expect(results).toHaveCount(1);

  await page.reload();
  await expect(page.getByRole('checkbox', { name: categoryName, exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Violet', exact: true })).toBeChecked();
  await expect(results).toHaveCount(1);
  const card = results.filter({ hasText: productName });
  await expect(card.getByRole('deletion')).toHaveText('₹2,000.00');
  await expect(card).toContainText('₹1,600.00');
  await expect(card).toContainText('20% OFF');

  // Details, then the wishlist heart.
  await card.getByRole('link', { name: productName }).click();
  await expect(page).toHaveURL(`/details/${product._id}`);
  await expect(page.getByRole('heading', { name: productName, level: 1 })).toBeVisible();
  const heart = page.getByRole('button', { name: 'Wishlist', exact: true });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(page.getByText(CATALOGUE_MSG.addedToWishlist)).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/wishlist');
  const saved = page.getByRole('list', { name: 'Saved products' }).getByRole('listitem');
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText('Colour: Violet');
  await expect(saved).toContainText('₹1,600.00');
  await saved.getByRole('link', { name: productName }).click();
  await expect(page).toHaveURL(`/details/${product._id}`);

  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText(CATALOGUE_MSG.addedToCart)).toBeVisible();
  await expect(cartLink(page, 1)).toBeVisible();

  // The cart: steps up to the stock, then the summary matches the shared pricing.
  await cartLink(page, 1).click();
  await expect(page).toHaveURL('/cart');
  const quantity = page.getByRole('textbox', { name: `Quantity of ${productName}` });
  const plus = page.getByRole('button', { name: `Increase quantity of ${productName}` });
  const minus = page.getByRole('button', { name: `Decrease quantity of ${productName}` });
  await expect(quantity).toHaveValue('1');
  await expect(minus).toBeDisabled();
  for (let qty = 2; qty <= STOCK; qty += 1) {
    await plus.click();
    await expect(quantity).toHaveValue(String(qty));
  }
  await expect(plus).toBeDisabled();
  await expect(minus).toBeEnabled();

  const pricePaise = toPaise(PRICE);
  const expected = cartSummary([{ pricePaise, discountPaise: percentOf(pricePaise, DISCOUNT_PERCENT), qty: STOCK }]);
  // Worked out by hand as well: 3 × ₹2,000 with 20 % off, 5 % tax on the ₹4,800 paid after it (CGST Act
  // s. 15(3)(a)), free shipping above ₹700.
  expect(expected).toMatchObject({
    totalPrice: 600_000,
    discount: 120_000,
    tax: 24_000,
    shipping: 0,
    couponDiscount: 0,
    final: 504_000,
  });
  await expect(summaryValue(page, 'Total price')).toHaveText(formatINR(expected.totalPrice));
  await expect(summaryValue(page, 'Discount')).toHaveText(`− ${formatINR(expected.discount)}`);
  await expect(summaryValue(page, 'Tax (5 %)')).toHaveText(formatINR(expected.tax));
  await expect(summaryValue(page, 'Shipping')).toHaveText('Free');
  await expect(summaryValue(page, 'Final total')).toHaveText(formatINR(expected.final));
  await expect(summaryValue(page, 'Final total')).toHaveText('₹5,040.00');
  await expect(page.getByRole('button', { name: 'CHECKOUT' })).toBeEnabled();

  await page.getByRole('button', { name: `Remove ${productName} from cart` }).click();
  await expect(page.getByText(CATALOGUE_MSG.removedFromCart)).toBeVisible();
  await expect(page.getByRole('heading', { name: CATALOGUE_MSG.cartEmpty })).toBeVisible();
  await expect(cartLink(page, 0)).toBeVisible();
});

test('home shows new products, and a blocked bag leaves the shop but its page explains why', async ({
  page,
  request,
  consoleErrors,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'NEW PRODUCTS' })).toBeVisible();
  const newProducts = page.getByRole('list', { name: 'New products' }).getByRole('listitem');
  await expect(newProducts).toHaveCount(6);
  await expect(newProducts.first().getByRole('link')).toHaveAttribute('href', /^\/details\//);

  const suffix = uniqueLetters();
  const token = await adminToken(request);
  const category = await createCategoryViaApi(request, token, `Sling ${suffix}`);
  const productName = `Hill Sling ${suffix}`;
  const product = await createProductViaApi(request, token, {
    name: productName,
    categoryId: category._id,
    price: 1499,
    quantity: 4,
    color: 'Green',
  });

  // The newest bag leads the home page and is in its category on the shop list.
  await page.reload();
  await expect(newProducts.first().getByRole('link', { name: productName })).toBeVisible();
  await page.goto(`/shop-products?category=${category._id}`);
  const results = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
  await expect(results).toHaveCount(1);
  await expect(results).toContainText(productName);
  await expect(results).toContainText('₹1,499.00');

  expect(await toggleProductBlockViaApi(request, token, product._id)).toBe(false);

  await page.reload();
  await expect(page.getByText(CATALOGUE_MSG.noProducts)).toBeVisible();
  await expect(results).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Search products' }).fill(productName);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/keyword=/);
  await expect(page.getByRole('region', { name: 'Results' })).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByText(/^\d+ products?$/)).toBeVisible();
  await expect(page.getByRole('link', { name: productName })).toHaveCount(0);

  await page.goto('/');
  await expect(newProducts).toHaveCount(6);
  await expect(page.getByRole('list', { name: 'New products' }).getByRole('link', { name: productName })).toHaveCount(
    0,
  );

  // For search engines the page of a bag not for sale is gone (status 404); a shopper who follows an old link still
  // sees why it cannot be bought.
  consoleErrors.allowFailedRequests(404);
  const response = await page.goto(`/details/${product._id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: productName, level: 1 })).toBeVisible();
  await expect(page.getByText(CATALOGUE_MSG.productUnavailable)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
});

test("a visitor's Add to cart keeps its intent: after signing in the bag is in the cart and the shopper on the bag", async ({
  page,
  request,
}) => {
  const name = `Intent Tote ${uniqueLetters(5)}`;
  const bag = await newBag(request, { name, price: 700, quantity: 5 });
  const shopper = await newShopper(request, 'Ila');
  await page.goto(`/details/${bag._id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByRole('textbox', { name: 'Quantity', exact: true })).toHaveValue('2');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL('/login');
  await fillLogin(page, shopper.account.email, shopper.account.password);
  await expect(page).toHaveURL(`/details/${bag._id}`);
  await expect(page.getByText(CATALOGUE_MSG.addedToCart)).toBeVisible();
  await expect(cartLink(page, 1)).toBeVisible();
  // Taken once: coming back to the page adds nothing more; the cart holds the two units chosen.
  await page.reload();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await cartLink(page, 1).click();
  await expect(page.getByRole('textbox', { name: `Quantity of ${name}` })).toHaveValue('2');
});
