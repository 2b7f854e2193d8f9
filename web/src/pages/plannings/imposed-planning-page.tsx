import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { memo, useEffect, useMemo, useState, type ReactNode } from 'react';
import { imposedMessages } from '../../../../shared/domain/imposed-planning';
import { imposedDefaultMessages } from '../../../../shared/domain/message-wording';
import { addDays, epochToParisWall } from '../../../../shared/scheduling/time-grid';
import { errorMessage, isAnswerLost, isApiError } from '../../api/api-error';
import type { ProgramDetail } from '../../api/program-queries';
import type { LotPick } from '../../api/lot-queries';
import { ProgramLotsGate } from './program-lots-gate';
import { dismiss, notify } from '../../app/notifications-store';
import { BuyersSection } from './buyers-section';
import { ContactSection } from './contact-section';
import { CreationDraftGate, CreationHeader, CreationSection } from './creation-frame';
import { PlanningCreationProgress, usePlanningCreation } from './planning-creation';
import { DurationSection } from './duration-section';
import type { FreePlanningForm } from './free-planning-config';
import { sectionOf } from './free-planning-validation';
import { creationMessages } from '../../../../shared/messages/plannings';
import { HoursCalculator } from './hours-calculator';
import { ImposedPlacementSection } from './imposed-placement-section';
import {
  deadlineProblem,
  imposedDeadline,
  imposedDefaultForm,
  imposedDraftDataOf,
  imposedFromDraft,
  keepSelected,
  unplacedLots,
  validateImposedPlanning,
  type PlacedLot,
} from './imposed-planning-config';
import { LunchSection } from './lunch-section';
import { MessagesSection } from './messages-section';
import { PlanningSettingsSection } from './planning-settings-section';
import { QuestionsSection } from './questions-section';
import { UnplacedConfirmModal } from './unplaced-confirm-modal';
import { useDraftSaving } from './use-draft-saving';
import { useFreePlanningForm } from './use-free-planning-form';
import { creationPageMessages } from '../../../../shared/messages/planning-creation';

// The shared sections, memoised: placing a lot changes only the calendar, not the form they show
// (each drop would otherwise re-render the buyers table and the message editors).
const Durations = memo(DurationSection);
const Buyers = memo(BuyersSection);
const Lunch = memo(LunchSection);
const Questions = memo(QuestionsSection);
const Messages = memo(MessagesSection);
const Contact = memo(ContactSection);
const Settings = memo(PlanningSettingsSection);

export const IMPOSED_PAGE_TITLE = creationPageMessages.imposedTitle;
const sections = creationPageMessages.imposedSections;

/**
 * /projets/{programId}/plannings/nouveau-impose (part 2 §2.5): the imposed planning creation. With
 * ?id= a saved imposed draft (draftImpose) is loaded first, its placed lots included.
 */
