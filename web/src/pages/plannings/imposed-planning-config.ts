import { imposedDefaultMessages } from '../../../../shared/domain/message-wording';
import type { LotPick } from '../../../../shared/domain/lot';
import {
  deadlineIssue,
  defaultImposedDeadline,
  imposedDefaults,
  imposedMessages,
  imposedPlanningCreateSchema,
  type ImposedPlanningCreateInput,
} from '../../../../shared/domain/imposed-planning';
import { firstOverlap, placementIssues, visitDays, type PlacedVisit } from '../../../../shared/rules/imposed-placement';
import { placementMessages } from '../../../../shared/messages/imposed';
import {
  autoPlaceImposed,
  autoPlacementReport,
  planningOwnDays,
  unplacedReasons,
  type AutoPlacementReport,
} from '../../../../shared/scheduling/imposed-auto-placement';
import { computeImposedHours } from '../../../../shared/scheduling/imposed-hours';
import type { Hours } from '../../../../shared/scheduling/schemas';
import { epochToParisWall, parisWallToEpoch } from '../../../../shared/scheduling/time-grid';
import {
  defaultForm,
  eventsOf,
  hasLunch,
  isHm,
  isIsoDay,
  lotDuration,
  parisInstant,
  parisParts,
  selectedLots,
  type DayRow,
  type FreePlanningForm,
} from './free-planning-config';
import { draftDataOf, formFromDraft } from './free-planning-draft';
import { requestBodyOf, validateFreePlanning, type FormErrors } from './free-planning-validation';
import { creationMessages } from '../../../../shared/messages/plannings';

/**
 * The imposed planning creation (part 2 §2.5, §4 'Imposed creation'): the free creation form (its
 * sections are shared) plus the lots placed on the week calendar. A placed lot is only its start
 * and AMO column: its end is always start + its current duration, so changing a typology's or a
 * lot's duration resizes it. Pure: unit-tested.
 */

/** A lot placed on the calendar: start (epoch ms) and AMO column (0-based). */
export interface PlacedLot {
  lotId: string;
  start: number;
  amoNb: number;
}

/** Part 2 §9: 30-minute snap, 15 with 'afficher toutes les durées'. */
export const snapMinutesOf = (form: Pick<FreePlanningForm, 'showAllDurations'>): 15 | 30 => (form.showAllDurations ? 15 : 30);

/** Part 2 §5 'Imposed creation': a double click is two clicks on one event within 400 ms. */
const DOUBLE_CLICK_MS = 400;
export function isDoubleClick(last: { id: string; at: number } | null, id: string, at: number): boolean {
  return !!last && last.id === id && at - last.at <= DOUBLE_CLICK_MS;
}

/** The imposed form's defaults (part 2 §9): lunch 12:30–13:30, day 08:30–17:00, deadline 14 days from now at 20:00, the convocation texts. */
export function imposedDefaultForm(program: Parameters<typeof defaultForm>[0], nowMs: number): FreePlanningForm {
  const deadline = parisParts(defaultImposedDeadline(nowMs, parisWallToEpoch, (ms) => epochToParisWall(ms).date));
  const form = defaultForm(program);
  return {
    ...form,
    // Every message of an imposed planning speaks of the convocation (shared/domain/message-wording).
    messages: { ...imposedDefaultMessages },
    lunchStartTime: imposedDefaults.lunchStartTime,
    lunchEndTime: imposedDefaults.lunchEndTime,
    dayStart: imposedDefaults.dayStartTime,
    dayEnd: imposedDefaults.dayEndTime,
    deadlineDate: deadline.date,
    deadlineTime: deadline.time,
    // The deadline follows the placed visits (imposedDeadline), not the calculator's days, until staff set it.
    deadlineTouched: false,
    minNoticeHours: 0,
  };
}

/**
 * The default deadline to confirm for the visits placed so far (part 2 §9: 14 days from now at
 * 20:00, brought before the first visit when that comes sooner), as the form's date and time.
 */
export function imposedDeadline(
  form: FreePlanningForm,
  lots: readonly LotPick[],
  placed: readonly PlacedLot[],
  nowMs: number,
): { deadlineDate: string; deadlineTime: string } {
  const starts = placedVisits(form, lots, placed).map((visit) => visit.startMs);
  const deadline = parisParts(
    defaultImposedDeadline(nowMs, parisWallToEpoch, (ms) => epochToParisWall(ms).date, starts.length ? Math.min(...starts) : undefined),
  );
  return { deadlineDate: deadline.date, deadlineTime: deadline.time };
}

