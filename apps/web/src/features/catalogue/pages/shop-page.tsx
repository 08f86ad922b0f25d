import { SORT_LABELS, SORT_OPTIONS, type SortBy } from '@bagshop/shared/catalogue';
import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import type { ProductCardPage } from '@bagshop/shared/catalogue-types';
import { MSG } from '@bagshop/shared/messages';
import { shopListName } from '@bagshop/shared/page-titles';
import { SEARCH_MSG, type Suggestion } from '@bagshop/shared/schemas/search';
import {
  EMPTY_FILTERS,
  filtersFromSearch,
  type ShopFilters,
  searchFromFilters,
  withFilters,
} from '@bagshop/shared/shop-query';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Badge, Button, Col, Container, Form, InputGroup, Offcanvas, Row } from 'react-bootstrap';
import { FiFilter, FiSearch } from 'react-icons/fi';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useShopCategoriesQuery, useShopProductsQuery } from '../../../api/catalogue-api.ts';
import { errorMessage } from '../../../api/errors.ts';
import { EmptyState, LoadFailed, LoadingState } from '../../../components/load-states.tsx';
import { ListPagination } from '../../../components/pagination.tsx';
import { ProductGrid, ProductGridSkeleton } from '../../../components/product-grid.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { FiltersPanel, KeptFilters } from '../components/filters-panel.tsx';
import { SearchBox } from '../components/search-box.tsx';

const PAGE_SIZE_SKELETONS = 8;

/** How many of a page's products match the keyword; the near names come after them. */
const exactCount = (page: ProductCardPage) => page.products.length - (page.nearMatches ?? 0);

/** "Nothing matched “handbga” exactly. Did you mean handbag?" above the near names, when nothing matched. */
function NearMatches({
  page,
  keyword,
  hrefFor,
}: {
  page: ProductCardPage;
  keyword: string;
  hrefFor: (word: string) => string;
}) {
  if (!page.nearMatches || exactCount(page) > 0) return null;
  return (
    <p className="mb-3" data-testid="did-you-mean">
      {SEARCH_MSG.noExactMatch(keyword)}
      {page.didYouMean ? (
        <>
          {' '}
          {SEARCH_MSG.didYouMean} <Link to={hrefFor(page.didYouMean)}>{page.didYouMean}</Link>?
        </>
      ) : null}
    </p>
  );
}

