import { useEffect, useMemo, useRef, useState } from 'react';
import type { BuyerView } from '../../../../shared/domain/planning';
import { messages } from '../../../../shared/messages/common';
import { bookingMessages } from '../../../../shared/messages/booking';
import { isApiError, errorMessage } from '../../api/api-error';
import { useBookSlotMutation } from '../../api/booking-queries';
import {
  capitalize,
  formatDuration,
  groupOptionsByParisDay,
  pageOfDay,
  parisDateTime,
  parisSlotLabel,
  parisTime,
  type SlotOption,
} from '../../components/booking/booking-dates';
import {
  askedQuestions,
  buildBookRequest,
  emptyAnswers,
  hasVisitorErrors,
  vrSurveyMissing,
  toVisitor,
  type BookingAnswers,
  type VisitorDraft,
  type VisitorErrors,
} from '../../components/booking/booking-form';
import { BookingQuestions } from '../../components/booking/booking-questions';
import { ContactCard } from '../../components/booking/contact-card';
import { Spinner, type NoticeTone } from '../../components/booking/notice';
import { SlotPicker } from '../../components/booking/slot-picker';
import { UnavailableForm } from '../../components/booking/unavailable-form';
import { bookingPageMessages } from '../../../../shared/messages/booking-page';

/** The visitors' check and zod with it, fetched only once a buyer adds a visitor: the page's first load stays light on a phone. */
const visitorValidation = () => import('../../components/booking/visitor-validation');

async function checkVisitors(visitors: readonly VisitorDraft[]): Promise<VisitorErrors[]> {
  return visitors.length ? (await visitorValidation()).validateVisitors(visitors.map(toVisitor)) : [];
}

/** Reload after a failed booking (part 1 §8, §9). */
const BOOKING_FAILURE_RELOAD_MS = 1500;

export interface ChoiceStateProps {
  view: BuyerView;
  /** Fresh slots are on their way (after "finalement disponible(s)"). */
  slotsLoading: boolean;
  availabilityPending: boolean;
  onFlash: (flash: { tone: NoticeTone; text: string } | null) => void;
  /** Reads the view again (fresh slots, new state). */
  onReload: () => Promise<unknown>;
  onUnavailable: (note: string) => void;
}

