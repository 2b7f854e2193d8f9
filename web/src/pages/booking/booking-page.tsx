import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { BuyerView } from '../../../../shared/domain/planning';
import { defaultProgramColors } from '../../../../shared/domain/program-colors';
import { errorMessage, isApiError } from '../../api/api-error';
import { bookingQueries, useCancelBookingMutation, useSetAvailabilityMutation } from '../../api/booking-queries';
import { BookingHeader } from '../../components/booking/booking-header';
import { optimisticAvailability } from '../../components/booking/booking-form';
import { Notice, Spinner, type NoticeTone } from '../../components/booking/notice';
import { PersonalDataRequest } from '../../components/booking/personal-data-request';
import { BookedState } from './booked-state';
import { ClosedState, DisabledState, LoadErrorState, NotFoundState, UnavailableState } from './booking-states';
import { ChoiceState } from './choice-state';
import { ConvocationState } from './convocation-state';
import { bookingMessages } from '../../../../shared/messages/booking';
import { bookingPageMessages } from '../../../../shared/messages/booking-page';
import './booking-page.css';

type Flash = { tone: NoticeTone; text: string } | null;

/**
 * Public buyer booking page /entrevue/{uuid} (part 1 §2, §4): opened from an SMS on a phone, so
 * plain React and one CSS file, no Cloudscape. Loading, then not found, disabled, closed, booked,
 * choice or unavailable.
 */
export function BookingPage({ uuid }: { uuid: string }) {
  const query = useQuery(bookingQueries.view(uuid));
  const [flash, setFlash] = useState<Flash>(null);

  useEffect(() => {
    document.title = bookingPageMessages.pageTitle;
  }, []);

  let content;
  if (query.isPending) content = <Spinner />;
  else if (query.isError) {
    // A damaged link (400) is as unknown as a missing one (404): retrying can never help (part 1 §2, §8).
    content =
      isApiError(query.error, 404) || isApiError(query.error, 400) ? (
        <NotFoundState />
      ) : (
        <LoadErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      );
  } else {
    content = <BuyerViewContent view={query.data} fetching={query.isFetching} flash={flash} setFlash={setFlash} reload={() => query.refetch()} />;
  }

  return (
    <div className="bk" style={{ '--bk-accent': query.data?.planning.color ?? defaultProgramColors[0] } as CSSProperties}>
      {query.data && <BookingHeader view={query.data} />}
      <main className="bk-main">{content}</main>
      <footer className="bk-footer">
        {query.data && <PersonalDataRequest uuid={query.data.meeting.uuid} />}
        <p className="bk-footer__brand">{bookingPageMessages.footerBrand}</p>
      </footer>
    </div>
  );
}

interface BuyerViewContentProps {
  view: BuyerView;
  fetching: boolean;
  flash: Flash;
  setFlash: (flash: Flash) => void;
  reload: () => Promise<unknown>;
}

function BuyerViewContent({ view, fetching, flash, setFlash, reload }: BuyerViewContentProps) {
  const availability = useSetAvailabilityMutation(view.planning._id, view.meeting.uuid);
  const cancel = useCancelBookingMutation(view.meeting.uuid);
  const firstState = useRef(true);

  // Moves the focus to the new state's title (screen readers hear the change), not on first display.
  useEffect(() => {
    if (firstState.current) {
      firstState.current = false;
      return;
    }
    document.querySelector<HTMLElement>('.bk-main .bk-h1')?.focus();
  }, [view.state]);

  function setAvailable(isAvailable: boolean, note?: string) {
    availability.mutate(
      { isAvailable, note, optimistic: optimisticAvailability(view, isAvailable, note, Date.now()) },
      {
        onSuccess: (result) => setFlash({ tone: 'success', text: result.message ?? bookingMessages.availabilitySaved }),
        onError: () => setFlash({ tone: 'error', text: bookingPageMessages.updateFailed }),
      },
    );
  }

  function cancelBooking() {
    setFlash(null);
    cancel.mutate(undefined, {
      onSuccess: (result) => {
        setFlash({ tone: 'success', text: result.message });
        void reload();
      },
      onError: (error) => {
        setFlash({ tone: 'error', text: errorMessage(error) });
        if (isApiError(error, 409)) void reload();
      },
    });
  }

  let body;
  // part 1 §2 imposed layout: an imposed planning shows the convocation layout instead.
  if (view.convocation) body = <ConvocationState view={view} onFlash={setFlash} />;
  else
    switch (view.state) {
      case 'disabled':
        body = <DisabledState view={view} />;
        break;
      case 'closed':
        body = <ClosedState view={view} />;
        break;
      case 'booked':
        body = <BookedState view={view} cancelling={cancel.isPending} onCancel={cancelBooking} onFlash={setFlash} />;
        break;
      case 'unavailable':
        body = <UnavailableState view={view} pending={availability.isPending} onAvailable={() => setAvailable(true)} />;
        break;
      case 'choice':
        body = (
          <ChoiceState
            view={view}
            slotsLoading={(fetching || availability.isPending) && view.options.length === 0}
            availabilityPending={availability.isPending}
            onFlash={setFlash}
            onReload={reload}
            onUnavailable={(note) => setAvailable(false, note)}
          />
        );
        break;
    }

  return (
    <>
      {flash && (
        <Notice tone={flash.tone} onDismiss={() => setFlash(null)}>
          {flash.text}
        </Notice>
      )}
      {body}
    </>
  );
}
