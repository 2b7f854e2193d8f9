import { useState } from 'react';
import type { BuyerView } from '../../../../shared/domain/planning';
import { bookingIcsUrl } from '../../api/booking-queries';
import { capitalize, formatDuration, parisLongDate, parisTime } from '../../components/booking/booking-dates';
import { formatAddress, mapsUrl } from '../../components/booking/booking-form';
import { ContactCard } from '../../components/booking/contact-card';
import type { NoticeTone } from '../../components/booking/notice';
import { WaitlistCard } from '../../components/booking/waitlist-card';
import { bookingPageMessages } from '../../../../shared/messages/booking-page';
import { bookingMessages } from '../../../../shared/messages/booking';

export interface BookedStateProps {
  view: BuyerView;
  cancelling: boolean;
  onCancel: () => void;
  onFlash: (flash: { tone: NoticeTone; text: string } | null) => void;
}

/** The booked appointment (Paris time), its place, a calendar file and the cancel action (part 1 §2). */
export function BookedState({ view, cancelling, onCancel, onFlash }: BookedStateProps) {
  const { meeting, planning } = view;
  const [confirming, setConfirming] = useState(false);
  const start = meeting.start;
  const end = meeting.end ?? (start ? new Date(Date.parse(start) + meeting.length).toISOString() : null);
  const address = formatAddress(planning.address);

  return (
    <div className="bk-stack">
      <div className="bk-card bk-booked">
        <p className="bk-booked__tag">
          <span aria-hidden="true">✓</span> {bookingPageMessages.bookedTag}
        </p>
        <h1 className="bk-h1" tabIndex={-1}>
          {bookingPageMessages.bookedTitle}
        </h1>
        {start && end ? (
          <p className="bk-when">
            <span className="bk-when__date">{capitalize(parisLongDate(start))}</span>
            <span className="bk-when__time">{bookingPageMessages.timeRange(parisTime(start), parisTime(end))}</span>
          </p>
        ) : (
          <p className="bk-muted">{bookingPageMessages.timeToCome}</p>
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
              <dd>
                {address}
                <br />
                <a className="bk-link" href={mapsUrl(planning.address)} target="_blank" rel="noopener noreferrer">
                  {bookingPageMessages.seeOnMap}
                </a>
              </dd>
            </div>
          )}
        </dl>
        {start && (
          <div className="bk-actions">
            <a className="bk-btn bk-btn--primary" href={bookingIcsUrl(meeting.uuid)} download={bookingPageMessages.icsFileName}>
              {bookingPageMessages.addToCalendar}
            </a>
          </div>
        )}
      </div>

      {view.waitlist && !meeting.forced && <WaitlistCard uuid={meeting.uuid} waitlist={view.waitlist} onFlash={onFlash} />}

      {meeting.forced ? (
        <div className="bk-card">
          <p>{bookingMessages.forced}</p>
          <ContactCard contact={planning.contact} promoter={planning.promoter} />
        </div>
      ) : confirming ? (
        <div className="bk-card bk-confirm" role="alertdialog" aria-labelledby="bk-confirm-title" aria-describedby="bk-confirm-text">
          <h2 id="bk-confirm-title" className="bk-h2">
            {bookingPageMessages.cancelConfirmTitle}
          </h2>
          <p id="bk-confirm-text">
            {bookingPageMessages.cancelConfirmText(start ? bookingPageMessages.dayAtTime(parisLongDate(start), parisTime(start)) : undefined)}
          </p>
          <div className="bk-actions">
            <button type="button" className="bk-btn bk-btn--danger" onClick={onCancel} disabled={cancelling} autoFocus>
              {cancelling ? bookingPageMessages.cancelling : bookingPageMessages.cancelConfirm}
            </button>
            <button type="button" className="bk-btn bk-btn--ghost" onClick={() => setConfirming(false)} disabled={cancelling}>
              {bookingPageMessages.cancelKeep}
            </button>
          </div>
        </div>
      ) : (
        <div className="bk-actions bk-actions--center">
          <button type="button" className="bk-btn bk-btn--ghost bk-btn--danger-text" onClick={() => setConfirming(true)}>
            {bookingPageMessages.cancel}
          </button>
        </div>
      )}
    </div>
  );
}