/** The deadline typed is on or after the first placed visit: the reason, shown at once (the server refuses it too). */
export function deadlineProblem(form: FreePlanningForm, lots: readonly LotPick[], placed: readonly PlacedLot[]): string | null {
  if (!isIsoDay(form.deadlineDate) || !isHm(form.deadlineTime)) return null;
  return deadlineIssue(
    parisInstant(form.deadlineDate, form.deadlineTime),
    placedVisits(form, lots, placed).map((visit) => visit.startMs),
  );
}

/** The placed lots as the shared rule's visits (label: the lot number). */
export function placedVisits(form: FreePlanningForm, lots: readonly LotPick[], placed: readonly PlacedLot[]): (PlacedVisit & { lotId: string })[] {
  const byId = new Map(lots.map((lot) => [lot._id, lot]));
  return placed.flatMap((event) => {
    const lot = byId.get(event.lotId);
    return lot ? [{ lotId: lot._id, label: lot.lotcomm, startMs: event.start, endMs: event.start + lotDuration(form, lot), amoNb: event.amoNb }] : [];
  });
}

/** Selected lots not on the calendar yet ('not placed'). */
export function unplacedLots(form: FreePlanningForm, lots: readonly LotPick[], placed: readonly PlacedLot[]): LotPick[] {
  const onCalendar = new Set(placed.map((event) => event.lotId));
  return selectedLots(form, lots).filter((lot) => !onCalendar.has(lot._id));
}

/** Unselecting a lot removes it from the calendar too. */
export function keepSelected(placed: readonly PlacedLot[], selectedIds: readonly string[]): PlacedLot[] {
  const ids = new Set(selectedIds);
  const kept = placed.filter((event) => ids.has(event.lotId));
  return kept.length === placed.length ? (placed as PlacedLot[]) : kept;
}

export type DropOutcome = { placed: PlacedLot[] } | { refusal: string };

/**
 * A lot dropped (or moved) at `start`: the server's own rules decide (shared/rules/imposed-placement):
 * on the snap grid, not in the past, inside the day's hours. It takes its current AMO column when
 * free, else the first free one of the day's `nbAmo`; with none free it is refused with the overlap.
 */
export function placeLot(
  form: FreePlanningForm,
  lots: readonly LotPick[],
  placed: readonly PlacedLot[],
  lotId: string,
  start: number,
  nowMs: number,
): DropOutcome {
  const lot = lots.find((candidate) => candidate._id === lotId);
  if (!lot) return { refusal: placementMessages.slotTaken };
  const others = placedVisits(
    form,
    lots,
    placed.filter((event) => event.lotId !== lotId),
  );
  const current = placed.find((event) => event.lotId === lotId);
  const visit = { label: lot.lotcomm, startMs: start, endMs: start + lotDuration(form, lot), amoNb: 0 };
  const [issue] = placementIssues([visit], { dayStartTime: form.dayStart, dayEndTime: form.dayEnd, snapMinutes: snapMinutesOf(form), nowMs });
  if (issue) return { refusal: issue };
  const columns = Array.from({ length: Math.max(1, form.nbAmo) }, (_, index) => index);
  const order = current && current.amoNb < columns.length ? [current.amoNb, ...columns.filter((column) => column !== current.amoNb)] : columns;
  const free = order.find((amoNb) => !firstOverlap({ ...visit, amoNb }, others));
  if (free === undefined) return { refusal: placementMessages.overlap(firstOverlap(visit, others)?.label ?? '', lot.lotcomm) };
  const next = { lotId, start, amoNb: free };
  return { placed: current ? placed.map((event) => (event.lotId === lotId ? next : event)) : [...placed, next] };
}

/** Every reason the server would refuse the placed lots (a duration changed since, a day's hours changed…). */
export function placedIssues(form: FreePlanningForm, lots: readonly LotPick[], placed: readonly PlacedLot[], nowMs: number): string[] {
  return placementIssues(placedVisits(form, lots, placed), { dayStartTime: form.dayStart, dayEndTime: form.dayEnd, snapMinutes: snapMinutesOf(form), nowMs });
}

