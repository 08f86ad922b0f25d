import { type NoResultsAnswer, SEARCH_MSG } from '@bagshop/shared/schemas/search';
import type { APIRequestContext, Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { adminToken, createCategoryViaApi, createProductViaApi, uniqueLetters } from '../support/catalogue.ts';
import { expect, test } from '../support/fixtures.ts';
import { openAsAdmin } from '../support/orders.ts';

/** Search that forgives (docs/decisions/048-search-that-forgives.md) in the browser. */

const capitalized = (word: string) => word[0].toUpperCase() + word.slice(1);

/** A category and a bag whose first word no other name has. */
async function uniqueBag(request: APIRequestContext) {
  const word = uniqueLetters(9);
  const token = await adminToken(request);
  const category = await createCategoryViaApi(request, token, `Find ${uniqueLetters(6)}`);
  const product = await createProductViaApi(request, token, {
    name: `${capitalized(word)} Satchel`,
    categoryId: category._id,
    price: 1800,
    quantity: 4,
    color: 'Brown',
  });
  return { word, product };
}

/** Two neighbouring letters swapped after the third: two that differ, or the "typo" would be the word itself. */
function typoOf(word: string): string {
  const at = [...word].findIndex((letter, i) => i >= 3 && i + 1 < word.length && letter !== word[i + 1]);
  const typo = `${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}`;
  expect(typo).not.toBe(word);
  return typo;
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search products' });

async function suggestionsInTheSearchBox(page: Page, request: APIRequestContext, width: number) {
  const { word, product } = await uniqueBag(request);
  await page.goto('/shop-products');
  const box = searchBox(page);
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await box.fill(word.slice(0, 6));
  const list = page.getByRole('listbox', { name: SEARCH_MSG.suggestionsLabel });
  await expect(list.getByRole('option')).toHaveText([product.name]);
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  // The list stays within the screen: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  expect(await seriousViolations(page, `suggestions at ${width} px`)).toEqual([]);

  // Escape closes the list; the arrow opens it again and moves onto the suggestion.
  await box.press('Escape');
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await box.press('ArrowDown');
  await expect(list).toBeVisible();
  await box.press('ArrowDown');
  const option = list.getByRole('option', { name: product.name });
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '');
  await box.press('Enter');
  await expect(page).toHaveURL(`/details/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

  // A tap chooses too, and a typo still finds the bag.
  await page.goto('/shop-products');
  const typo = typoOf(word);
  await searchBox(page).fill(typo);
  await list.getByRole('option', { name: product.name }).click();
  await expect(page).toHaveURL(`/details/${product._id}`);
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test('the search box suggests bags as the shopper types, by keyboard and by pointer', async ({ page, request }) => {
    await suggestionsInTheSearchBox(page, request, 1280);
  });

  test('a typo finds the bag, the page offers the word, and the admin sees the search and adds a synonym', async ({
    page,
    request,
  }) => {
    const { word, product } = await uniqueBag(request);
    const typo = typoOf(word);
    await page.goto('/shop-products');
    await searchBox(page).fill(typo);
    // Enter with no suggestion chosen searches what was typed.
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(`/shop-products?keyword=${typo}`);
    const offer = page.getByTestId('did-you-mean');
    await expect(offer).toContainText(SEARCH_MSG.noExactMatch(typo));
    await expect(page.getByRole('heading', { name: SEARCH_MSG.nearMatches })).toBeVisible();
    await expect(page.getByRole('link', { name: product.name }).first()).toBeVisible();
    await offer.getByRole('link', { name: word }).click();
    await expect(page).toHaveURL(`/shop-products?keyword=${word}`);
    await expect(page.getByTestId('did-you-mean')).toHaveCount(0);
    await expect(page.getByRole('link', { name: product.name }).first()).toBeVisible();

    // The admin sees the search that found nothing and makes a word of the shop's customers mean the bag.
    const customersWord = uniqueLetters(10);
    // Counts are written a moment after the search (decision 048).
    const token = await adminToken(request);
    await expect
      .poll(async () => {
        const res = await request.get('/api/admin/search/no-results', {
          headers: { authorization: `Bearer ${token}` },
        });
        return ((await res.json()) as NoResultsAnswer).searches.map((s) => s.query);
      })
      .toContain(typo);
    await openAsAdmin(page, request, '/admin/search');
    await expect(page.getByRole('heading', { level: 1, name: SEARCH_MSG.screenTitle })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(typo) })).toBeVisible();
    await page.getByRole('button', { name: SEARCH_MSG.addSynonym }).click();
    const row = page.getByTestId('synonym-row').last();
    await row.getByPlaceholder(SEARCH_MSG.synonymWord).fill(customersWord);
    await row.getByPlaceholder(SEARCH_MSG.synonymMeans).fill(word);
    await page.getByRole('button', { name: SEARCH_MSG.saveSynonyms }).click();
    await expect(page.getByText(SEARCH_MSG.synonymsSaved)).toBeVisible();
    expect(await seriousViolations(page, 'admin search screen')).toEqual([]);

    await page.goto(`/shop-products?keyword=${customersWord}`);
    await expect(page.getByRole('link', { name: product.name }).first()).toBeVisible();
    await expect(page.getByTestId('did-you-mean')).toHaveCount(0);
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test('the search box suggests bags on a phone, by keyboard and by touch', async ({ page, request }) => {
    await suggestionsInTheSearchBox(page, request, 375);
  });
});
