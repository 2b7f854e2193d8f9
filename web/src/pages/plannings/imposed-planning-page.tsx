import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TimeInput from '@cloudscape-design/components/time-input';
import { useQuery } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { imposedMessages } from '../../../../shared/domain/imposed-planning';
import { imposedDefaultMessages } from '../../../../shared/domain/message-wording';
import { addDays, epochToParisWall } from '../../../../shared/scheduling/time-grid';
import type { AutoPlacementReport } from '../../../../shared/scheduling/imposed-auto-placement';
import { errorMessage, isApiError } from '../../api/api-error';
import { useCreateImposedPlanningMutation } from '../../api/imposed-planning-queries';
import { planningQueries, useSaveDraftMutation } from '../../api/planning-queries';
import type { ProgramDetail } from '../../api/program-queries';
import { dismiss, notify } from '../../app/notifications-store';
import { formatHours } from '../../components/plannings/hours-panel';
import { PageLoading } from '../../components/page-loading';
import { RouterLink } from '../../components/router-link';
import { ProgramLoadError } from '../programs/program-load-error';
import { useProgram } from '../programs/use-program';
import { BuyersSection } from './buyers-section';
import { ContactSection } from './contact-section';
import { DurationSection } from './duration-section';
import { hasLunch, lotDuration, type FreePlanningForm } from './free-planning-config';
import { creationMessages, sectionOf } from './free-planning-validation';
import { ImposedCalendar, type CalendarLot } from './imposed-calendar';
import {
  autoPlace,
  calculatorHours,
  deadlineProblem,
  imposedDeadline,
  imposedDefaultForm,
  imposedDraftDataOf,
  imposedFromDraft,
  keepSelected,
  noFilters,
  placedIssues,
  placedVisits,
  placeLot,
  snapMinutesOf,
  unplacedLots,
  validateImposedPlanning,
  type LotFilters,
  type PlacedLot,
} from './imposed-planning-config';
import { LunchSection } from './lunch-section';
import { MessagesSection } from './messages-section';
import { PlanningSettingsSection } from './planning-settings-section';
import { QuestionsSection } from './questions-section';
import { UnplacedLotsPanel } from './unplaced-lots-panel';
import { useFreePlanningForm } from './use-free-planning-form';
import { amoOptions, VisitDaysSection } from './visit-days-section';

// The shared sections, memoised: placing a lot changes only the calendar, not the form they show
// (each drop would otherwise re-render the buyers table and the message editors).
const Durations = memo(DurationSection);
const Buyers = memo(BuyersSection);
const Lunch = memo(LunchSection);
const VisitDays = memo(VisitDaysSection);
const Questions = memo(QuestionsSection);
const Messages = memo(MessagesSection);
const Contact = memo(ContactSection);
const Settings = memo(PlanningSettingsSection);
const noErrors = {};

export const IMPOSED_PAGE_TITLE = "Création d'un nouveau planning imposé";

/**
 * /projets/{programId}/plannings/nouveau-impose (part 2 §2.5): the imposed planning creation. With
 * ?id= a saved imposed draft (draftImpose) is loaded first, its placed lots included.
 */
export function ImposedPlanningPage() {
  const { programId, program } = useProgram();
  const [params] = useSearchParams();
  const draftId = params.get('id') ?? undefined;
  const draft = useQuery({ ...planningQueries.draft(draftId ?? ''), enabled: !!draftId });
  const [nowMs] = useState(() => Date.now());

  if (program.isError) return <ProgramLoadError error={program.error} onRetry={() => void program.refetch()} />;
  if (program.isPending || (draftId && draft.isPending && !draft.isError)) return <PageLoading />;
  if (draftId && draft.isError) {
    return (
      <Alert type="error" header={creationMessages.draftLoadFailed} action={<Button onClick={() => void draft.refetch()}>Réessayer</Button>}>
        <SpaceBetween size="xs">
          <span>{isApiError(draft.error, 404) ? '' : errorMessage(draft.error)}</span>
          <RouterLink href={`/projets/${programId}/plannings`}>Retour à la liste des plannings</RouterLink>
        </SpaceBetween>
      </Alert>
    );
  }
  const base = imposedDefaultForm(program.data, nowMs);
  const initial = draft.data ? imposedFromDraft(draft.data.data, base) : { form: base, placed: [] };
  return <ImposedPlanningEditor key={draftId ?? 'new'} program={program.data} initial={initial.form} initialPlaced={initial.placed} draftId={draftId} />;
}

