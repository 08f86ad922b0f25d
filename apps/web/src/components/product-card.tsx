import type { ProductCardDto } from '@bagshop/shared/catalogue-types';
import { Badge, Card, Placeholder } from 'react-bootstrap';
import { Link } from 'react-router';
import { Price } from './price.tsx';
import { ProductImage } from './product-image.tsx';
import { RatingStars } from './rating-stars.tsx';

interface ProductCardProps {
  product: ProductCardDto;
  /** How wide the card's picture is drawn (the `sizes` attribute). */
  imageSizes: string;
  /** A card on the first screen: its picture is fetched at once. */
  priority?: boolean;
}

/** A product in a grid: picture, brand, name, rating, price after offer, offer and stock badges. */
export function ProductCard({ product, imageSizes, priority = false }: ProductCardProps) {
  const soldOut = product.quantity <= 0;
  return (
    <Card className="product-card h-100 border-0 shadow-sm">
      {/* The link is named after the product alone; the badges beside it are read as the card's own text. */}
      <Link to={`/details/${product._id}`} className="product-card-link stretched-link" aria-label={product.name}>
        <div className="product-card-media">
          <ProductImage
            thumb={product.thumbs[0]}
            large={product.pdImage[0]}
            alt=""
            sizes={imageSizes}
            priority={priority}
            className={soldOut ? 'product-card-img is-sold-out' : 'product-card-img'}
          />
        </div>
      </Link>
      <div className="product-card-badges">
        {product.discountPercent > 0 && <Badge bg="danger">{product.discountPercent}% OFF</Badge>}
        {soldOut && (
          <Badge bg="dark" className="ms-auto">
            Out of stock
          </Badge>
        )}
      </div>

      <Card.Body className="d-flex flex-column gap-1 p-3">
        <span className="product-card-brand">{product.brand}</span>
        <h3 className="product-card-name">{product.name}</h3>
        <RatingStars value={product.rating} count={product.numReviews} />
        <Price price={product.price} final={product.finalPrice} className="mt-auto pt-1" />
      </Card.Body>
    </Card>
  );
}

/** A card-shaped placeholder while products load. */
export function ProductCardSkeleton() {
  return (
    <Card className="product-card h-100 border-0 shadow-sm" aria-hidden="true">
      <div className="product-card-media product-card-media-empty" />
      <Card.Body className="p-3">
        <Placeholder as="p" animation="glow" className="mb-1">
          <Placeholder xs={4} size="sm" />
        </Placeholder>
        <Placeholder as="p" animation="glow" className="mb-1">
          <Placeholder xs={9} />
        </Placeholder>
        <Placeholder as="p" animation="glow" className="mb-0">
          <Placeholder xs={6} />
        </Placeholder>
      </Card.Body>
    </Card>
  );
}