/** Choice of a slot in a free planning, the optional questions, Valider / Retour, or unavailability. */
export function ChoiceState({ view, slotsLoading, availabilityPending, onFlash, onReload, onUnavailable }: ChoiceStateProps) {
  const { meeting, planning } = view;
  const days = useMemo(() => groupOptionsByParisDay(view.options), [view.options]);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<SlotOption | null>(null);
  const [answers, setAnswers] = useState<BookingAnswers>(emptyAnswers);
  const [visitorErrors, setVisitorErrors] = useState<VisitorErrors[]>([]);
  const [vrTried, setVrTried] = useState(false);
  const [unavailableOpen, setUnavailableOpen] = useState(false);
  const book = useBookSlotMutation(planning._id);
  const reloadTimer = useRef<number | undefined>(undefined);
  const summaryRef = useRef<HTMLHeadingElement>(null);
  const asked = askedQuestions(planning.questions, meeting.maxVisitorsNb);

  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);
  useEffect(() => {
    if (selected) summaryRef.current?.focus();
  }, [selected]);

  function pick(option: SlotOption) {
    onFlash(null);
    setSelected(option);
  }

  function back() {
    setSelected(null);
    setVisitorErrors([]);
    setVrTried(false);
    setPage(pageOfDay(days, selected ? days.find((day) => day.times.some((time) => time.option.startDate === selected.startDate))?.key : undefined));
  }

  function updateAnswers(next: BookingAnswers) {
    setAnswers(next);
    if (next.visitors.length) void visitorValidation();
    // Errors shown after Valider are updated as the buyer types; none appear before.
    if (visitorErrors.length) void checkVisitors(next.visitors).then(setVisitorErrors);
  }

  async function submit() {
    if (!selected) return;
    onFlash(null);
    const errors = asked.visitors ? await checkVisitors(answers.visitors) : [];
    setVisitorErrors(errors);
    setVrTried(true);
    if (hasVisitorErrors(errors) || vrSurveyMissing(asked, answers)) {
      onFlash({ tone: 'error', text: messages.formInvalid });
      return;
    }
    try {
      const result = await book.mutateAsync(buildBookRequest(view, selected, answers));
      onFlash({ tone: 'success', text: result.message });
      await onReload();
    } catch (error) {
      onFlash({ tone: 'error', text: errorMessage(error) });
      if (isApiError(error, 400)) return;
      if (isApiError(error, 409)) {
        // The slot was just taken (or the meeting changed): fresh slots at once.
        setSelected(null);
        await onReload();
        return;
      }
      reloadTimer.current = window.setTimeout(() => {
        setSelected(null);
        void onReload();
      }, BOOKING_FAILURE_RELOAD_MS);
    }
  }

  if (unavailableOpen) {
    return (
      <UnavailableForm
        pending={availabilityPending}
        onCancel={() => setUnavailableOpen(false)}
        onSubmit={(note) => {
          onFlash(null);
          onUnavailable(note);
        }}
      />
    );
  }

  if (selected) {
    const end = new Date(Date.parse(selected.startDate) + meeting.length).toISOString();
    return (
      <div className="bk-stack">
        <div className="bk-card bk-selected">
          <p className="bk-muted">{bookingPageMessages.chosenSlot}</p>
          <h1 className="bk-h1" tabIndex={-1} ref={summaryRef}>
            {capitalize(parisSlotLabel(selected.startDate))}
          </h1>
          <p className="bk-muted">{bookingPageMessages.chosenEnd(parisTime(end), formatDuration(meeting.length))}</p>
        </div>
        <form
          className="bk-card"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <BookingQuestions
            asked={asked}
            maxVisitorsNb={meeting.maxVisitorsNb}
            answers={answers}
            onChange={updateAnswers}
            visitorErrors={visitorErrors}
            vrError={vrTried && vrSurveyMissing(asked, answers) ? bookingMessages.vrSurveyRequired : undefined}
          />
          <div className="bk-actions">
            <button type="submit" className="bk-btn bk-btn--primary" disabled={book.isPending}>
              {book.isPending ? bookingPageMessages.booking : bookingPageMessages.validate}
            </button>
            <button type="button" className="bk-btn bk-btn--ghost" onClick={back} disabled={book.isPending}>
              {bookingPageMessages.back}
            </button>
          </div>
        </form>
      </div>
    );
  }

  return (
    <div className="bk-stack">
      <div className="bk-intro">
        <h1 className="bk-h1" tabIndex={-1}>
          {bookingPageMessages.chooseTitle}
        </h1>
        <p>{bookingPageMessages.chooseIntro(meeting.guestName, formatDuration(meeting.length))}</p>
        <p className="bk-muted">{bookingPageMessages.deadline(parisDateTime(planning.bookingDeadline))}</p>
      </div>

      {slotsLoading ? (
        <Spinner label={bookingPageMessages.slotsLoading} />
      ) : days.length ? (
        <SlotPicker days={days} page={page} onPageChange={setPage} onPick={pick} />
      ) : (
        <div className="bk-card">
          <p>{bookingPageMessages.noSlots}</p>
          <ContactCard contact={planning.contact} promoter={planning.promoter} />
        </div>
      )}

      <p className="bk-unavailable-link">
        {bookingPageMessages.noDateSuits}{' '}
        <button type="button" className="bk-linkbtn" onClick={() => setUnavailableOpen(true)}>
          {bookingPageMessages.unavailableLink}
        </button>{' '}
        {bookingPageMessages.unavailableLinkEnd}
      </p>
    </div>
  );
}
