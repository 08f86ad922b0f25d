import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { MSG } from '@bagshop/shared/messages';
import { Container } from 'react-bootstrap';
import { Link } from 'react-router';
import { useNewProductsQuery, useTopProductsQuery } from '../../api/catalogue-api.ts';
import { errorMessage } from '../../api/errors.ts';
import { LoadFailed, LoadingState } from '../../components/load-states.tsx';
import { ProductGrid, ProductGridSkeleton } from '../../components/product-grid.tsx';

/** docs/product.md §2 Home: NEW PRODUCTS (shows 'Loading Products...' while loading). */
export function NewProducts() {
  const { data, error, isLoading, refetch } = useNewProductsQuery();
  return (
    <section aria-labelledby="new-products-title" className="home-section">
      <Container>
        <div className="section-heading">
          <h2 id="new-products-title" className="h4 mb-0">
            NEW PRODUCTS
          </h2>
          <Link to="/shop-products" className="small">
            View all
          </Link>
        </div>
        {isLoading ? (
          <LoadingState
            text={CATALOGUE_MSG.loadingProducts}
            placeholder={<ProductGridSkeleton count={6} columns={6} />}
          />
        ) : error || !data ? (
          <LoadFailed message={errorMessage(error, MSG.productsLoadFailed)} onRetry={() => refetch()} />
        ) : (
          <ProductGrid products={data.all} columns={6} label="New products" />
        )}
      </Container>
    </section>
  );
}

/** Best sellers; left out quietly when there are none or they cannot be loaded. */
export function TopProducts() {
  const { data } = useTopProductsQuery();
  if (!data || data.products.length === 0) return null;
  return (
    <section aria-labelledby="top-products-title" className="home-section home-section-soft">
      <Container>
        <div className="section-heading">
          <h2 id="top-products-title" className="h4 mb-0">
            Top products
          </h2>
        </div>
        <ProductGrid products={data.products} columns={6} label="Top products" />
      </Container>
    </section>
  );
}
