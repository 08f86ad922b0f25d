import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { GST_TEXT } from '@bagshop/shared/gst/gst-texts';
import { MSG } from '@bagshop/shared/messages';
import { FREE_SHIPPING_FROM_PAISE } from '@bagshop/shared/pricing/cart';
import { formatINR } from '@bagshop/shared/pricing/money';
import { Alert, Badge, Col, Container, Placeholder, Row } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { useAddReviewMutation, useProductDetailsQuery, useRelatedProductsQuery } from '../../../api/catalogue-api.ts';
import { errorMessage, errorStatus } from '../../../api/errors.ts';
import { usePricesIncludeGst } from '../../../api/shop-settings-api.ts';
import { LoadFailed, LoadingState } from '../../../components/load-states.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { Price } from '../../../components/price.tsx';
import { ProductGrid } from '../../../components/product-grid.tsx';
import { RatingStars } from '../../../components/rating-stars.tsx';
import { STOCK_BADGE, stockState } from '../../../components/stock-state.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useIsSignedIn } from '../../../session/session-hooks.ts';
import { DeliveryCheck } from '../components/delivery-check.tsx';
import { ImageGallery } from '../components/image-gallery.tsx';
import { PurchasePanel } from '../components/purchase-panel.tsx';
import { RestockAlert } from '../components/restock-alert.tsx';
import { ReviewsSection } from '../components/reviews-section.tsx';

/** The page's first screen in its final shape while the product loads, so nothing below it moves on arrival. */
function DetailsSkeleton() {
  return (
    <div className="py-4" aria-hidden="true">
      <Placeholder as="p" animation="glow" className="mb-3 small">
        <Placeholder xs={6} />
      </Placeholder>
      <Row className="g-4 g-lg-5">
        <Col md={6}>
          <div className="gallery-main" />
        </Col>
        <Col md={6}>
          <Placeholder as="p" animation="glow" className="mb-1">
            <Placeholder xs={3} size="sm" />
          </Placeholder>
          <Placeholder as="h1" animation="glow" className="h2 mb-2">
            <Placeholder xs={8} />
          </Placeholder>
          <Placeholder as="p" animation="glow" className="mb-3">
            <Placeholder xs={5} />
          </Placeholder>
          <Placeholder as="p" animation="glow" className="fs-3 mb-3">
            <Placeholder xs={4} />
          </Placeholder>
          <Placeholder as="p" animation="glow" className="mb-3">
            <Placeholder xs={10} size="sm" />
            <Placeholder xs={3} size="sm" />
          </Placeholder>
        </Col>
      </Row>
    </div>
  );
}

/** /details/:id — gallery, price, stock, buying, wishlist, reviews and related products. */
export function ProductDetailsPage() {
  const { id = '' } = useParams();
  const pricesIncludeGst = usePricesIncludeGst();
  const signedIn = useIsSignedIn();
  const { data, error, isLoading, isFetching, refetch } = useProductDetailsQuery(id);
  const product = data?.product;
  const { data: related } = useRelatedProductsQuery(id, { skip: !product });
  const [addReview] = useAddReviewMutation();
  usePageTitle(product?.name ?? 'Product details');

  if (isLoading) {
    return <LoadingState page quiet text="Loading product…" placeholder={<DetailsSkeleton />} />;
  }
  const status = errorStatus(error);
  if (status === 404 || status === 400) return <NotFoundPage />;
  if (error || !product) {
    return (
      <LoadFailed
        page
        message={errorMessage(error, MSG.productLoadFailed)}
        onRetry={() => refetch()}
        retrying={isFetching}
      />
    );
  }

  const stock = stockState(product.quantity);
  const submitReview = async (values: { rating: number; comment: string }) => {
    try {
      const answer = await addReview({ productId: product._id, ...values }).unwrap();
      toast.success(answer.message || CATALOGUE_MSG.reviewAdded);
      return true;
    } catch (err) {
      toast.error(errorMessage(err, MSG.actionFailed));
      return false;
    }
  };

  return (
    <Container className="py-4">
      <nav aria-label="Breadcrumb" className="mb-3 small">
        <ol className="breadcrumb mb-0">
          <li className="breadcrumb-item">
            <Link to="/">Home</Link>
          </li>
          <li className="breadcrumb-item">
            <Link to="/shop-products">Shop</Link>
          </li>
          <li className="breadcrumb-item">
            <Link to={`/shop-products?category=${product.category._id}`}>{product.category.name}</Link>
          </li>
          <li className="breadcrumb-item active text-truncate" aria-current="page">
            {product.name}
          </li>
        </ol>
      </nav>

      <Row className="g-4 g-lg-5">
        <Col md={6}>
          <ImageGallery name={product.name} images={product.pdImage} thumbs={product.thumbs} />
        </Col>
        <Col md={6}>
          <p className="product-brand mb-1">{product.brand}</p>
          <h1 className="h2 mb-2">{product.name}</h1>
          <div className="d-flex align-items-center gap-2 mb-3">
            <RatingStars value={product.rating} count={product.numReviews} />
            <a href="#reviews-title" className="small">
              Read reviews
            </a>
          </div>
          <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
            <Price price={product.price} final={product.finalPrice} size="lg" />
            {product.discountPercent > 0 && (
              <Badge bg="danger" className="fs-6">
                {product.discountPercent}% OFF
              </Badge>
            )}
          </div>
          <p className="text-muted small mb-3">
            {pricesIncludeGst ? GST_TEXT.inclusive : GST_TEXT.added}. Free shipping from{' '}
            {formatINR(FREE_SHIPPING_FROM_PAISE)}.
          </p>

          {!product.available ? (
            <Alert variant="secondary" className="py-2">
              {CATALOGUE_MSG.productUnavailable}
            </Alert>
          ) : (
            <p className="mb-3">
              <Badge bg={STOCK_BADGE[stock.kind]} text={stock.kind === 'low' ? 'dark' : undefined}>
                {stock.label}
              </Badge>
            </p>
          )}

          <dl className="product-facts">
            <dt>Colour</dt>
            <dd>{product.color}</dd>
            <dt>Size</dt>
            <dd>{product.size}</dd>
            <dt>Category</dt>
            <dd>{product.category.name}</dd>
          </dl>

          {product.available && product.quantity === 0 && <RestockAlert productId={product._id} />}
          <PurchasePanel product={product} />
          {product.available ? <DeliveryCheck /> : null}

          <h2 className="h6 mt-4">Description</h2>
          <p className="product-description">{product.description}</p>
        </Col>
      </Row>

      <ReviewsSection product={product} signedIn={signedIn} onSubmit={submitReview} />

      {related && related.products.length > 0 && (
        <section aria-labelledby="related-title" className="mt-5 below-first-screen">
          <h2 id="related-title" className="h4 mb-3">
            You may also like
          </h2>
          <ProductGrid products={related.products} columns={6} label="Related products" />
        </section>
      )}
    </Container>
  );
}
