import { COLORS } from '@bagshop/shared/catalogue';
import type { CategoryDto } from '@bagshop/shared/catalogue-types';
import { hasActiveFilters, type ShopFilters, toggled, withFilters } from '@bagshop/shared/shop-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { RupeeInput } from '../../../components/rupee-input.tsx';

interface FiltersPanelProps {
  filters: ShopFilters;
  categories: CategoryDto[];
  onChange: (filters: ShopFilters) => void;
  onClear: () => void;
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

/** Category, colour and price filters of the shop list. */
export function FiltersPanel({ filters, categories, onChange, onClear }: FiltersPanelProps) {
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
          {categories.map((category) => (
            <Form.Check
              key={category._id}
              id={`filter-category-${category._id}`}
              label={category.name}
              checked={filters.categories.includes(category._id)}
              onChange={() => onChange(withFilters(filters, { categories: toggled(filters.categories, category._id) }))}
            />
          ))}
        </fieldset>
      )}

      <fieldset className="filter-group">
        <legend className="filter-title">Colour</legend>
        <div className="color-options">
          {COLORS.map((color) => {
            const id = `filter-color-${color}`;
            return (
              <div key={color} className="color-option">
                <input
                  type="checkbox"
                  id={id}
                  className="visually-hidden color-input"
                  checked={filters.colors.includes(color)}
                  onChange={() => onChange(withFilters(filters, { colors: toggled(filters.colors, color) }))}
                />
                <label htmlFor={id} className="color-label">
                  <span className="color-swatch" style={{ background: SWATCHES[color] }} aria-hidden="true" />
                  {color}
                </label>
              </div>
            );
          })}
        </div>
      </fieldset>

      <Form className="filter-group" onSubmit={applyPrice} aria-label="Price range">
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
