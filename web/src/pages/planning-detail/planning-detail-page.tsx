import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { imposedMessages } from '../../../../shared/domain/imposed-planning';
import { ImposedSummary } from './imposed-summary';
import type { Meeting } from '../../../../shared/domain/planning';
import { errorMessage, isApiError } from '../../api/api-error';
import { planningDetailQueries, usePlanningAction } from '../../api/planning-detail-queries';
import { planningQueries } from '../../api/planning-queries';
import { usePlanningChanges, usePlanningCursor } from '../../api/planning-live';
import { notify } from '../../app/notifications-store';
import { useSession } from '../../app/session-store';
import { PageLoading } from '../../components/page-loading';
import { useProgram } from '../programs/use-program';
import { CalendarSection } from './calendar-section';
import type { DetailDialog } from './planning-dialogs';
import { WaveProgressPanel } from '../../components/planning-detail/wave-progress-panel';
import { WaitlistPanel } from '../../components/planning-detail/waitlist-panel';
import { PlanningHeader, type HeaderAction } from './planning-header';
import { bulkRefusal } from '../../../../shared/rules/bulk-selection';
import { amoColor, amoName } from './planning-detail-config';
import { detailMessages } from '../../../../shared/messages/planning-actions';
import { ParticipantsTable } from './participants-table';
import { PlanningSummary } from './planning-summary';
import { AmoElsewherePanel } from './amo-elsewhere-panel';
import { useVisitDialogs } from '../virtual-visits/use-visit-dialogs';
import { afterPaintAndIdle, loadOnce } from '../../components/after-first-screen';
import { useParticipantsShown } from './use-participants-shown';
import { usePageTitle } from '../../app/use-page-title';
import { DeletionTab, usePlanningDeletion } from './planning-deletion-tab';
import { planningPageCommon, planningPageMessages } from '../../../../shared/messages/planning-detail';
import { screenNames } from '../../../../shared/messages/navigation';

// The page's dialogs (their modals, forms and date pickers) are not on its first screen: fetched
// and compiled once its first rows are painted, or when one opens (docs/performance.md « Big programs »).
const loadDialogs = loadOnce(() => import('./planning-dialogs'));
const loadVisitDialogs = loadOnce(() => import('../virtual-visits/planning-visit-dialogs'));
const PlanningDialogs = lazy(() => loadDialogs().then((module) => ({ default: module.PlanningDialogs })));
const PlanningVisitDialogs = lazy(() => loadVisitDialogs().then((module) => ({ default: module.PlanningVisitDialogs })));

/**
 * /projets/{programId}/plannings-libres/{planningId} (part 2 §2.6): the free planning's
 * header and buttons, summary, participants with their bulk actions, and calendar. The page reads
 * what it shows (docs/architecture.md « Live staff screens »): the planning and its figures, a page
 * of participants, the calendar's range; never the whole planning.
 */
