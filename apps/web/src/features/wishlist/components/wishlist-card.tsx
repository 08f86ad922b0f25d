import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import type { WishlistEntryDto } from '@bagshop/shared/catalogue-types';
import { Badge, Button, Card } from 'react-bootstrap';
import { FiShoppingBag, FiTrash2 } from 'react-icons/fi';
import { Link } from 'react-router';
import { Price } from '../../../components/price.tsx';
import { STOCK_BADGE, stockState } from '../../../components/stock-state.ts';
import { canAddFromWishlist } from '../wishlist-rules.ts';

interface WishlistCardProps {
  entry: WishlistEntryDto;
  busy: boolean;
  onAddToCart: () => void;
  onRemove: () => void;
}

function stockBadge(entry: WishlistEntryDto) {
  const product = entry.productId;
  if (!product.available || product.category.isExist === false) return { bg: 'secondary', text: 'Unavailable' };
  const stock = stockState(product.quantity);
  return { bg: STOCK_BADGE[stock.kind], text: stock.label };
}

/** A wishlist entry: stock badge, picture, name, colour, price after offer, Add to cart and remove. */
export function WishlistCard({ entry, busy, onAddToCart, onRemove }: WishlistCardProps) {
  const product = entry.productId;
  const badge = stockBadge(entry);
  const href = `/details/${product._id}`;
  const image = product.thumbs[0] ?? product.pdImage[0] ?? '';
  return (
    <Card className="wishlist-card h-100 border-0 shadow-sm">
      <div className="product-card-media">
        <Link to={href} tabIndex={-1} aria-hidden="true">
          <img src={image} alt="" loading="lazy" className="product-card-img" />
        </Link>
        <div className="product-card-badges">
          <Badge bg={badge.bg} text={badge.bg === 'warning' ? 'dark' : undefined}>
            {badge.text}
          </Badge>
        </div>
        <Button
          variant="light"
          className="wishlist-remove"
          onClick={onRemove}
          disabled={busy}
          aria-label={`Remove ${product.name} from wishlist`}
        >
          <FiTrash2 aria-hidden="true" />
        </Button>
      </div>
      <Card.Body className="d-flex flex-column gap-1 p-3">
        <Link to={href} className="product-card-name">
          {product.name}
        </Link>
        <span className="text-muted small">Colour: {entry.color}</span>
        <Price price={product.price} final={product.finalPrice} />
        {!product.available && <span className="small text-muted">{CATALOGUE_MSG.productUnavailable}</span>}
        <Button
          variant="brand"
          size="sm"
          className="mt-auto"
          onClick={onAddToCart}
          disabled={busy || !canAddFromWishlist(product)}
        >
          <FiShoppingBag aria-hidden="true" className="me-1" />
          Add to cart
          <span className="visually-hidden"> — {product.name}</span>
        </Button>
      </Card.Body>
    </Card>
  );
}
