import { CONTACT_INBOX_STATUSES, type ContactInboxStatus } from '@bagshop/shared/contact-inbox';
import { useSearchParams } from 'react-router';
import { pageFromParam } from '../../components/use-list-params.ts';

const isStatus = (value: string | null): value is ContactInboxStatus =>
  (CONTACT_INBOX_STATUSES as readonly (string | null)[]).includes(value);

/** The inbox filter and page, kept in the URL (?status=unread&page=2); All is the default and not written. */
export function useInboxParams() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: ContactInboxStatus = isStatus(raw) ? raw : 'all';
  const page = pageFromParam(params.get('page'));

  function setStatus(next: ContactInboxStatus) {
    setParams((current) => {
      const nextParams = new URLSearchParams(current);
      if (next === 'all') nextParams.delete('status');
      else nextParams.set('status', next);
      nextParams.set('page', '1');
      return nextParams;
    });
  }

  function goTo(next: number) {
    setParams((current) => {
      const nextParams = new URLSearchParams(current);
      nextParams.set('page', String(next));
      return nextParams;
    });
  }

  return { status, page, setStatus, goTo };
}
