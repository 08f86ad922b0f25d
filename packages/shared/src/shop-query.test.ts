import { describe, expect, it } from 'vitest';
import {
  apiQueryString,
  EMPTY_FILTERS,
  filtersFromSearch,
  hasActiveFilters,
  type ShopFilters,
  searchFromFilters,
  toggled,
  withFilters,
} from './shop-query.ts';

const CAT_A = '0b7d9a6c-2f55-4a53-9d55-0b1f3c1a2b01';
const CAT_B = '0b7d9a6c-2f55-4a53-9d55-0b1f3c1a2b02';

describe('shop filters ↔ URL query', () => {
  it('reads every filter, with repeated category and color', () => {
    const filters = filtersFromSearch(
      `keyword=leather+tote&category=${CAT_A}&category=${CAT_B}&color=Black&color=Brown&minPrice=500&maxPrice=2499.5&sortBy=priceLowHigh&page=3`,
    );
    expect(filters).toEqual({
      keyword: 'leather tote',
      categories: [CAT_A, CAT_B],
      colors: ['Black', 'Brown'],
      minPrice: 500,
      maxPrice: 2499.5,
      sortBy: 'priceLowHigh',
      page: 3,
    });
  });

  it('gives the defaults for an empty query', () => {
    expect(filtersFromSearch('')).toEqual(EMPTY_FILTERS);
    expect(searchFromFilters(EMPTY_FILTERS).toString()).toBe('');
  });

  it.each<[string, ShopFilters]>([
    ['defaults', EMPTY_FILTERS],
    ['keyword only', { ...EMPTY_FILTERS, keyword: 'sling bag' }],
    [
      'everything',
      {
        keyword: 'backpack',
        categories: [CAT_A, CAT_B],
        colors: ['Red', 'Blue', 'Yellow'],
        minPrice: 0,
        maxPrice: 1500,
        sortBy: 'nameDesc',
        page: 2,
      },
    ],
    ['min price only', { ...EMPTY_FILTERS, minPrice: 999.99, sortBy: 'priceHighLow' }],
  ])('round-trips %s', (_label, filters) => {
    const query = searchFromFilters(filters).toString();
    expect(filtersFromSearch(query)).toEqual(filters);
    // and the query written again is the same (stable links)
    expect(searchFromFilters(filtersFromSearch(query)).toString()).toBe(query);
  });

  it('writes the names of the list parameters and leaves defaults out', () => {
    const query = searchFromFilters({
      ...EMPTY_FILTERS,
      keyword: ' tote ',
      categories: [CAT_A],
      colors: ['Black', 'White'],
      maxPrice: 2000,
    });
    expect(query.get('keyword')).toBe('tote');
    expect(query.getAll('category')).toEqual([CAT_A]);
    expect(query.getAll('color')).toEqual(['Black', 'White']);
    expect(query.get('maxPrice')).toBe('2000');
    expect(query.has('minPrice')).toBe(false);
    expect(query.has('sortBy')).toBe(false);
    expect(query.has('page')).toBe(false);
  });

  it('ignores malformed values instead of failing', () => {
    const filters = filtersFromSearch(
      `color=Purple&color=Black&color=Black&sortBy=cheapest&page=-4&minPrice=abc&maxPrice=-10&category=&category=x&category=${CAT_A}`,
    );
    expect(filters.colors).toEqual(['Black']);
    expect(filters.sortBy).toBe('newArrivals');
    expect(filters.page).toBe(1);
    expect(filters.minPrice).toBeUndefined();
    expect(filters.maxPrice).toBeUndefined();
    expect(filters.categories).toEqual([CAT_A]);
    expect(filtersFromSearch('page=2.5').page).toBe(1);
  });

  it('accepts search= as the keyword', () => {
    expect(filtersFromSearch('search=duffel').keyword).toBe('duffel');
  });

  it('sends sortBy and page to the API always', () => {
    const query = new URLSearchParams(apiQueryString({ ...EMPTY_FILTERS, colors: ['Pink'] }));
    expect(query.get('sortBy')).toBe('newArrivals');
    expect(query.get('page')).toBe('1');
    expect(query.getAll('color')).toEqual(['Pink']);
  });

  it('starts again at page 1 when a filter changes', () => {
    const onPage4 = { ...EMPTY_FILTERS, page: 4 };
    expect(withFilters(onPage4, { colors: ['Green'] })).toEqual({ ...EMPTY_FILTERS, colors: ['Green'], page: 1 });
  });

  it('toggles a value in a list and knows when filters are active', () => {
    expect(toggled(['Black'], 'Red')).toEqual(['Black', 'Red']);
    expect(toggled(['Black', 'Red'], 'Black')).toEqual(['Red']);
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, sortBy: 'nameAsc', page: 3 })).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, minPrice: 0 })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, keyword: 'tote' })).toBe(true);
  });
});