/**
 * 'Placer automatiquement': the engine's proposal for every unplaced lot, on the planning's own
 * days only (those chosen in the hours calculator and those a lot was dropped on), with the
 * French report of the lots it left out and why.
 */
export function autoPlace(
  form: FreePlanningForm,
  lots: readonly LotPick[],
  placed: readonly PlacedLot[],
  nowMs: number,
): { placed: PlacedLot[]; report: AutoPlacementReport | null } {
  const visits = placedVisits(form, lots, placed);
  const input = {
    lots: unplacedLots(form, lots, placed).map((lot) => ({
      id: lot._id,
      lotcomm: lot.lotcomm,
      batiment: lot.batiment,
      etage: lot.etage,
      lengthMs: lotDuration(form, lot),
    })),
    placed: visits.map((visit) => ({ id: visit.lotId, startMs: visit.startMs, endMs: visit.endMs, amoNb: visit.amoNb })),
    days: planningOwnDays(
      form.days.map((day) => day.date),
      visits.map((visit) => visit.startMs),
    ),
    dayStartTime: form.dayStart,
    dayEndTime: form.dayEnd,
    lunchStartTime: hasLunch(form) ? form.lunchStartTime : '',
    lunchEndTime: hasLunch(form) ? form.lunchEndTime : '',
    nbAmo: Math.max(1, form.nbAmo),
    snapMinutes: snapMinutesOf(form),
    nowMs,
  };
  const result = autoPlaceImposed(input);
  return {
    placed: [...placed, ...result.placements.map((visit) => ({ lotId: visit.id, start: visit.startMs, amoNb: visit.amoNb }))],
    report: autoPlacementReport(unplacedReasons(input, result.unplaced), input.days),
  };
}

// ── Filter panel (part 2 §2.5) ────────────────────────────────────────────────────────────────

export interface LotFilters {
  batiment: string[];
  etage: string[];
  typologie: string[];
  order: 'asc' | 'desc';
}

export const noFilters: LotFilters = { batiment: [], etage: [], typologie: [], order: 'asc' };

const collator = new Intl.Collator('fr', { numeric: true, sensitivity: 'base' });

/** The values each checkbox group offers, in natural order. */
export function filterValues(lots: readonly LotPick[]): Pick<LotFilters, 'batiment' | 'etage' | 'typologie'> {
  const values = (pick: (lot: LotPick) => string) => [...new Set(lots.map(pick).filter(Boolean))].sort(collator.compare);
  return { batiment: values((lot) => lot.batiment), etage: values((lot) => lot.etage), typologie: values((lot) => lot.typologie) };
}

/** The lots the filters keep (no box ticked in a group keeps every value), by lot number up or down. */
export function filterLots(lots: readonly LotPick[], filters: LotFilters): LotPick[] {
  const keep = (chosen: string[], value: string) => chosen.length === 0 || chosen.includes(value);
  const kept = lots.filter((lot) => keep(filters.batiment, lot.batiment) && keep(filters.etage, lot.etage) && keep(filters.typologie, lot.typologie));
  const sign = filters.order === 'asc' ? 1 : -1;
  return kept.sort((a, b) => sign * collator.compare(a.lotcomm, b.lotcomm));
}

// ── Hours calculator (part 2 §2.5 'An optional hours calculator exists', maths of §9) ────────────

export function calculatorHours(form: FreePlanningForm, lots: readonly LotPick[]): Hours | null {
  const events = eventsOf(form.days);
  if (events.length === 0 || !hasLunch(form)) return null;
  return computeImposedHours({
    events,
    lunchStartTime: form.lunchStartTime,
    lunchEndTime: form.lunchEndTime,
    durationsMs: selectedLots(form, lots).map((lot) => lotDuration(form, lot)),
  });
}

// ── Drafts (part 2 §3: drafts of an imposed planning keep calendarEvents) ──────────────────────

export function imposedDraftDataOf(form: FreePlanningForm, placed: readonly PlacedLot[]): Record<string, unknown> {
  return {
    ...draftDataOf(form),
    calendarEvents: placed.map((event) => ({ lotId: event.lotId, start: new Date(event.start).toISOString(), amoNb: event.amoNb })),
  };
}

