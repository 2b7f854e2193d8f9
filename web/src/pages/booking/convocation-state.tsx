import { useState } from 'react';
import type { BuyerView } from '../../../../shared/domain/planning';
import { imposedMessages } from '../../../../shared/messages/imposed';
import { errorMessage } from '../../api/api-error';
import { bookingIcsUrl } from '../../api/booking-queries';
import { useAnswerConvocationMutation } from '../../api/convocation-queries';
import { capitalize, formatDuration, parisLongDate, parisTime } from '../../components/booking/booking-dates';
import { formatAddress } from '../../components/booking/booking-form';
import { ContactCard } from '../../components/booking/contact-card';
import type { NoticeTone } from '../../components/booking/notice';
import { UnavailableForm } from '../../components/booking/unavailable-form';
import { bookingPageMessages, convocationPageMessages } from '../../../../shared/messages/booking-page';
import { DisabledState } from './booking-states';

/** 'Présence confirmée pour le rendez-vous du 07/12 à 09:00' (part 1 §2), in Paris time. */
function confirmedOn(start: string): string {
  const date = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit' }).format(new Date(start));
  return convocationPageMessages.confirmedOn(date, parisTime(start));
}

export interface ConvocationStateProps {
  view: BuyerView;
  onFlash: (flash: { tone: NoticeTone; text: string } | null) => void;
}

/** The visit the buyer is convened to: date, time, duration, address. */
function VisitFacts({ view }: { view: BuyerView }) {
  const { meeting, planning } = view;
  const address = formatAddress(planning.address);
  return (
    <>
      {meeting.start && (
        <p className="bk-when">
          <span className="bk-when__date">{capitalize(parisLongDate(meeting.start))}</span>
          <span className="bk-when__time">{bookingPageMessages.atTime(parisTime(meeting.start))}</span>
        </p>
      )}
      <dl className="bk-facts">
        <div>
          <dt>{bookingPageMessages.length}</dt>
          <dd>{formatDuration(meeting.length)}</dd>
        </div>
        <div>
          <dt>{bookingPageMessages.visit}</dt>
          <dd>{planning.phaseLabel}</dd>
        </div>
        {address && (
          <div>
            <dt>{bookingPageMessages.address}</dt>
            <dd>{address}</dd>
          </div>
        )}
      </dl>
    </>
  );
}

/**
 * /entrevue/{uuid} for an imposed planning (part 1 §2 'Imposed layout'): inactive; too late (come
 * on the given date); waiting ('CONFIRMER MA PRESENCE' or the force-majeure note, Envoyer/Retour);
 * unavailable (thank-you); confirmed (date, time, 'Ajouter au calendrier').
 */
export function ConvocationState({ view, onFlash }: ConvocationStateProps) {
  const answer = useAnswerConvocationMutation(view.planning._id, view.meeting.uuid);
  const [declaring, setDeclaring] = useState(false);

  function send(isAvailable: boolean, note?: string) {
    onFlash(null);
    answer.mutate(
      { isAvailable, note },
      {
        onSuccess: (result) => onFlash({ tone: 'success', text: result.message }),
        onError: (error) => onFlash({ tone: 'error', text: errorMessage(error) || imposedMessages.confirmFailed }),
      },
    );
  }

  switch (view.convocation) {
    case 'disabled':
      return <DisabledState view={view} />;
    case 'too-late':
      return (
        <div className="bk-card">
          <h1 className="bk-h1" tabIndex={-1}>
            {imposedMessages.tooLate}
          </h1>
          <p>{convocationPageMessages.comeAnyway}</p>
          <VisitFacts view={view} />
          <ContactCard contact={view.planning.contact} promoter={view.planning.promoter} />
        </div>
      );
    case 'unavailable':
      return (
        <div className="bk-card">
          <h1 className="bk-h1" tabIndex={-1}>
            {convocationPageMessages.thanksTitle}
          </h1>
          <p>{convocationPageMessages.thanks}</p>
          <ContactCard contact={view.planning.contact} promoter={view.planning.promoter} />
        </div>
      );
    case 'confirmed':
      return (
        <div className="bk-card bk-booked">
          <p className="bk-booked__tag">
            <span aria-hidden="true">✓</span> {convocationPageMessages.confirmedTag}
          </p>
          <h1 className="bk-h1" tabIndex={-1}>
            {view.meeting.start ? confirmedOn(view.meeting.start) : convocationPageMessages.confirmedTag}
          </h1>
          <VisitFacts view={view} />
          <div className="bk-actions">
            <a className="bk-btn bk-btn--primary" href={bookingIcsUrl(view.meeting.uuid)} download={bookingPageMessages.icsFileName}>
              {bookingPageMessages.addToCalendar}
            </a>
          </div>
        </div>
      );
    default:
      return declaring ? (
        <UnavailableForm pending={answer.isPending} onSubmit={(note) => send(false, note)} onCancel={() => setDeclaring(false)} />
      ) : (
        <div className="bk-card">
          <h1 className="bk-h1" tabIndex={-1}>
            {convocationPageMessages.title}
          </h1>
          <VisitFacts view={view} />
          <div className="bk-actions">
            <button type="button" className="bk-btn bk-btn--primary" disabled={answer.isPending} onClick={() => send(true)}>
              {convocationPageMessages.confirm}
            </button>
            <button type="button" className="bk-btn bk-btn--ghost" disabled={answer.isPending} onClick={() => setDeclaring(true)}>
              {convocationPageMessages.cannotCome}
            </button>
          </div>
        </div>
      );
  }
}
