import ContentLayout from '@cloudscape-design/components/content-layout';
import Grid from '@cloudscape-design/components/grid';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { SimulationData, SimulationOutput } from '../../../../shared/scheduling/schemas';
import { ApiError, errorMessage, isAnswerLost, isApiError } from '../../api/api-error';
import { noSolutionDetails, noSolutionOfOperation, planningQueries, useSimulationMutation } from '../../api/planning-queries';
import type { ProgramDetail } from '../../api/program-queries';
import type { LotPick } from '../../api/lot-queries';
import { ProgramLotsGate } from './program-lots-gate';
import { dismiss, notify } from '../../app/notifications-store';
import { HoursBar } from '../../components/plannings/hours-bar';
import { HoursPanel } from '../../components/plannings/hours-panel';
import { useElementWidth } from '../../components/use-element-width';
import { NoSolutionModal } from '../../components/plannings/no-solution-modal';
import { SimulationDrawer } from '../../components/plannings/simulation-drawer';
import { AmoSection } from './amo-section';
import { BuyersSection } from './buyers-section';
import { CancelCreationModal } from './cancel-creation-modal';
import { CreationDraftGate, CreationHeader, CreationSection } from './creation-frame';
import { PlanningCreationProgress, usePlanningCreation } from './planning-creation';
import { ContactSection } from './contact-section';
import { DurationSection } from './duration-section';
import { canCreate, defaultForm, hasLunch, simulationBody, simulationRefusal, type FreePlanningForm } from './free-planning-config';
import { simulationMessages } from '../../../../shared/messages/plannings';
import { draftDataOf, formFromDraft } from './free-planning-draft';
import { sectionOf as sectionOfKey, validateFreePlanning, type FormErrors } from './free-planning-validation';
import { creationMessages } from '../../../../shared/messages/plannings';
import { LunchSection } from './lunch-section';
import { MessagesSection } from './messages-section';
import { PlanningSettingsSection } from './planning-settings-section';
import { QuestionsSection } from './questions-section';
import { useDraftSaving } from './use-draft-saving';
import { useFreePlanningForm } from './use-free-planning-form';
import { VirtualVisitSection } from './virtual-visit-section';
import { VisitDaysSection } from './visit-days-section';
import { creationPageMessages } from '../../../../shared/messages/planning-creation';

export const PAGE_TITLE = creationPageMessages.freeTitle;

/** Notification ids of the two simulation refusals, dismissed when their cause is gone. */
const refusalNotice = 'free-planning-refusal';
const buyersNotice = 'free-planning-buyers';

/**
 * /projets/{programId}/plannings/nouveau (part 2 §2.4): the free planning creation form. With
 * ?id= a saved draft is loaded first ('Impossible de charger le brouillon.').
 */
export function FreePlanningPage() {
  return (
    <CreationDraftGate>
      {(program, draftData, draftId) => {
        const base = defaultForm(program);
        const initial = draftData ? formFromDraft(draftData, base) : base;
        return (
          <ProgramLotsGate programId={program._id}>
            {(lots) => <FreePlanningEditor key={draftId ?? 'new'} program={program} lots={lots} initial={initial} draftId={draftId} />}
          </ProgramLotsGate>
        );
      }}
    </CreationDraftGate>
  );
}

interface EditorProps {
  program: ProgramDetail;
  /** The program's lots, in the picker's view (ProgramLotsGate). */
  lots: LotPick[];
  initial: FreePlanningForm;
  draftId?: string;
}

const sectionTitles = creationPageMessages.freeSections;

/** Field errors of a 400 answer, keyed like the form's own errors. */
function serverErrors(error: unknown): FormErrors {
  if (!(error instanceof ApiError)) return {};
  return error.fieldErrors;
}

