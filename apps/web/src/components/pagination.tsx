import type { MouseEvent } from 'react';
import { Pagination } from 'react-bootstrap';

interface ListPaginationProps {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  /**
   * The address of a page: each page is then a link that works before the app runs (and for search engines); the
   * app still turns it without loading the page again.
   */
  hrefFor?: (page: number) => string;
}

/** Numbered pages with previous/next; long runs collapse around the current page. */
export function ListPagination({ page, pages, onChange, hrefFor }: ListPaginationProps) {
  if (pages <= 1) return null;
  const shown = pageNumbers(page, pages);
  const linkTo = (target: number) => ({
    href: hrefFor?.(target),
    onClick: (event: MouseEvent) => {
      event.preventDefault();
      onChange(target);
    },
  });
  return (
    <nav aria-label="Pages">
      <Pagination className="justify-content-center flex-wrap mb-0">
        <Pagination.Prev disabled={page <= 1} {...linkTo(page - 1)} aria-label="Previous page" />
        {shown.map((n, i) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <Pagination.Ellipsis key={`gap-${i}`} disabled />
          ) : (
            <Pagination.Item
              key={n}
              active={n === page}
              {...(n === page ? {} : linkTo(n))}
              aria-label={`Page ${n}`}
              aria-current={n === page ? 'page' : undefined}
            >
              {n}
            </Pagination.Item>
          ),
        )}
        <Pagination.Next disabled={page >= pages} {...linkTo(page + 1)} aria-label="Next page" />
      </Pagination>
    </nav>
  );
}

/** 1 … 4 5 6 … 20: first, last and the neighbours of the current page; null marks a gap. */
export function pageNumbers(page: number, pages: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - page) <= 1) out.push(n);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}
