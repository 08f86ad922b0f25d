import {
  CONTACT_INBOX_STATUS_LABELS,
  CONTACT_INBOX_STATUSES,
  type ContactInboxStatus,
  CONTACT_INBOX_MSG as M,
} from '@bagshop/shared/contact-inbox';
import type { ReactNode } from 'react';
import { Button, ButtonGroup } from 'react-bootstrap';
import { errorMessage } from '../../../api/errors.ts';
import { ListPageFrame } from '../../../components/list-page-frame.tsx';
import { EmptyState, LoadFailed, LoadingState } from '../../../components/load-states.tsx';
import { useClampPage } from '../../../components/use-list-params.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { INBOX_POLL_MS, useContactMessagesQuery } from '../api.ts';
import { MessageItem } from '../components/message-item.tsx';
import { useInboxParams } from '../use-inbox-params.ts';

const EMPTY: Record<ContactInboxStatus, string> = { all: M.none, unread: M.noneUnread, read: M.noneRead };

/** '3 messages · 2 unread', '2 unread messages', '1 read message · 2 unread'. */
function countLine(status: ContactInboxStatus, total: number, unread: number) {
  const noun = `${total === 1 ? 'message' : 'messages'}`;
  if (status === 'unread') return `${total} unread ${noun}`;
  return `${total} ${status === 'read' ? 'read ' : ''}${noun} · ${unread} unread`;
}

/** /admin/messages — the messages sent from the Contact page, newest first, ten a page. */
export function ContactInboxPage() {
  usePageTitle(M.title);
  const { status, page, setStatus, goTo } = useInboxParams();
  const { data, isLoading, isFetching, error, refetch } = useContactMessagesQuery(
    { status, page },
    { refetchOnMountOrArgChange: true, pollingInterval: INBOX_POLL_MS, skipPollingIfUnfocused: true },
  );
  useClampPage(page, data?.pages);

  let body: ReactNode;
  if (isLoading) {
    body = <LoadingState text="Loading messages…" />;
  } else if (error || !data) {
    body = (
      <LoadFailed className="m-3" message={errorMessage(error, M.loadFailed)} onRetry={refetch} retrying={isFetching} />
    );
  } else if (data.messages.length === 0) {
    body = <EmptyState title={EMPTY[status]} />;
  } else {
    body = (
      <ul className="list-unstyled mb-0" aria-label="Contact messages">
        {data.messages.map((message) => (
          <MessageItem key={message.id} message={message} />
        ))}
      </ul>
    );
  }

  return (
    <ListPageFrame
      title={M.title}
      summary={data ? countLine(status, data.total, data.unread) : null}
      summaryTestId="inbox-counts"
      refreshing={isFetching}
      tools={
        <ButtonGroup aria-label="Show messages" className="inbox-filter">
          {CONTACT_INBOX_STATUSES.map((s) => (
            <Button
              key={s}
              variant={s === status ? 'brand' : 'outline-brand'}
              aria-pressed={s === status}
              onClick={() => s !== status && setStatus(s)}
            >
              {CONTACT_INBOX_STATUS_LABELS[s]}
            </Button>
          ))}
        </ButtonGroup>
      }
      bodyClassName="p-0"
      paging={data ? { page, pages: data.pages, onChange: goTo } : null}
    >
      {body}
    </ListPageFrame>
  );
}
