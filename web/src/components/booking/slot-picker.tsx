import { useRef } from 'react';
import { bookingPageMessages } from '../../../../shared/messages/booking-page';
import { clampPage, DAYS_PER_PAGE, daysOfPage, pageCount, type SlotDay, type SlotOption } from './booking-dates';

export interface SlotPickerProps {
  days: SlotDay[];
  page: number;
  onPageChange: (page: number) => void;
  onPick: (option: SlotOption) => void;
}

/**
 * The offered slots grouped by day, 5 days a page (part 1 §2, §9), with précédent/suivant paging.
 * One column per day from tablet width up; stacked days on a phone.
 */
export function SlotPicker({ days, page, onPageChange, onPick }: SlotPickerProps) {
  const pages = pageCount(days.length);
  const current = clampPage(page, days.length);
  const shown = daysOfPage(days, current);
  const first = current * DAYS_PER_PAGE + 1;
  const last = first + shown.length - 1;
  const sectionRef = useRef<HTMLElement>(null);
  // The bottom button: on a phone the five days are stacked, so the next page starts at the top.
  const nextFromBottom = () => {
    onPageChange(current + 1);
    sectionRef.current?.scrollIntoView({ block: 'start' });
  };
  return (
    <section className="bk-slots" aria-labelledby="bk-slots-title" ref={sectionRef}>
      <h2 id="bk-slots-title" className="bk-h2">
        {bookingPageMessages.slotsTitle}
      </h2>
      {pages > 1 && (
        <nav className="bk-pager" aria-label={bookingPageMessages.pagerLabel}>
          <button type="button" className="bk-btn bk-btn--ghost bk-pager__btn" onClick={() => onPageChange(current - 1)} disabled={current === 0}>
            <span aria-hidden="true">‹</span> {bookingPageMessages.previous}
          </button>
          <span className="bk-pager__status" aria-live="polite">
            {bookingPageMessages.pagerStatus(first, last, days.length)}
          </span>
          <button type="button" className="bk-btn bk-btn--ghost bk-pager__btn" onClick={() => onPageChange(current + 1)} disabled={current >= pages - 1}>
            {bookingPageMessages.next} <span aria-hidden="true">›</span>
          </button>
        </nav>
      )}
      <div className="bk-days">
        {shown.map((day) => (
          <div key={day.key} className="bk-day" role="group" aria-labelledby={`bk-day-${day.key}`} data-day={day.key}>
            <h3 id={`bk-day-${day.key}`} className="bk-day__title">
              <span className="bk-day__weekday">{day.weekday}</span> <span className="bk-day__date">{day.dayMonth}</span>
              <span className="bk-sr"> ({day.label})</span>
            </h3>
            <ul className="bk-times">
              {day.times.map(({ time, option }) => (
                <li key={option.startDate}>
                  <button type="button" className="bk-time" onClick={() => onPick(option)} aria-label={bookingPageMessages.dayAtTime(day.label, time)}>
                    {time}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      {current < pages - 1 && (
        <button type="button" className="bk-btn bk-btn--secondary bk-pager__more" onClick={nextFromBottom}>
          {bookingPageMessages.moreDays} <span aria-hidden="true">›</span>
        </button>
      )}
    </section>
  );
}
