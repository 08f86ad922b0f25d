import { CONTACT_INBOX_MSG } from '@bagshop/shared/contact-inbox';
import { Badge } from 'react-bootstrap';
import { INBOX_POLL_MS, useUnreadContactMessagesQuery } from '../api.ts';

/**
 * The number of unread Contact messages beside the menu entry; nothing when there are none. Screen readers hear
 * the link as 'Messages 3 unread messages'.
 */
export function UnreadMessagesBadge() {
  const { data } = useUnreadContactMessagesQuery(undefined, {
    pollingInterval: INBOX_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const unread = data?.unread ?? 0;
  if (unread <= 0) return null;
  return (
    <>
      {' '}
      <Badge pill bg="danger" className="ms-1 inbox-unread-badge" data-testid="unread-messages-badge">
        <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
        <span className="visually-hidden">
          {unread} {unread === 1 ? CONTACT_INBOX_MSG.unreadOneLabel : CONTACT_INBOX_MSG.unreadLabel}
        </span>
      </Badge>
    </>
  );
}
