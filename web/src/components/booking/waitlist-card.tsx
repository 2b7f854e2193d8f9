import type { BuyerWaitlist } from '../../../../shared/domain/waitlist';
import { waitlistMessages } from '../../../../shared/messages/waitlist';
import { errorMessage } from '../../api/api-error';
import { useAskWaitlistMutation, useLeaveWaitlistMutation, useTakeHeldStartMutation } from '../../api/waitlist-queries';
import { parisTime } from './booking-dates';
import type { NoticeTone } from './notice';

export interface WaitlistCardProps {
  uuid: string;
  waitlist: BuyerWaitlist;
  onFlash: (flash: { tone: NoticeTone; text: string } | null) => void;
}

/**
 * The earlier-slot waitlist on the booked page (docs/user-guide.md « Liste d'attente »): ask to be told, stop,
 * and, when a start is held for the buyer, 'Prendre ce créneau' until the hold ends.
 */
export function WaitlistCard({ uuid, waitlist, onFlash }: WaitlistCardProps) {
  const ask = useAskWaitlistMutation(uuid);
  const leave = useLeaveWaitlistMutation(uuid);
  const take = useTakeHeldStartMutation(uuid);
  const pending = ask.isPending || leave.isPending || take.isPending;
  const run = (mutation: typeof ask) => () => {
    onFlash(null);
    mutation.mutate(undefined, {
      onSuccess: (result) => onFlash({ tone: 'success', text: result.message }),
      onError: (error) => onFlash({ tone: 'error', text: errorMessage(error) }),
    });
  };
  const { hold } = waitlist;
  const button = (mutation: typeof ask, label: string, kind: 'primary' | 'secondary' | 'ghost') => (
    <button type="button" className={`bk-btn bk-btn--${kind}`} onClick={run(mutation)} disabled={pending}>
      {label}
    </button>
  );

  if (hold)
    return (
      <div className="bk-card bk-waitlist bk-waitlist--held" aria-labelledby="bk-waitlist-title">
        <h2 id="bk-waitlist-title" className="bk-h2">
          {waitlistMessages.heldStart(hold.label)}
        </h2>
        <p className="bk-waitlist__until">{waitlistMessages.heldUntil(parisTime(hold.until))}</p>
        <div className="bk-actions">
          {button(take, waitlistMessages.take, 'primary')}
          {button(leave, waitlistMessages.leave, 'ghost')}
        </div>
      </div>
    );

  return (
    <div className="bk-card bk-waitlist">
      {waitlist.asked && <p>{waitlistMessages.waiting}</p>}
      <div className="bk-actions">{waitlist.asked ? button(leave, waitlistMessages.leave, 'ghost') : button(ask, waitlistMessages.ask, 'secondary')}</div>
    </div>
  );
}
