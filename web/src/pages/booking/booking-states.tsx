import type { BuyerView } from '../../../../shared/domain/planning';
import { ContactCard } from '../../components/booking/contact-card';
import { quitPage } from '../../components/quit-page';
import { bookingMessages } from '../../../../shared/messages/booking';
import { bookingPageMessages } from '../../../../shared/messages/booking-page';

export function NotFoundState() {
  return (
    <div className="bk-result">
      <span className="bk-result__icon" aria-hidden="true">
        ?
      </span>
      <h1 className="bk-h1" tabIndex={-1}>
        {bookingMessages.notFound}
      </h1>
      <p className="bk-muted">{bookingPageMessages.vpnNote}</p>
      <button type="button" className="bk-btn bk-btn--primary" onClick={quitPage}>
        {bookingPageMessages.quit}
      </button>
    </div>
  );
}

export function LoadErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="bk-result">
      <span className="bk-result__icon bk-result__icon--warning" aria-hidden="true">
        !
      </span>
      <h1 className="bk-h1" tabIndex={-1}>
        {bookingPageMessages.loadFailedTitle}
      </h1>
      <p role="alert" className="bk-muted">
        {message}
      </p>
      <button type="button" className="bk-btn bk-btn--primary" onClick={onRetry}>
        {bookingPageMessages.retry}
      </button>
    </div>
  );
}

export function DisabledState({ view }: { view: BuyerView }) {
  return (
    <div className="bk-card">
      <h1 className="bk-h1" tabIndex={-1}>
        {bookingPageMessages.disabledTitle}
      </h1>
      <p>{bookingPageMessages.disabled} :</p>
      <ContactCard contact={view.planning.contact} promoter={view.planning.promoter} />
    </div>
  );
}

export function ClosedState({ view }: { view: BuyerView }) {
  return (
    <div className="bk-card">
      <h1 className="bk-h1" tabIndex={-1}>
        {bookingMessages.closed}
      </h1>
      <p className="bk-muted">{bookingPageMessages.closedContact}</p>
      <ContactCard contact={view.planning.contact} promoter={view.planning.promoter} />
    </div>
  );
}

export interface UnavailableStateProps {
  view: BuyerView;
  pending: boolean;
  onAvailable: () => void;
}

export function UnavailableState({ view, pending, onAvailable }: UnavailableStateProps) {
  return (
    <div className="bk-card">
      <h1 className="bk-h1" tabIndex={-1}>
        {bookingPageMessages.unavailableTitle}
      </h1>
      <p>{bookingPageMessages.unavailableText}</p>
      {view.meeting.note && (
        <figure className="bk-quote">
          <figcaption className="bk-muted">{bookingPageMessages.yourNote}</figcaption>
          <blockquote>{view.meeting.note}</blockquote>
        </figure>
      )}
      <div className="bk-actions">
        <button type="button" className="bk-btn bk-btn--secondary" onClick={onAvailable} disabled={pending}>
          {bookingPageMessages.availableAgain}
        </button>
      </div>
      <p className="bk-muted">{bookingPageMessages.questionContact}</p>
      <ContactCard contact={view.planning.contact} promoter={view.planning.promoter} />
    </div>
  );
}
