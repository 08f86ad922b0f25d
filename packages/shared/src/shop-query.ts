import { COLORS, type Color, SORT_OPTIONS, type SortBy } from '@bagshop/shared/catalogue';

/** The shop list's filters; all of them live in the page URL so reloads and shared links keep them. */
export interface ShopFilters {
  keyword: string;
  categories: string[];
  colors: Color[];
  /** Rupees, on the price after offer. */
  minPrice?: number;
  maxPrice?: number;
  sortBy: SortBy;
  page: number;
}

export const DEFAULT_SORT: SortBy = 'newArrivals';

export const EMPTY_FILTERS: ShopFilters = { keyword: '', categories: [], colors: [], sortBy: DEFAULT_SORT, page: 1 };

const isColor = (v: string): v is Color => (COLORS as readonly string[]).includes(v);
/** Category ids are UUIDs; anything else in a hand-edited link is dropped rather than sent to the server. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isSort = (v: string): v is SortBy => (SORT_OPTIONS as readonly string[]).includes(v);

function rupeeParam(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

const unique = <T>(values: T[]) => [...new Set(values)];

/** Reads the filters from a URL query; anything unknown or malformed falls back to the default. */
export function filtersFromSearch(search: URLSearchParams | string): ShopFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const sort = params.get('sortBy') ?? '';
  const page = Number(params.get('page'));
  const filters: ShopFilters = {
    keyword: (params.get('keyword') ?? params.get('search') ?? '').trim(),
    categories: unique(params.getAll('category').filter((id) => UUID.test(id))),
    colors: unique(params.getAll('color').filter(isColor)),
    sortBy: isSort(sort) ? sort : DEFAULT_SORT,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
  const minPrice = rupeeParam(params.get('minPrice'));
  const maxPrice = rupeeParam(params.get('maxPrice'));
  if (minPrice !== undefined) filters.minPrice = minPrice;
  if (maxPrice !== undefined) filters.maxPrice = maxPrice;
  return filters;
}

/** Writes the filters as a URL query (keyword, category…, color…, minPrice, maxPrice, sortBy, page); defaults are left out. */
export function searchFromFilters(filters: ShopFilters): URLSearchParams {
  const params = new URLSearchParams();
  const keyword = filters.keyword.trim();
  if (keyword) params.set('keyword', keyword);
  for (const id of filters.categories) params.append('category', id);
  for (const color of filters.colors) params.append('color', color);
  if (filters.minPrice !== undefined) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== undefined) params.set('maxPrice', String(filters.maxPrice));
  if (filters.sortBy !== DEFAULT_SORT) params.set('sortBy', filters.sortBy);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The same filters as the API call's query string (the server's defaults are the shop's). */
export function apiQueryString(filters: ShopFilters): string {
  const params = searchFromFilters(filters);
  params.set('sortBy', filters.sortBy);
  params.set('page', String(filters.page));
  return params.toString();
}

/**
 * The address the web app asks for one page of the shop: the server keys the answer a shop page carries by it, so the
 * app takes it instead of asking (docs/decisions/032-first-load.md).
 */
export const shopProductsAddress = (filters: ShopFilters) => `/api/products/shop-products?${apiQueryString(filters)}`;

/** A change of any filter starts again at page 1. */
export function withFilters(filters: ShopFilters, change: Partial<Omit<ShopFilters, 'page'>>): ShopFilters {
  return { ...filters, ...change, page: 1 };
}

export function toggled<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

export function hasActiveFilters(filters: ShopFilters): boolean {
  return (
    filters.keyword.trim() !== '' ||
    filters.categories.length > 0 ||
    filters.colors.length > 0 ||
    filters.minPrice !== undefined ||
    filters.maxPrice !== undefined
  );
}
