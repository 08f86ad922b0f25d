import { COLORS } from '@bagshop/shared/catalogue';
import type { CategoryDto } from '@bagshop/shared/catalogue-types';
import {
  hasActiveFilters,
  type ShopFilters,
  searchFromFilters,
  toggled,
  withFilters,
} from '@bagshop/shared/shop-query';
import { type FormEvent, type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { RupeeInput } from '../../../components/rupee-input.tsx';

interface FiltersPanelProps {
  filters: ShopFilters;
  categories: CategoryDto[];
  onChange: (filters: ShopFilters) => void;
  onClear: () => void;
  /** The shop's address with these filters. */
  hrefFor: (filters: ShopFilters) => string;
}

interface FilterOptionProps {
  checked: boolean;
  href: string;
  onSelect: () => void;
  className: string;
  children: ReactNode;
}

/**
 * One category or colour: a link to the shop with it switched on or off, so filters work before the app runs and
 * search engines follow them; to a screen reader and the keyboard a checkbox (Space switches it), switched by the app
 * without loading the page again (docs/decisions/047-server-rendered-landing-pages.md).
 */
function FilterOption({ checked, href, onSelect, className, children }: FilterOptionProps) {
  const select = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault();
    onSelect();
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a link, so the filter works before the app runs; read as the checkbox it acts as
    <a
      href={href}
      role="checkbox"
      aria-checked={checked}
      className={className}
      onClick={select}
      onKeyDown={(event) => event.key === ' ' && select(event)}
    >
      {children}
    </a>
  );
}

const SWATCHES: Record<(typeof COLORS)[number], string> = {
  Beige: '#e8d8bd',
  Brown: '#7a4a2a',
  White: '#ffffff',
  Black: '#1f1f1f',
  Pink: '#f4a6c1',
  Green: '#3d8b4f',
  Red: '#c8322d',
  Orange: '#ee8a2b',
  Violet: '#7d4fb3',
  Blue: '#2f6fc4',
  Yellow: '#f2cc3a',
};

const priceText = (v: number | undefined) => (v === undefined ? '' : String(v));

function parsePrice(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** The query names of the filters a form changes. */
const QUERY_NAMES: Partial<Record<keyof ShopFilters, string>> = { categories: 'category', colors: 'color' };

/**
 * The filters a form leaves as they are, as hidden fields: a shop form (search, sort, price) sent without the app
 * (docs/decisions/047-server-rendered-landing-pages.md) keeps them, and starts again at page 1.
 */
export function KeptFilters({ filters, except }: { filters: ShopFilters; except: (keyof ShopFilters)[] }) {
  const changed = new Set(except.map((field) => QUERY_NAMES[field] ?? field));
  const kept = [...searchFromFilters(filters)].filter(([name]) => name !== 'page' && !changed.has(name));
  return (
    <>
      {kept.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** Category, colour and price filters of the shop list. */
export function FiltersPanel({ filters, categories, onChange, onClear, hrefFor }: FiltersPanelProps) {
  const [minText, setMinText] = useState(priceText(filters.minPrice));
  const [maxText, setMaxText] = useState(priceText(filters.maxPrice));
  useEffect(() => setMinText(priceText(filters.minPrice)), [filters.minPrice]);
  useEffect(() => setMaxText(priceText(filters.maxPrice)), [filters.maxPrice]);

  const applyPrice = (event: FormEvent) => {
    event.preventDefault();
    let minPrice = parsePrice(minText);
    let maxPrice = parsePrice(maxText);
    if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice)
      [minPrice, maxPrice] = [maxPrice, minPrice];
    onChange(withFilters(filters, { minPrice, maxPrice }));
  };

  return (
    <div className="filters-panel">
      {categories.length > 0 && (
        <fieldset className="filter-group">
          <legend className="filter-title">Category</legend>
          {categories.map((category) => {
            const next = withFilters(filters, { categories: toggled(filters.categories, category._id) });
            return (
              <FilterOption
                key={category._id}
                className="filter-option"
                checked={filters.categories.includes(category._id)}
                href={hrefFor(next)}
                onSelect={() => onChange(next)}
              >
                <span className="filter-box" aria-hidden="true" />
                {category.name}
              </FilterOption>
            );
          })}
        </fieldset>
      )}

      <fieldset className="filter-group">
        <legend className="filter-title">Colour</legend>
        <div className="color-options">
          {COLORS.map((color) => {
            const next = withFilters(filters, { colors: toggled(filters.colors, color) });
            return (
              <FilterOption
                key={color}
                className="color-label"
                checked={filters.colors.includes(color)}
                href={hrefFor(next)}
                onSelect={() => onChange(next)}
              >
                <span className="color-swatch" style={{ background: SWATCHES[color] }} aria-hidden="true" />
                {color}
              </FilterOption>
            );
          })}
        </div>
      </fieldset>

      <Form
        className="filter-group"
        method="get"
        action="/shop-products"
        onSubmit={applyPrice}
        aria-label="Price range"
      >
        <KeptFilters filters={filters} except={['minPrice', 'maxPrice']} />
        <p className="filter-title" aria-hidden="true">
          Price
        </p>
        <div className="d-flex gap-2 align-items-end">
          <RupeeInput
            id="filter-min-price"
            label="Min price (₹)"
            labelClassName="small mb-1"
            className="flex-fill"
            size="sm"
            min={0}
            placeholder="0"
            name="minPrice"
            value={minText}
            onChange={(e) => setMinText(e.target.value)}
          />
          <RupeeInput
            id="filter-max-price"
            label="Max price (₹)"
            labelClassName="small mb-1"
            className="flex-fill"
            size="sm"
            min={0}
            placeholder="Any"
            name="maxPrice"
            value={maxText}
            onChange={(e) => setMaxText(e.target.value)}
          />
        </div>
        <Button type="submit" variant="outline-brand" size="sm" className="mt-2 w-100">
          Apply price
        </Button>
      </Form>

      {hasActiveFilters(filters) && (
        <Button variant="link" className="text-brand px-0" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </div>
  );
}