export function ImposedPlanningPage() {
  const [nowMs] = useState(() => Date.now());
  return (
    <CreationDraftGate>
      {(program, draftData, draftId) => {
        const base = imposedDefaultForm(program, nowMs);
        const initial = draftData ? imposedFromDraft(draftData, base) : { form: base, placed: [] };
        return (
          <ProgramLotsGate programId={program._id}>
            {(lots) => (
              <ImposedPlanningEditor
                key={draftId ?? 'new'}
                program={program}
                lots={lots}
                initial={initial.form}
                initialPlaced={initial.placed}
                draftId={draftId}
              />
            )}
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
  initialPlaced: PlacedLot[];
  draftId?: string;
}

/** The Paris day after today: the calendar opens on it. */
const tomorrow = (nowMs: number): string => addDays(epochToParisWall(nowMs).date, 1);

function ImposedPlanningEditor({ program, lots, initial, initialPlaced, draftId }: EditorProps) {
  const { form, update, errors, showErrors, open, toggle, buyerCount } = useFreePlanningForm(initial, lots);
  const [placed, setPlaced] = useState<PlacedLot[]>(initialPlaced);
  const [confirmUnplaced, setConfirmUnplaced] = useState(false);
  const [now] = useState(() => new Date());
  const [initialDate] = useState(() =>
    initialPlaced.length ? epochToParisWall(Math.min(...initialPlaced.map((event) => event.start))).date : tomorrow(Date.now()),
  );
  const creation = usePlanningCreation({
    programId: program._id,
    path: '/rdv-impose',
    notice: 'imposed-planning',
    planningPath: (planningId) => `/projets/${program._id}/plannings-imposes/${planningId}`,
    confirmsShortNotice: true,
  });
  const draft = useDraftSaving(program._id, 'draftImpose', 'imposed-planning', draftId);

  // Unselecting a buyer removes its lot from the calendar (part 2 §4 'Imposed creation').
  useEffect(() => setPlaced((current) => keepSelected(current, form.selectedLotIds)), [form.selectedLotIds]);

  const unplaced = useMemo(() => unplacedLots(form, lots, placed), [form, lots, placed]);
  const deadlineIssue = useMemo(() => deadlineProblem(form, lots, placed), [form, lots, placed]);
  const settingsErrors = useMemo(() => (deadlineIssue ? { ...errors, bookingDeadline: deadlineIssue } : errors), [errors, deadlineIssue]);

  // Part 2 §9: until staff set it, the deadline follows the visits placed (always before the first).
  const followed = form.deadlineTouched ? null : imposedDeadline(form, lots, placed, now.getTime());
  const followedDate = followed?.deadlineDate;
  const followedTime = followed?.deadlineTime;
  useEffect(() => {
    if (followedDate === undefined || followedTime === undefined) return;
    if (followedDate !== form.deadlineDate || followedTime !== form.deadlineTime) update({ deadlineDate: followedDate, deadlineTime: followedTime });
  }, [followedDate, followedTime, form.deadlineDate, form.deadlineTime, update]);
  const submit = (confirmed: boolean) => {
    dismiss('imposed-planning');
    const { errors: found, body } = validateImposedPlanning(form, lots, placed, { programId: program._id, draftId }, new Date());
    if (!body) {
      showErrors(found);
      notify({
        id: 'imposed-planning',
        type: 'error',
        content: found.placements && Object.keys(found).length === 1 ? found.placements : creationMessages.incomplete,
      });
      return;
    }
    // Part 2 §4: lots left unplaced are warned about; staff may create anyway.
    if (unplaced.length > 0 && !confirmed) {
      setConfirmUnplaced(true);
      return;
    }
    setConfirmUnplaced(false);
    // docs/architecture.md « Planning creation »: followed to its end, then the planning's page (usePlanningCreation).
    creation.create(body, (error) => {
      if (isApiError(error, 498) || isAnswerLost(error)) return;
      if (isApiError(error, 409) && errorMessage(error) === imposedMessages.duplicateName) {
        showErrors({ name: imposedMessages.duplicateName });
        notify({ id: 'imposed-planning', type: 'error', content: imposedMessages.duplicateName });
        return;
      }
      notify({ id: 'imposed-planning', type: 'error', header: creationMessages.failed, content: errorMessage(error) });
    });
  };

  const save = () => draft.save(form.name, imposedDraftDataOf(form, placed));

  const section = (number: number, title: string, content: ReactNode) => (
    <CreationSection
      number={number}
      title={title}
      open={open.has(number)}
      hasError={Object.keys(errors).some((key) => sectionOf(key) === number && key !== 'placements')}
      onToggle={toggle}
    >
      {content}
    </CreationSection>
  );

  return (
    <ContentLayout header={<CreationHeader program={program} draftId={draftId} title={IMPOSED_PAGE_TITLE} />}>
      <SpaceBetween size="l">
        <PlanningCreationProgress creation={creation} />
        {section(1, sections.durations, <Durations form={form} update={update} errors={errors} />)}
        {section(2, sections.buyers, <Buyers form={form} update={update} errors={errors} lots={lots} />)}
        <ImposedPlacementSection
          form={form}
          update={update}
          lots={lots}
          placed={placed}
          setPlaced={setPlaced}
          unplaced={unplaced}
          buyerCount={buyerCount}
          placementError={errors.placements}
          initialDate={initialDate}
        />
        {section(4, sections.lunch, <Lunch form={form} update={update} errors={errors} />)}
        <HoursCalculator form={form} update={update} lots={lots} />
        {section(5, sections.questions, <Questions form={form} update={update} errors={errors} />)}
        {section(7, sections.messages, <Messages form={form} update={update} errors={errors} defaults={imposedDefaultMessages} />)}
        {section(8, sections.contact, <Contact form={form} update={update} errors={errors} />)}
        {section(
          10,
          sections.settings,
          <Settings
            form={form}
            update={update}
            errors={settingsErrors}
            now={now}
            deadlineLabel={creationPageMessages.imposedDeadline}
            deadlineDescription={creationPageMessages.imposedDeadlineHelp}
          />,
        )}
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={save} loading={draft.saving}>
              {creationPageMessages.saveDraft}
            </Button>
            <Button variant="primary" onClick={() => submit(false)} loading={creation.busy}>
              {creationPageMessages.createImposed}
            </Button>
          </SpaceBetween>
        </Box>
      </SpaceBetween>
      {confirmUnplaced && (
        <UnplacedConfirmModal count={unplaced.length} pending={creation.busy} onConfirm={() => submit(true)} onDismiss={() => setConfirmUnplaced(false)} />
      )}
    </ContentLayout>
  );
}