interface EditorProps {
  program: ProgramDetail;
  initial: FreePlanningForm;
  initialPlaced: PlacedLot[];
  draftId?: string;
}

/** The Paris day after today: the calendar opens on it. */
const tomorrow = (nowMs: number): string => addDays(epochToParisWall(nowMs).date, 1);

const amoLabel = (amoNb: number) => `AMO ${amoNb + 1}`;

function ImposedPlanningEditor({ program, initial, initialPlaced, draftId }: EditorProps) {
  const navigate = useNavigate();
  const lots = program.clients;
  const { form, update, errors, showErrors, open, toggle, buyerCount } = useFreePlanningForm(initial, lots);
  const [placed, setPlaced] = useState<PlacedLot[]>(initialPlaced);
  const [filters, setFilters] = useState<LotFilters>(noFilters);
  const [confirmUnplaced, setConfirmUnplaced] = useState(false);
  const [autoReport, setAutoReport] = useState<AutoPlacementReport | null>(null);
  const [calendarView, setCalendarView] = useState(() => ({ key: 0, date: initialPlaced.length ? epochToParisWall(Math.min(...initialPlaced.map((event) => event.start))).date : tomorrow(Date.now()) }));
  const [now] = useState(() => new Date());
  // The list element, as state: the calendar attaches its Draggable to the element actually shown.
  const [listElement, setListElement] = useState<HTMLDivElement | null>(null);
  const create = useCreateImposedPlanningMutation(program._id);
  const saveDraft = useSaveDraftMutation(program._id, 'draftImpose');
  const listPath = `/projets/${program._id}/plannings`;

  // Unselecting a buyer removes its lot from the calendar (part 2 §4 'Imposed creation').
  useEffect(() => setPlaced((current) => keepSelected(current, form.selectedLotIds)), [form.selectedLotIds]);

  const unplaced = useMemo(() => unplacedLots(form, lots, placed), [form, lots, placed]);
  const issues = useMemo(() => placedIssues(form, lots, placed, Date.now()), [form, lots, placed]);
  const calculator = useMemo(() => calculatorHours(form, lots), [form, lots]);
  const deadlineIssue = useMemo(() => deadlineProblem(form, lots, placed), [form, lots, placed]);
  const settingsErrors = useMemo(() => (deadlineIssue ? { ...errors, bookingDeadline: deadlineIssue } : errors), [errors, deadlineIssue]);

  // Part 2 §9: until staff set it, the deadline follows the visits placed (always before the first).
  const followed = form.deadlineTouched ? null : imposedDeadline(form, lots, placed, now.getTime());
  useEffect(() => {
    if (followed && (followed.deadlineDate !== form.deadlineDate || followed.deadlineTime !== form.deadlineTime)) update(followed);
  }, [followed?.deadlineDate, followed?.deadlineTime, form.deadlineDate, form.deadlineTime]);
  const calendarLots: CalendarLot[] = useMemo(() => {
    const byId = new Map(lots.map((lot) => [lot._id, lot]));
    return placedVisits(form, lots, placed).map((visit) => {
      const lot = byId.get(visit.lotId)!;
      return { lotId: visit.lotId, title: `${lot.lotcomm} ${lot.typologie.toUpperCase()}`, startMs: visit.startMs, endMs: visit.endMs, amoNb: visit.amoNb };
    });
  }, [form, lots, placed]);

  const onPlace = useCallback(
    (lotId: string, startMs: number, revert?: () => void) => {
      dismiss('imposed-placement');
      const outcome = placeLot(form, lots, placed, lotId, startMs, Date.now());
      if ('refusal' in outcome) {
        revert?.();
        notify({ id: 'imposed-placement', type: 'warning', content: outcome.refusal });
        return;
      }
      setPlaced(outcome.placed);
    },
    [form, lots, placed],
  );
  const onUnplace = useCallback((lotId: string) => setPlaced((current) => current.filter((event) => event.lotId !== lotId)), []);

  const placeAutomatically = () => {
    dismiss('imposed-placement');
    const result = autoPlace(form, lots, placed, Date.now());
    setPlaced(result.placed);
    const added = result.placed.slice(placed.length);
    const first = added.length ? Math.min(...added.map((event) => event.start)) : null;
    if (first !== null) setCalendarView((view) => ({ key: view.key + 1, date: epochToParisWall(first).date }));
    // Shown beside the button, where staff look after the click (the flashbar is at the top).
    setAutoReport(result.report);
  };

  const submit = (confirmed: boolean) => {
    dismiss('imposed-planning');
    const { errors: found, body } = validateImposedPlanning(form, lots, placed, { programId: program._id, draftId }, new Date());
    if (!body) {
      showErrors(found);
      notify({ id: 'imposed-planning', type: 'error', content: found.placements && Object.keys(found).length === 1 ? found.placements : creationMessages.incomplete });
      return;
    }
    // Part 2 §4: lots left unplaced are warned about; staff may create anyway.
    if (unplaced.length > 0 && !confirmed) {
      setConfirmUnplaced(true);
      return;
    }
    setConfirmUnplaced(false);
    create.mutate(body, {
      onSuccess: ({ planning, message, warning }) => {
        notify({ id: 'imposed-planning', type: 'success', content: message || imposedMessages.created });
        // Issue 17 §5: the entity billed has no credits left; the warning stays until dismissed.
        if (warning) notify({ id: 'imposed-planning-credits', type: 'warning', content: warning });
        navigate(`/projets/${program._id}/plannings-imposes/${planning._id}`);
      },
      onError: (error) => {
        if (isApiError(error, 498)) return;
        if (isApiError(error, 409) && errorMessage(error) === imposedMessages.duplicateName) {
          showErrors({ name: imposedMessages.duplicateName });
          notify({ id: 'imposed-planning', type: 'error', content: imposedMessages.duplicateName });
          return;
        }
        notify({ id: 'imposed-planning', type: 'error', header: creationMessages.failed, content: errorMessage(error) });
      },
    });
  };

  const save = () => {
    saveDraft.mutate(
      { id: draftId, name: form.name.trim(), data: imposedDraftDataOf(form, placed) },
      {
        onSuccess: ({ message }) => {
          notify({ id: 'imposed-planning', type: 'success', content: message ?? creationMessages.draftSaved });
          navigate(listPath);
        },
        onError: (error) => {
          if (isApiError(error, 498)) return;
          notify({ id: 'imposed-planning', type: 'error', header: creationMessages.draftFailed, content: errorMessage(error) });
        },
      },
    );
  };

  const section = (number: number, title: string, content: ReactNode) => {
    const hasError = Object.keys(errors).some((key) => sectionOf(key) === number && key !== 'placements');
    return (
      <ExpandableSection
        key={number}
        variant="container"
        expanded={open.has(number)}
        onChange={({ detail }) => toggle(number, detail.expanded)}
        headerText={title}
        headerInfo={hasError ? <span style={{ color: '#d91515' }}>⚠ à compléter</span> : undefined}
      >
        {content}
      </ExpandableSection>
    );
  };

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={`${program.name} · ${program.promotername}${draftId ? ' · brouillon' : ''}`}
        >
          {IMPOSED_PAGE_TITLE}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {section(1, '1. Phase et durées des visites', <Durations form={form} update={update} errors={errors} />)}
        {section(2, '2. Acquéreurs', <Buyers form={form} update={update} errors={errors} lots={lots} />)}
        <div data-testid="imposed-placement">
          <Container
            header={
              <Header
                variant="h2"
                description="Glissez les lots sur le calendrier ; un double-clic sur une visite la remet dans les lots à placer."
                actions={
                  <Button onClick={placeAutomatically} disabled={unplaced.length === 0}>
                    Placer automatiquement
                  </Button>
                }
              >
                3. Placement des visites
              </Header>
            }
          >
            <SpaceBetween size="m">
              <SpaceBetween direction="horizontal" size="l">
                <FormField label="Horaires de la journée" description="Début et fin">
                  <SpaceBetween direction="horizontal" size="xs">
                    <TimeInput format="hh:mm" value={form.dayStart} ariaLabel="Début de journée" onChange={({ detail }) => update({ dayStart: detail.value })} />
                    <TimeInput format="hh:mm" value={form.dayEnd} ariaLabel="Fin de journée" onChange={({ detail }) => update({ dayEnd: detail.value })} />
                  </SpaceBetween>
                </FormField>
                <FormField label="AMO par jour">
                  <Select ariaLabel="AMO par jour" selectedOption={{ value: String(form.nbAmo), label: String(form.nbAmo) }} options={amoOptions} onChange={({ detail }) => update({ nbAmo: Number(detail.selectedOption.value) })} />
                </FormField>
                <FormField label="Pas du calendrier">
                  <Box padding={{ top: 'xs' }}>{snapMinutesOf(form)} minutes{form.showAllDurations ? ' (toutes les durées)' : ''}</Box>
                </FormField>
              </SpaceBetween>
              {autoReport && (
                <Alert type="warning" header={autoReport.header} dismissible onDismiss={() => setAutoReport(null)}>
                  <ul style={{ margin: 0, paddingLeft: 20 }}>
                    {autoReport.lines.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </Alert>
              )}
              {(issues.length > 0 || errors.placements) && (
                <Alert type="error" header="Le serveur refusera ce placement">
                  {issues.length > 0 ? (
                    <ul style={{ margin: 0 }}>
                      {issues.map((issue) => (
                        <li key={issue}>{issue}</li>
                      ))}
                    </ul>
                  ) : (
                    errors.placements
                  )}
                </Alert>
              )}
              <Grid gridDefinition={[{ colspan: { default: 12, xs: 4, m: 3 } }, { colspan: { default: 12, xs: 8, m: 9 } }]}>
                <UnplacedLotsPanel lots={unplaced} selectedCount={buyerCount} durationOf={(lot) => lotDuration(form, lot)} filters={filters} onFilters={setFilters} listRef={setListElement} />
                <ImposedCalendar
                  key={calendarView.key}
                  lots={calendarLots}
                  initialDate={calendarView.date}
                  snapMinutes={snapMinutesOf(form)}
                  dayStart={form.dayStart}
                  dayEnd={form.dayEnd}
                  lunch={hasLunch(form) ? { start: form.lunchStartTime, end: form.lunchEndTime } : null}
                  source={listElement}
                  onPlace={onPlace}
                  onUnplace={onUnplace}
                  amoLabel={amoLabel}
                />
              </Grid>
            </SpaceBetween>
          </Container>
        </div>
        {section(4, '4. Pause déjeuner', <Lunch form={form} update={update} errors={errors} />)}
        <ExpandableSection variant="container" headerText="Calculateur d'heures (facultatif)" headerDescription="Les heures disponibles sur une période, face aux heures nécessaires des acquéreurs sélectionnés.">
          <SpaceBetween size="m">
            <VisitDays form={form} update={update} errors={noErrors} />
            <KeyValuePairs
              columns={4}
              items={[
                { label: 'Nécessaire', value: calculator ? formatHours(calculator.needed) : '—' },
                { label: 'Disponible', value: calculator ? formatHours(calculator.available) : '—' },
                { label: 'Marge', value: calculator ? formatHours(calculator.margin) : '—' },
                { label: 'Jours nécessaires', value: calculator ? calculator.daysNeeded.toLocaleString('fr-FR') : '—' },
              ]}
            />
          </SpaceBetween>
        </ExpandableSection>
        {section(5, '5. Page de convocation : questions et accompagnants', <Questions form={form} update={update} errors={errors} />)}
        {section(7, '6. Messages (convocation, confirmation, relance, rappel)', <Messages form={form} update={update} errors={errors} defaults={imposedDefaultMessages} />)}
        {section(8, '7. Personne à contacter', <Contact form={form} update={update} errors={errors} />)}
        {section(
          10,
          '8. Planning : nom, dates et adresse',
          <Settings
            form={form}
            update={update}
            errors={settingsErrors}
            now={now}
            deadlineLabel="Date limite de confirmation *"
            deadlineDescription="Par défaut 14 jours après aujourd'hui à 20:00, et toujours avant la première visite (la veille à 20:00 si elle est plus proche)."
          />,
        )}
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={save} loading={saveDraft.isPending}>
              Enregistrer le brouillon
            </Button>
            <Button variant="primary" onClick={() => submit(false)} loading={create.isPending}>
              Créer le planning imposé
            </Button>
          </SpaceBetween>
        </Box>
      </SpaceBetween>
      <Modal
        visible={confirmUnplaced}
        onDismiss={() => setConfirmUnplaced(false)}
        header="Lots non placés"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setConfirmUnplaced(false)}>
                Annuler
              </Button>
              <Button variant="primary" onClick={() => submit(true)} loading={create.isPending}>
                Créer quand même
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        {imposedMessages.unplacedWarning(unplaced.length)}
      </Modal>
    </ContentLayout>
  );
}
