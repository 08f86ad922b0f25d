import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import { Updating } from './load-states.tsx';
import { ListPagination } from './pagination.tsx';

/** '1 user', '6 orders', '2 products matching “tote”'. */
export function listCount(total: number, [singular, plural]: readonly [string, string], keyword?: string) {
  return `${total} ${total === 1 ? singular : plural}${keyword ? ` matching “${keyword}”` : ''}`;
}

interface ListPageFrameProps {
  title: string;
  /** The count under the heading; null until the list has loaded. */
  summary: ReactNode;
  summaryTestId?: string;
  /** A newer copy of the list is on its way. */
  refreshing: boolean;
  /** Search, filters or buttons beside the heading. */
  tools: ReactNode;
  bodyClassName?: string;
  /** The pages of the list; null until the list has loaded. */
  paging: { page: number; pages: number; onChange: (page: number) => void } | null;
  /** The rows, or the loading, failed or empty state. */
  children: ReactNode;
}

/** The frame of a paged list screen: heading with count and tools, the rows in a card, the pages under it. */
export function ListPageFrame({
  title,
  summary,
  summaryTestId,
  refreshing,
  tools,
  bodyClassName = 'p-2 p-md-3',
  paging,
  children,
}: ListPageFrameProps) {
  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-3">
        <div>
          <h1 className="h3 mb-0">{title}</h1>
          {summary !== null ? (
            <p className="text-muted small mb-0 text-break" data-testid={summaryTestId}>
              {summary}
              <Updating busy={refreshing} />
            </p>
          ) : null}
        </div>
        {tools}
      </div>
      <Card className="shadow-sm border-0">
        <Card.Body className={bodyClassName}>{children}</Card.Body>
      </Card>
      {paging ? (
        <div className="mt-3">
          <ListPagination
            page={Math.min(paging.page, Math.max(1, paging.pages))}
            pages={paging.pages}
            onChange={paging.onChange}
          />
        </div>
      ) : null}
    </>
  );
}