function FreePlanningEditor({ program, lots, initial, draftId }: EditorProps) {
  const navigate = useNavigate();
  const { form, update, errors, showErrors, open, toggle, hours, buyerCount } = useFreePlanningForm(initial, lots);
  const amos = useQuery({ ...planningQueries.amos(program.authorized), enabled: program.authorized.length > 0 });
  const creation = usePlanningCreation({
    programId: program._id,
    path: '/rdv',
    notice: 'free-planning',
    planningPath: (planningId) => `/projets/${program._id}/plannings-libres/${planningId}`,
  });
  const draft = useDraftSaving(program._id, 'draft', 'free-planning', draftId);
  const simulation = useSimulationMutation();
  const [simulated, setSimulated] = useState<SimulationOutput | null>(null);
  const [noSolution, setNoSolution] = useState<{ data: SimulationData | null } | null>(null);
  const [now] = useState(() => new Date());
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [layoutRef, layoutWidth] = useElementWidth<HTMLDivElement>();
  // Cloudscape's grid puts the panel beside the form from its 's' breakpoint (912 px of content).
  const stacked = layoutWidth > 0 && layoutWidth < 912;
  const creatable = canCreate(hours, buyerCount);
  const listPath = `/projets/${program._id}/plannings`;

  const amoNames = useMemo(() => Object.fromEntries((amos.data ?? []).map((amo) => [amo._id, `${amo.firstname} ${amo.lastname}`.trim()])), [amos.data]);
  const guestLabels = useMemo(() => Object.fromEntries(lots.map((lot) => [lot._id, `${lot.lotcomm} · ${lot.nom}`])), [lots]);

  // A big creation's feasibility is checked by its operation: its refusal opens the same dialog as the answer's.
  useEffect(() => {
    const refused = noSolutionOfOperation(creation.operation);
    if (refused) setNoSolution({ data: refused });
  }, [creation.operation]);

  const submit = () => {
    dismiss('free-planning');
    const { errors: found, body } = validateFreePlanning(form, lots, { programId: program._id, draftId }, new Date());
    if (!body) {
      showErrors(found);
      notify({ id: 'free-planning', type: 'error', content: creationMessages.incomplete });
      return;
    }
    // docs/architecture.md « Planning creation »: followed to its end, then the planning's page (usePlanningCreation).
    creation.create(body, (error) => {
      if (isApiError(error, 498) || isAnswerLost(error)) return;
      const details = noSolutionDetails(error);
      if (details) {
        setNoSolution({ data: details });
        return;
      }
      showErrors(serverErrors(error));
      notify({ id: 'free-planning', type: 'error', header: creationMessages.failed, content: errorMessage(error) });
    });
  };

  const save = () => draft.save(form.name, draftDataOf(form));

  // 'Annuler' leaves at once an untouched form, and asks first when data was typed.
  const cancel = () => {
    if (JSON.stringify(form) === JSON.stringify(initial)) void navigate(listPath);
    else setConfirmCancel(true);
  };

  // part 2 §8: a refusal's message leaves as soon as its cause does (lunch set, enough hours, buyers chosen).
  const refusalNow = simulationRefusal(form, hours);
  useEffect(() => {
    if (!refusalNow) dismiss(refusalNotice);
  }, [refusalNow]);
  useEffect(() => {
    if (buyerCount > 0) dismiss(buyersNotice);
  }, [buyerCount]);

  const simulate = () => {
    dismiss('free-planning');
    const refusal = refusalNow;
    if (refusal) {
      if (!hasLunch(form)) showErrors({ lunch: simulationMessages.noLunch });
      notify({ id: refusalNotice, type: 'warning', content: refusal });
      return;
    }
    if (buyerCount === 0) {
      showErrors({ broadcastList: creationMessages.buyersRequired });
      notify({ id: buyersNotice, type: 'warning', content: creationMessages.buyersRequired });
      return;
    }
    simulation.mutate(simulationBody(form, lots), {
      onSuccess: (result) => {
        if (result.simulationData.feasible) {
          dismiss(refusalNotice);
          setSimulated(result);
        } else setNoSolution({ data: result.simulationData });
      },
      onError: (error) => {
        if (isApiError(error, 498)) return;
        if (isApiError(error, 408)) {
          notify({
            id: 'free-planning',
            type: 'error',
            header: 'Timeout',
            content: creationPageMessages.simulationTimeout,
          });
          return;
        }
        setNoSolution({ data: noSolutionDetails(error) });
      },
    });
  };

  const sections: ReactNode[] = [
    <DurationSection key={1} form={form} update={update} errors={errors} />,
    <BuyersSection key={2} form={form} update={update} errors={errors} lots={lots} />,
    <VisitDaysSection key={3} form={form} update={update} errors={errors} />,
    <LunchSection key={4} form={form} update={update} errors={errors} />,
    <QuestionsSection key={5} form={form} update={update} errors={errors} />,
    <AmoSection
      key={6}
      form={form}
      update={update}
      errors={errors}
      amos={amos.data ?? []}
      programId={program._id}
      loading={amos.isFetching}
      loadError={amos.isError ? errorMessage(amos.error) : null}
    />,
    <MessagesSection key={7} form={form} update={update} errors={errors} />,
    <ContactSection key={8} form={form} update={update} errors={errors} />,
    <VirtualVisitSection key={9} form={form} update={update} errors={errors} />,
    <PlanningSettingsSection key={10} form={form} update={update} errors={errors} now={now} />,
  ];

  return (
    <ContentLayout header={<CreationHeader program={program} draftId={draftId} title={PAGE_TITLE} />}>
      {/* side by side from 912 px of content (1280-px screen, menu open), so that
          the sticky hours panel and its actions stay in view while the form scrolls; narrower, the
          panel falls below the form and a bar at the bottom of the window keeps them in view. */}
      <div ref={layoutRef} style={stacked ? { paddingBottom: 96 } : undefined}>
        <Grid gridDefinition={[{ colspan: { default: 12, s: 8 } }, { colspan: { default: 12, s: 4 } }]}>
          <SpaceBetween size="l">
            <PlanningCreationProgress creation={creation} />
            {sections.map((content, index) => {
              const number = index + 1;
              const hasError = Object.keys(errors).some((key) => sectionOfKey(key) === number);
              return (
                <CreationSection key={number} number={number} title={sectionTitles[index]} open={open.has(number)} hasError={hasError} onToggle={toggle}>
                  {content}
                </CreationSection>
              );
            })}
          </SpaceBetween>
          <HoursPanel
            hours={hours}
            buyerCount={buyerCount}
            dayCount={form.days.length}
            canCreate={creatable}
            creating={creation.busy}
            savingDraft={draft.saving}
            simulating={simulation.isPending}
            onSimulate={simulate}
            onCreate={submit}
            onSaveDraft={save}
            onCancel={cancel}
          />
        </Grid>
      </div>
      {stacked && (
        <HoursBar hours={hours} canCreate={creatable} creating={creation.busy} simulating={simulation.isPending} onSimulate={simulate} onCreate={submit} />
      )}
      {simulated && (
        <SimulationDrawer
          result={simulated}
          guestLabels={guestLabels}
          amoNames={amoNames}
          lunch={hasLunch(form) ? { start: form.lunchStartTime, end: form.lunchEndTime } : null}
          days={form.days}
          onClose={() => setSimulated(null)}
        />
      )}
      {confirmCancel && <CancelCreationModal onLeave={() => void navigate(listPath)} onStay={() => setConfirmCancel(false)} />}
      {noSolution && <NoSolutionModal data={noSolution.data} onDismiss={() => setNoSolution(null)} />}
    </ContentLayout>
  );
}
