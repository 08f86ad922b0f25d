/** The number of unread Contact messages beside the menu entry. */
export function UnreadMessagesBadge() {
  return null;
}
