import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { MSG } from '@bagshop/shared/messages';
import { Col, Container, Row } from 'react-bootstrap';
import { FiHeart } from 'react-icons/fi';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { useAddToCartMutation } from '../../../api/cart-api.ts';
import { errorMessage } from '../../../api/errors.ts';
import { useToggleWishlistMutation, useWishlistQuery } from '../../../api/wishlist-api.ts';
import { EmptyState, LoadFailed, LoadingState } from '../../../components/load-states.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { WishlistCard } from '../components/wishlist-card.tsx';

/** /wishlist — saved products with Add to cart (one unit) and remove. */
export function WishlistPage() {
  usePageTitle('Wishlist');
  const { data, error, isLoading, isFetching, refetch } = useWishlistQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [addToCart, adding] = useAddToCartMutation();
  const [toggleWishlist, toggling] = useToggleWishlistMutation();

  const busy = (productId: string) =>
    (adding.isLoading && adding.originalArgs?.productId === productId) ||
    (toggling.isLoading && toggling.originalArgs?.productId === productId);

  const addOne = async (productId: string) => {
    try {
      const answer = await addToCart({ productId, qty: 1 }).unwrap();
      toast.success(answer.message || CATALOGUE_MSG.addedToCart);
    } catch (err) {
      toast.error(errorMessage(err, MSG.actionFailed));
    }
  };

  const remove = async (productId: string) => {
    try {
      const answer = await toggleWishlist({ productId }).unwrap();
      // The toggle re-adds an entry that another tab already removed; toggle once more so it stays removed.
      if (answer.added) await toggleWishlist({ productId }).unwrap();
      toast.success(CATALOGUE_MSG.removedFromWishlist);
    } catch (err) {
      toast.error(errorMessage(err, CATALOGUE_MSG.wishlistRemoveFailed));
    }
  };

  if (isLoading) {
    return <LoadingState page text="Loading your wishlist…" />;
  }
  if (error || !data) {
    return (
      <LoadFailed
        page
        message={errorMessage(error, MSG.wishlistLoadFailed)}
        onRetry={() => refetch()}
        retrying={isFetching}
      />
    );
  }

  if (data.wishlist.length === 0) {
    return (
      <EmptyState
        page
        heading
        icon={<FiHeart className="empty-state-icon" aria-hidden="true" />}
        title={MSG.wishlistEmpty}
      >
        <p className="text-muted">Tap the heart on a product to keep it here for later.</p>
        <Link to="/shop-products" className="btn btn-brand">
          Browse the shop
        </Link>
      </EmptyState>
    );
  }

  return (
    <Container className="py-4">
      <h1 className="h3 mb-4">
        Wishlist <span className="text-muted fs-6">({data.wishlist.length})</span>
      </h1>
      <Row as="ul" className="g-3 g-md-4 list-unstyled" aria-label="Saved products">
        {data.wishlist.map((entry) => (
          <Col as="li" key={entry.productId._id} xs={6} md={4} lg={3}>
            <WishlistCard
              entry={entry}
              busy={busy(entry.productId._id)}
              onAddToCart={() => addOne(entry.productId._id)}
              onRemove={() => remove(entry.productId._id)}
            />
          </Col>
        ))}
      </Row>
    </Container>
  );
}
