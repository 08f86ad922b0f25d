import { CODE_DELIVERIES, CODE_DELIVERY_MSG } from '@bagshop/shared/code-delivery';
import type { CodeSentAnswer } from '@bagshop/shared/schemas/auth';
import { toast } from 'react-toastify';

/** How a registration code travelled, as POST register and resend-otp answer it (`mailbox`: the development mailbox). */
export type CodeTravel = Pick<CodeSentAnswer, 'delivery' | 'mailbox'>;

/** The travel a screen was opened with (navigation state), or null when it was opened some other way. */
export function codeTravelOf(state: unknown): CodeTravel | null {
  const travel = state as Partial<CodeTravel> | null;
  const delivery = CODE_DELIVERIES.find((d) => d === travel?.delivery);
  if (!delivery) return null;
  return typeof travel?.mailbox === 'string' ? { delivery, mailbox: travel.mailbox } : { delivery };
}

/**
 * Where the code is, in a sentence: "sent" only when a mail went out; otherwise where to find it, with a link to the
 * development mailbox when it waits there (docs/decisions/057-registration-says-what-happened.md).
 */
export function CodeWhereabouts({ travel }: { travel: CodeTravel }) {
  return (
    <>
      {CODE_DELIVERY_MSG[travel.delivery]}
      {travel.delivery === 'devMailbox' && travel.mailbox ? (
        <>
          {' '}
          {/* A server page, not a route of the app; a new tab keeps the code boxes where they are. */}
          <a href={travel.mailbox} target="_blank" rel="noopener">
            {CODE_DELIVERY_MSG.openDevMailbox}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </>
      ) : null}
    </>
  );
}

/** Says in a toast where the code just asked for is. */
export function toastCodeTravel(travel: CodeTravel) {
  toast.info(<CodeWhereabouts travel={travel} />);
}