export function imposedFromDraft(data: unknown, base: FreePlanningForm): { form: FreePlanningForm; placed: PlacedLot[] } {
  const form = formFromDraft(data, base);
  const raw = typeof data === 'object' && data !== null ? (data as { calendarEvents?: unknown }).calendarEvents : undefined;
  const placed = (Array.isArray(raw) ? raw : []).flatMap((entry: unknown): PlacedLot[] => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { lotId, start, amoNb } = entry as Record<string, unknown>;
    const startMs = typeof start === 'string' ? Date.parse(start) : NaN;
    return typeof lotId === 'string' && Number.isFinite(startMs) && typeof amoNb === 'number' && Number.isInteger(amoNb) && amoNb >= 0
      ? [{ lotId, start: startMs, amoNb }]
      : [];
  });
  return { form, placed: keepSelected(placed, form.selectedLotIds) };
}

// ── Creation (POST /rdv-impose) ───────────────────────────────────────────────────────────────

/** The visit days of the placed lots as the free form's day rows (so the shared checks apply). */
function placedDays(form: FreePlanningForm, visits: readonly PlacedVisit[]): DayRow[] {
  return visitDays(visits, form.dayStart, form.dayEnd).map((event) => ({
    date: parisParts(event.start).date,
    start: form.dayStart,
    end: form.dayEnd,
    nbAmo: event.nbAmo,
  }));
}

/** Errors of the free form's checks that do not apply here (days come from the calendar; a past deadline is allowed, part 2 §5 says 'for a free planning'). */
const notForImposed = (key: string, message: string) =>
  key.startsWith('days') || key === 'broadcastList' || key === 'amoList' || key.startsWith('vrText') || message === creationMessages.deadlinePast;

/**
 * The rules of part 2 §5 'Planning form' (the free form's own checks, shared) and the placement
 * rules (the server's own), then the POST /rdv-impose body when nothing is wrong. Lots left
 * unplaced are not sent (the page warns first).
 */
export function validateImposedPlanning(
  form: FreePlanningForm,
  lots: readonly LotPick[],
  placed: readonly PlacedLot[],
  ids: { programId: string; draftId?: string },
  now: Date,
): { errors: FormErrors; body: ImposedPlanningCreateInput | null } {
  const visits = placedVisits(form, lots, placed);
  const shared = validateFreePlanning(
    { ...form, days: placedDays(form, visits), amoList: [], areAmosAssigned: false, vrEnabled: false },
    lots,
    ids,
    now,
  ).errors;
  const errors: FormErrors = Object.fromEntries(Object.entries(shared).filter(([key, message]) => !notForImposed(key, message)));
  if (selectedLots(form, lots).length === 0) errors.broadcastList = creationMessages.buyersRequired;
  // The deadline to confirm comes before the first visit (the server's own rule, shown even when other fields are missing).
  const late = deadlineProblem(form, lots, placed);
  if (late) errors.bookingDeadline = late;
  const issues =
    visits.length === 0
      ? [imposedMessages.nothingPlaced]
      : placementIssues(visits, { dayStartTime: form.dayStart, dayEndTime: form.dayEnd, snapMinutes: snapMinutesOf(form), nowMs: now.getTime() });
  if (issues.length > 0) errors.placements = issues[0];
  const free = requestBodyOf(form, lots, ids);
  const body: ImposedPlanningCreateInput = {
    projectId: free.projectId,
    ...(ids.draftId ? { draftId: ids.draftId } : {}),
    name: free.name,
    phase: free.phase,
    mTimes: free.mTimes,
    placements: visits.map((visit) => ({
      lotId: visit.lotId,
      start: new Date(visit.startMs).toISOString(),
      length: visit.endMs - visit.startMs,
      amoNb: visit.amoNb,
    })),
    dayStartTime: form.dayStart,
    dayEndTime: form.dayEnd,
    lunchStartTime: form.lunchStartTime,
    lunchEndTime: form.lunchEndTime,
    questions: free.questions,
    maxVisitorsNb: free.maxVisitorsNb,
    messages: free.messages,
    contact: free.contact,
    bookingDeadline: free.bookingDeadline,
    ...(free.launchDate ? { launchDate: free.launchDate } : {}),
    address: free.address,
    reminderHours: free.reminderHours,
    notifications: free.notifications,
  };
  if (Object.keys(errors).length === 0) {
    // The server's schema: whatever it still refuses is reported at its path.
    const parsed = imposedPlanningCreateSchema.safeParse(body);
    if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  }
  return { errors, body: Object.keys(errors).length === 0 ? body : null };
}