export function PlanningDetailPage() {
  const { planningId = '' } = useParams();
  // part 2 §2.5, §2.7: the same page serves /plannings-imposes/{id} ('Planning imposé non trouvé').
  const imposedRoute = useLocation().pathname.includes('/plannings-imposes/');
  const { programId } = useProgram();
  const { role } = useSession();
  // The changes cursor is opened before the page's first reads: whatever they hold, it points before.
  const cursor = usePlanningCursor(planningId);
  const detail = useQuery({ ...planningDetailQueries.summary(planningId), enabled: cursor.isSuccess });
  const planning = detail.data?.planning;
  // Bookings, cancellations and the other staff members' changes show within seconds.
  usePlanningChanges(planningId, detail.isSuccess);
  usePageTitle(planning?.name ?? (imposedRoute ? screenNames.imposedPlanning : screenNames.freePlanning));
  // the team's names are shown even when the AMOs are not tied to columns. They come with the
  // summary; an AMO added since (a live change of the planning) is read by itself.
  const amoIds = planning?.amoList ?? [];
  const summaryTeam = detail.data?.team;
  const unnamed = amoIds.filter((id) => !summaryTeam?.some((amo) => amo._id === id));
  const added = useQuery({ ...planningQueries.amos(unnamed), enabled: !!summaryTeam && unnamed.length > 0 });
  const team = useMemo(() => [...(summaryTeam ?? []), ...(added.data ?? [])], [summaryTeam, added.data]);
  // part 2 §2.5, §2.7: an imposed planning has no slot grid to read (staff chose every time): its hours come from its days.
  const imposed = planning?.templateType === 'promoterImpose';
  const availabilities = useQuery({ ...planningDetailQueries.availabilities(planningId), enabled: !!planning && !imposed });
  const action = usePlanningAction(planningId);
  const [dialog, setDialog] = useState<DetailDialog | null>(null);
  const calendarRef = useRef<HTMLDivElement>(null);
  const visitDialogs = useVisitDialogs();
  const deletion = usePlanningDeletion({ id: planningId, name: planning?.name ?? '' }, programId, role === 'administrator');
  const participantsShown = useParticipantsShown(planningId);
  useEffect(
    () => (participantsShown ? afterPaintAndIdle(() => void Promise.all([loadDialogs(), loadVisitDialogs()]).catch(() => undefined)) : undefined),
    [participantsShown],
  );

  // Columns carry a name only when AMOs are assigned to them; otherwise column n is not amoList[n].
  const assigned = !!planning?.areAmosAssigned;
  const amoNames = useMemo(
    () => (assigned ? Object.fromEntries(team.map((amo) => [amo._id, `${amo.firstname} ${amo.lastname}`.trim()])) : {}),
    [team, assigned],
  );
  const amoLabel = useMemo(() => (amoNb: number | null) => (planning ? amoName(planning, amoNb, amoNames) : '—'), [planning, amoNames]);
  const refresh = useCallback(() => void detail.refetch(), [detail]);

  const failure = cursor.error ?? detail.error;
  // A planning being deleted is hidden (its reads answer 404) from the start of its deletion: its
  // page shows the deletion's progress until the list opens, under the options modal while it is open.
  if (deletion.underway && (dialog?.kind !== 'options' || !planning))
    return (
      <Box padding={{ vertical: 'xl' }}>
        <DeletionTab planningName={planning?.name ?? ''} {...deletion} />
      </Box>
    );
  if (!failure && (cursor.isPending || detail.isPending)) return <PageLoading />;
  if ((failure && !deletion.underway) || !planning || !detail.data) {
    const notFound = isApiError(failure, 404) || isApiError(failure, 400);
    return (
      <Box padding={{ vertical: 'xl' }}>
        <Alert
          type={notFound ? 'warning' : 'error'}
          header={notFound ? (imposedRoute ? imposedMessages.notFound : detailMessages.notFound) : detailMessages.loadFailed}
          action={
            notFound ? (
              <Button href={`/projets/${encodeURIComponent(programId)}/plannings`}>{planningPageMessages.backToPlannings}</Button>
            ) : (
              <Button onClick={() => void (cursor.isError ? cursor.refetch() : detail.refetch())}>{planningPageCommon.retry}</Button>
            )
          }
        >
          {notFound ? planningPageMessages.notFoundHelp : errorMessage(failure)}
        </Alert>
      </Box>
    );
  }

  const { figures } = detail.data;
  const onHeaderAction = (headerAction: HeaderAction) => {
    if (headerAction === 'calendar') {
      calendarRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      calendarRef.current?.focus({ preventScroll: true });
      return;
    }
    if (headerAction === 'share-email' || headerAction === 'share-sms' || headerAction === 'share-link') {
      return setDialog({ kind: 'share', channel: headerAction === 'share-email' ? 'email' : headerAction === 'share-sms' ? 'sms' : 'link' });
    }
    setDialog({ kind: headerAction });
  };

  const onVisitAction = (kind: 'edit' | 'history' | 'cancel' | 'book' | 'remove', meeting: Meeting) => {
    if (kind === 'book' || kind === 'remove') return setDialog({ kind, meeting });
    setDialog({ kind, meeting });
  };

  return (
    <ContentLayout
      header={
        <PlanningHeader planning={planning} isAdmin={role === 'administrator'} refreshing={detail.isFetching} onAction={onHeaderAction} onRefresh={refresh} />
      }
    >
      <SpaceBetween size="l">
        {imposed && <ImposedSummary figures={figures} />}
        <PlanningSummary planning={planning} figures={figures} amos={team} />
        {planning.areAmosAssigned ? <AmoElsewherePanel planningId={planningId} /> : null}
        <WaveProgressPanel planningId={planningId} />
        {!imposed && <WaitlistPanel waiting={figures.waitlist} total={figures.waitlistTotal} />}
        <ParticipantsTable
          planning={planning}
          amoNames={amoNames}
          onRowAction={onVisitAction}
          onSelectionAction={(selectionAction, selection) => {
            if (selectionAction === 'custom-mail' || selectionAction === 'notifications') return setDialog({ kind: selectionAction, selection });
            if (selectionAction === 'send-vr' || selectionAction === 'create-vr' || selectionAction === 'remove-vr')
              return visitDialogs.open(selectionAction, selection);
            const refusal = bulkRefusal(selectionAction, selection, imposed);
            if (refusal) return void notify({ type: 'error', header: detailMessages.invalidSelection, content: refusal });
            setDialog({ kind: 'bulk', action: selectionAction, selection });
          }}
          onAddBuyer={() => setDialog({ kind: 'add' })}
        />
        <CalendarSection
          ref={calendarRef}
          planning={planning}
          grid={availabilities.data?.grid}
          colorOf={amoColor}
          amoLabel={amoLabel}
          run={action.run}
          pending={action.isPending}
          onVisitAction={onVisitAction}
        />
      </SpaceBetween>
      <Suspense fallback={null}>
        {dialog ? (
          <PlanningDialogs
            dialog={dialog}
            planning={planning}
            programId={programId}
            amoLabel={amoLabel}
            availabilities={availabilities.data}
            isAdmin={role === 'administrator'}
            action={action}
            deletion={deletion}
            onChange={setDialog}
          />
        ) : null}
        {visitDialogs.dialog ? <PlanningVisitDialogs planningId={planningId} state={visitDialogs} /> : null}
      </Suspense>
    </ContentLayout>
  );
}
