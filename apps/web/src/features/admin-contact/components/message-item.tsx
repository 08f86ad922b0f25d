import { type ContactMessageDto, CONTACT_INBOX_MSG as M } from '@bagshop/shared/contact-inbox';
import { useId, useRef, useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { FiChevronDown, FiChevronRight, FiCornerUpLeft, FiMail, FiTrash2 } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { errorMessage } from '../../../api/errors.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmailText } from '../../../components/email-text.tsx';
import { useDeleteContactMessageMutation, useMarkContactMessageMutation } from '../api.ts';
import { messagePreview, receivedAt } from '../inbox-format.ts';

const replyHref = (email: string) => `mailto:${email}?subject=${encodeURIComponent(M.replySubject)}`;

/** One message of the inbox: opening it marks it read; it can be marked unread again or deleted. */
export function MessageItem({ message }: { message: ContactMessageDto }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const bodyId = useId();
  const [mark, marking] = useMarkContactMessageMutation();
  const [remove, removing] = useDeleteContactMessageMutation();

  async function setRead(read: boolean) {
    try {
      await mark({ id: message.id, read }).unwrap();
      return true;
    } catch (error) {
      toast.error(errorMessage(error, M.updateFailed));
      return false;
    }
  }

  function toggle() {
    const opening = !open;
    setOpen(opening);
    if (opening && !message.read) void setRead(true);
  }

  async function markUnread() {
    if (!(await setRead(false))) return;
    setOpen(false);
    // The button that had focus is gone with the open message.
    toggleRef.current?.focus();
  }

  async function confirmDelete() {
    try {
      const { message: done } = await remove(message.id).unwrap();
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error, M.deleteFailed));
    } finally {
      setConfirming(false);
    }
  }

  const unread = !message.read;
  return (
    <li className={`inbox-message${unread ? ' inbox-unread' : ''}`} data-testid="inbox-message">
      <div className="position-relative">
        <div className="d-flex flex-wrap align-items-center column-gap-2">
          <h2 className="h6 mb-0 inbox-sender">
            <button
              ref={toggleRef}
              type="button"
              className={`inbox-toggle stretched-link${unread ? ' fw-bold' : ' fw-normal'}`}
              aria-expanded={open}
              aria-controls={bodyId}
              onClick={toggle}
            >
              {open ? (
                <FiChevronDown aria-hidden="true" className="me-1" />
              ) : (
                <FiChevronRight aria-hidden="true" className="me-1" />
              )}
              {message.name}
            </button>
          </h2>
          {unread ? (
            <Badge bg="danger" className="inbox-new">
              New<span className="visually-hidden"> unread message</span>
            </Badge>
          ) : null}
          <time className="ms-auto small text-muted text-nowrap" dateTime={message.createdAt}>
            {receivedAt(message.createdAt)}
          </time>
        </div>
        <a href={`mailto:${message.email}`} className="inbox-email small">
          <EmailText email={message.email} />
        </a>
        {open ? null : (
          <p className={`inbox-preview mb-0 ${unread ? 'text-body' : 'text-muted'}`}>
            {messagePreview(message.message)}
          </p>
        )}
      </div>
      <div id={bodyId} hidden={!open} className="inbox-body">
        {open ? (
          <>
            <p className="inbox-text">{message.message}</p>
            <div className="d-flex flex-wrap gap-2">
              <a href={replyHref(message.email)} className="btn btn-sm btn-brand">
                <FiCornerUpLeft aria-hidden="true" className="me-1" />
                Reply by email
              </a>
              <Button
                size="sm"
                variant="outline-brand"
                onClick={markUnread}
                disabled={marking.isLoading || message.read === false}
              >
                <FiMail aria-hidden="true" className="me-1" />
                Mark as unread
              </Button>
              <Button
                size="sm"
                variant="outline-danger"
                onClick={() => setConfirming(true)}
                disabled={removing.isLoading}
              >
                <FiTrash2 aria-hidden="true" className="me-1" />
                Delete
              </Button>
            </div>
          </>
        ) : null}
      </div>
      <ConfirmDialog
        show={confirming}
        title="Delete this message?"
        confirmLabel="Delete"
        busy={removing.isLoading}
        onCancel={() => setConfirming(false)}
        onConfirm={confirmDelete}
      >
        The message from {message.name} ({message.email}) will be removed for good.
      </ConfirmDialog>
    </li>
  );
}
