import type { ProductCardDto } from '@bagshop/shared/catalogue-types';
import { Col, Row } from 'react-bootstrap';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';

interface ProductGridProps {
  products: ProductCardDto[];
  /** Columns on wide screens. */
  columns?: 3 | 4 | 6;
  /** Names the list for screen readers when a page has several. */
  label?: string;
  /** How many cards from the start are on the first screen of a phone: their pictures are fetched at once. */
  priorityCount?: number;
}

const lg = { 3: 4, 4: 3, 6: 2 } as const;
/** The card widths of the grid below, for the browser to pick a picture size before the layout is known. */
const imageSizes = (columns: 3 | 4 | 6) =>
  `(min-width: 1400px) ${Math.round(1320 / columns)}px, (min-width: 992px) ${Math.round(100 / columns)}vw, (min-width: 768px) 33vw, 50vw`;

/** Two cards a row on phones, more on wider screens. */
export function ProductGrid({ products, columns = 4, label = 'Products', priorityCount = 0 }: ProductGridProps) {
  const sizes = imageSizes(columns);
  return (
    <Row className="g-3 g-md-4 list-unstyled" as="ul" aria-label={label}>
      {products.map((product, index) => (
        <Col as="li" key={product._id} xs={6} md={4} lg={lg[columns]} className="product-grid-item">
          <ProductCard product={product} imageSizes={sizes} priority={index < priorityCount} />
        </Col>
      ))}
    </Row>
  );
}

export function ProductGridSkeleton({ count, columns = 4 }: { count: number; columns?: 3 | 4 | 6 }) {
  return (
    <Row className="g-3 g-md-4" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Col key={i} xs={6} md={4} lg={lg[columns]}>
          <ProductCardSkeleton />
        </Col>
      ))}
    </Row>
  );
}