/** /shop-products: search, filters, sort and pages of 12; every filter lives in the URL query. */
export function ShopPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const query = searchParams.toString();
  const filters = useMemo(() => filtersFromSearch(query), [query]);
  const [showFilters, setShowFilters] = useState(false);
  const [keyword, setKeyword] = useState(filters.keyword);
  useEffect(() => setKeyword(filters.keyword), [filters.keyword]);

  const { currentData, error, isFetching, refetch } = useShopProductsQuery(filters);
  const { data: categoryData } = useShopCategoriesQuery();
  const categories = categoryData?.all ?? [];
  // One category chosen: its page, titled as the server titles it (storefront-pages/service.ts).
  const onlyCategory =
    filters.categories.length === 1 ? categories.find((c) => c._id === filters.categories[0]) : undefined;
  usePageTitle(shopListName(onlyCategory?.name));

  const hrefFor = (next: ShopFilters) => {
    const search = searchFromFilters(next).toString();
    return search ? `/shop-products?${search}` : '/shop-products';
  };
  const closeFilters = () => {
    setShowFilters(false);
    // Opened without the app, the panel is the address's target (styles.css, `.offcanvas-lg:target`).
    if (window.location.hash === '#shop-filters') {
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    }
  };
  const go = (next: ShopFilters) => {
    setSearchParams(searchFromFilters(next));
    closeFilters();
  };
  // Inside the panel a choice only changes the list behind it: on a phone the shopper picks several, then Done.
  const choose = (next: ShopFilters) => setSearchParams(searchFromFilters(next));
  const clear = () => go(EMPTY_FILTERS);
  const search = (event: FormEvent) => {
    event.preventDefault();
    go(withFilters(filters, { keyword }));
  };
  const chooseSuggestion = (suggestion: Suggestion) => {
    if (suggestion.kind === 'product') {
      navigate(`/details/${encodeURIComponent(suggestion.id)}`);
      return;
    }
    setKeyword('');
    go({ ...EMPTY_FILTERS, sortBy: filters.sortBy, categories: [suggestion.id] });
  };
  const changePage = (page: number) => {
    setSearchParams(searchFromFilters({ ...filters, page }));
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const activeCount =
    filters.categories.length +
    filters.colors.length +
    (filters.minPrice !== undefined || filters.maxPrice !== undefined ? 1 : 0);

  return (
    <Container className="py-4">
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-3 mb-3">
        <div>
          <h1 className="h3 mb-1">Shop</h1>
          <p className="text-muted mb-0 small" aria-live="polite">
            {currentData ? `${currentData.total} ${currentData.total === 1 ? 'product' : 'products'}` : '\u00a0'}
          </p>
        </div>
        <Form method="get" action="/shop-products" onSubmit={search} role="search" className="shop-search flex-grow-1">
          <KeptFilters filters={filters} except={['keyword']} />
          <InputGroup>
            <SearchBox value={keyword} onChange={setKeyword} onChoose={chooseSuggestion} />
            <Button type="submit" variant="brand" aria-label="Search">
              <FiSearch aria-hidden="true" />
            </Button>
          </InputGroup>
        </Form>
      </div>

      <div className="d-flex align-items-center justify-content-between gap-2 mb-3">
        <Button
          variant="outline-brand"
          className="d-lg-none"
          href="#shop-filters"
          onClick={(event) => {
            event.preventDefault();
            setShowFilters(true);
          }}
          aria-controls="shop-filters"
          aria-expanded={showFilters}
        >
          <FiFilter aria-hidden="true" className="me-1" /> Filters
          {activeCount > 0 && (
            <Badge bg="brand" pill className="ms-2">
              {activeCount}
            </Badge>
          )}
        </Button>
        <Form
          method="get"
          action="/shop-products"
          onSubmit={(event) => event.preventDefault()}
          className="d-flex align-items-center gap-2 ms-auto"
        >
          <KeptFilters filters={filters} except={['sortBy']} />
          <Form.Label htmlFor="shop-sort" className="mb-0 small text-nowrap">
            Sort by
          </Form.Label>
          <Form.Select
            id="shop-sort"
            name="sortBy"
            size="sm"
            value={filters.sortBy}
            onChange={(e) => go(withFilters(filters, { sortBy: e.target.value as SortBy }))}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {SORT_LABELS[option]}
              </option>
            ))}
          </Form.Select>
          {/* Without the app a choice is sent with this button; with it, at once. */}
          <noscript>
            <Button type="submit" size="sm" variant="outline-brand">
              Sort
            </Button>
          </noscript>
        </Form>
      </div>

      <Row className="g-4">
        <Col lg={3}>
          <Offcanvas
            id="shop-filters"
            show={showFilters}
            onHide={closeFilters}
            responsive="lg"
            placement="start"
            aria-labelledby="shop-filters-title"
          >
            <Offcanvas.Header closeButton closeLabel="Close filters">
              <Offcanvas.Title id="shop-filters-title">Filters</Offcanvas.Title>
            </Offcanvas.Header>
            <Offcanvas.Body className="flex-column">
              <h2 className="h6 text-uppercase text-muted d-none d-lg-block">Filters</h2>
              <FiltersPanel
                filters={filters}
                categories={categories}
                onChange={choose}
                onClear={() => choose(EMPTY_FILTERS)}
                hrefFor={hrefFor}
              />
            </Offcanvas.Body>
            <div className="shop-filters-done d-lg-none">
              <p className="small text-muted mb-0" aria-live="polite">
                {currentData ? CATALOGUE_MSG.filtersMatching(currentData.total) : '\u00a0'}
              </p>
              {/* Without the app, leaving the panel's address closes it (styles.css, `.offcanvas-lg:target`). */}
              <Button
                variant="brand"
                href="#shop-results-title"
                onClick={(event) => {
                  event.preventDefault();
                  closeFilters();
                }}
              >
                {CATALOGUE_MSG.filtersDone}
              </Button>
            </div>
          </Offcanvas>
        </Col>

        <Col lg={9}>
          <section aria-labelledby="shop-results-title" aria-busy={isFetching}>
            <h2 id="shop-results-title" className="visually-hidden">
              Results
            </h2>
            {error && !currentData ? (
              <LoadFailed message={errorMessage(error, MSG.productsLoadFailed)} onRetry={() => refetch()} />
            ) : !currentData ? (
              <LoadingState
                quiet
                text={CATALOGUE_MSG.loadingProducts}
                placeholder={<ProductGridSkeleton count={PAGE_SIZE_SKELETONS} columns={3} />}
              />
            ) : currentData.products.length === 0 ? (
              <EmptyState title={CATALOGUE_MSG.noProducts}>
                <p className="text-muted">Try another search, fewer filters or a wider price range.</p>
                <Button variant="brand" onClick={clear}>
                  Clear filters
                </Button>
              </EmptyState>
            ) : (
              <>
                <NearMatches
                  page={currentData}
                  keyword={filters.keyword}
                  hrefFor={(word) => hrefFor(withFilters(filters, { keyword: word }))}
                />
                {/* The first row of a phone's screen. */}
                {exactCount(currentData) > 0 && (
                  <ProductGrid
                    products={currentData.products.slice(0, exactCount(currentData))}
                    columns={3}
                    priorityCount={2}
                  />
                )}
                {currentData.nearMatches ? (
                  <section aria-labelledby="shop-near-title" className={exactCount(currentData) > 0 ? 'mt-4' : ''}>
                    <h3 id="shop-near-title" className="h6 text-muted">
                      {SEARCH_MSG.nearMatches}
                    </h3>
                    <ProductGrid
                      products={currentData.products.slice(exactCount(currentData))}
                      columns={3}
                      label={SEARCH_MSG.nearMatches}
                      priorityCount={exactCount(currentData) > 0 ? 0 : 2}
                    />
                  </section>
                ) : null}
                <div className="mt-4">
                  <ListPagination
                    page={currentData.page}
                    pages={currentData.pages}
                    onChange={changePage}
                    hrefFor={(page) => hrefFor({ ...filters, page })}
                  />
                </div>
              </>
            )}
          </section>
        </Col>
      </Row>
    </Container>
  );
}
