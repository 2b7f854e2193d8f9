import type { LotPick } from '../../../../shared/domain/lot';
import { defaultMessages } from '../../../../shared/messages/default-mails';
import { defaultVirtualVisitText } from '../../../../shared/messages/default-templates';
import { defaultQuestions, phaseLabels, type MessageField, type Phase, type Question } from '../../../../shared/domain/planning';
import { type Program } from '../../../../shared/domain/program';
import { frenchHolidayName } from '../../../../shared/scheduling/french-holidays';
import { computeHours } from '../../../../shared/scheduling/hours';
import {
  DEFAULT_DURATIONS_MS,
  DEFAULT_PHASE,
  HOUR_MS,
  MINUTE_MS,
  OFFERED_DURATIONS_MS,
  TYPOLOGIES,
  choosePas,
  isSmallDuration,
  type Typology,
} from '../../../../shared/scheduling/phase-durations';
import { calendarFromEvents } from '../../../../shared/scheduling/planning-calendar';
import type { Hours, SimulationInput } from '../../../../shared/scheduling/schemas';
import { addDays, epochToParisWall, formatHm, parisWallToEpoch, parseHm, wallOrigin } from '../../../../shared/scheduling/time-grid';
import { simulationMessages } from '../../../../shared/messages/plannings';

/** Part 2 §9 defaults of a free planning. */
export const freePlanningDefaults = {
  lunchStartTime: '12:30',
  lunchEndTime: '14:00',
  dayStart: '08:30',
  dayEnd: '17:00',
  nbAmo: 1,
  /** The booking deadline: this many days before the first visit day, at deadlineTime. */
  deadlineDaysBefore: 7,
  deadlineTime: '20:00',
  reminderHours: 48,
  /** Minimum notice: a buyer cannot book a visit less than this many hours ahead (part 2 §4). */
  minNoticeHours: 24,
} as const;

import { amoPerDayRange } from '../../../../shared/domain/input-bounds';

export { amoPerDayRange };
export const companionsRange = { min: 1, max: 5 } as const;
export const buyerPageSizes = [10, 25, 50, 100, 200] as const;
/** 50 rows a page: the buyers table of a 10,000-lot program holds one page, never the program. */
export const defaultBuyerPageSize = 50;

const phases: Phase[] = ['choices', 'partitions', 'predelivery', 'delivery', 'custom'];
export const phaseOptions = phases.map((phase) => ({ value: phase, label: phaseLabels[phase] }));

/** One visit day of the form (an event of the request): Paris date and wall-clock window. */
export interface DayRow {
  date: string;
  start: string;
  end: string;
  nbAmo: number;
}

export type ContactTitle = '' | 'Monsieur' | 'Madame' | 'Autre';

export interface ContactForm {
  contactTitre: ContactTitle;
  contactNom: string;
  contactPrenom: string;
  contactMail: string;
  contactTelephone: string;
  signature: string;
}

export interface AddressForm {
  numero: string;
  rue: string;
  codepostal: string;
  ville: string;
  pays: string;
}

/** The whole creation form (part 2 §2.4, its ten sections); saved as is in a draft's `data`. */
export interface FreePlanningForm {
  // 1. Phase and durations per typology
  phase: Phase;
  mTimes: Record<Typology, number>;
  showAllDurations: boolean;
  // 2. Buyers: selected lots and per-lot duration overrides (ms)
  selectedLotIds: string[];
  lengths: Record<string, number>;
  // 3. Visit days
  rangeStart: string;
  rangeEnd: string;
  dayStart: string;
  dayEnd: string;
  nbAmo: number;
  includeWeekends: boolean;
  /** Bank holidays are left out of the generated days unless asked (absent in older drafts). */
  includeHolidays?: boolean;
  days: DayRow[];
  // 4. Lunch break ('' when none)
  lunchStartTime: string;
  lunchEndTime: string;
  // 5. Booking-page questions; companions max (0: no companion form)
  questions: Question[];
  maxVisitorsNb: number;
  // 6. Staff
  amoList: string[];
  areAmosAssigned: boolean;
  authorizeTrous: boolean;
  // 7. Messages and attachment
  messages: Record<MessageField, string>;
  attachment: { attachmentId: string; filename: string } | null;
  // 8. Contact
  contact: ContactForm;
  // 9. Virtual-visit text
  vrEnabled: boolean;
  vrText: { firstParagraph: string; secondParagraph: string; thirdParagraph: string };
  vrLogo: { attachmentId: string; filename: string } | null;
  // 10. Name, dispatch, deadline, address, reminders
  name: string;
  launchEnabled: boolean;
  launchDate: string;
  launchTime: string;
  deadlineDate: string;
  deadlineTime: string;
  /** False while the deadline follows the first visit day (its default). */
  deadlineTouched: boolean;
  address: AddressForm;
  reminderHours: number;
  minNoticeHours: number;
  notifications: { mail: boolean; sms: boolean };
}

function phaseDurations(phase: Phase): Record<Typology, number> {
  return { ...DEFAULT_DURATIONS_MS[phase] };
}

export function addressOf(program: Pick<Program, 'adressenumero' | 'adresserue' | 'adressecodepostal' | 'adresseville' | 'adressepays'> | null): AddressForm {
  return {
    numero: program?.adressenumero ?? '',
    rue: program?.adresserue ?? '',
    codepostal: program?.adressecodepostal ?? '',
    ville: program?.adresseville ?? '',
    pays: program?.adressepays ?? 'France',
  };
}

/** A fresh form: phase 'choices' and its durations, default hours, lunch, questions and messages. */
export function defaultForm(program: Parameters<typeof addressOf>[0] = null): FreePlanningForm {
  return {
    phase: DEFAULT_PHASE,
    mTimes: phaseDurations(DEFAULT_PHASE),
    showAllDurations: false,
    selectedLotIds: [],
    lengths: {},
    rangeStart: '',
    rangeEnd: '',
    dayStart: freePlanningDefaults.dayStart,
    dayEnd: freePlanningDefaults.dayEnd,
    nbAmo: freePlanningDefaults.nbAmo,
    includeWeekends: false,
    includeHolidays: false,
    days: [],
    lunchStartTime: freePlanningDefaults.lunchStartTime,
    lunchEndTime: freePlanningDefaults.lunchEndTime,
    questions: [...defaultQuestions],
    maxVisitorsNb: 0,
    amoList: [],
    areAmosAssigned: false,
    authorizeTrous: false,
    messages: { ...defaultMessages },
    attachment: null,
    contact: { contactTitre: '', contactNom: '', contactPrenom: '', contactMail: '', contactTelephone: '', signature: '' },
    vrEnabled: false,
    // part 1 §9: the Livrea virtual-visit promotion is offered; a template may replace it.
    vrText: { ...defaultVirtualVisitText },
    vrLogo: null,
    name: '',
    launchEnabled: false,
    launchDate: '',
    launchTime: '09:00',
    deadlineDate: '',
    deadlineTime: freePlanningDefaults.deadlineTime,
    deadlineTouched: false,
    address: addressOf(program),
    reminderHours: freePlanningDefaults.reminderHours,
    minNoticeHours: freePlanningDefaults.minNoticeHours,
    notifications: { mail: true, sms: true },
  };
}

// ── Durations ─────────────────────────────────────────────────────────────────────────────────

/** '30'', '45'', '1h', '1h30'… (part 1 §9). */
export function durationLabel(ms: number): string {
  const minutes = Math.round(ms / MINUTE_MS);
  if (minutes < 60) return `${minutes}'`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h}h${String(m).padStart(2, '0')}` : `${h}h`;
}

/** The durations offered in the selects: small ones (≤ 45') only with 'afficher toutes les durées'. */
export function durationOptions(showAll: boolean): { value: string; label: string }[] {
  return OFFERED_DURATIONS_MS.filter((ms) => showAll || !isSmallDuration(ms)).map((ms) => ({ value: String(ms), label: durationLabel(ms) }));
}

/** Changing the phase applies its default durations; small defaults (custom) show every duration. */
export function withPhase(form: FreePlanningForm, phase: Phase): FreePlanningForm {
  const mTimes = phaseDurations(phase);
  return { ...form, phase, mTimes, showAllDurations: form.showAllDurations || Object.values(mTimes).some(isSmallDuration) };
}

/** Hiding small durations raises every small duration (typologies and overrides) to 1h (part 2 §9). */
export function withShowAllDurations(form: FreePlanningForm, showAll: boolean): FreePlanningForm {
  if (showAll) return { ...form, showAllDurations: true };
  const raise = (ms: number) => (isSmallDuration(ms) ? HOUR_MS : ms);
  const mTimes = Object.fromEntries(TYPOLOGIES.map((t) => [t, raise(form.mTimes[t])])) as Record<Typology, number>;
  const lengths = Object.fromEntries(Object.entries(form.lengths).map(([id, ms]) => [id, raise(ms)]));
  return { ...form, showAllDurations: false, mTimes, lengths };
}

/** A buyer's visit length: its own override, else its typology's duration. */
export function lotDuration(form: Pick<FreePlanningForm, 'mTimes' | 'lengths'>, lot: Pick<LotPick, '_id' | 'typologie'>): number {
  return form.lengths[lot._id] ?? form.mTimes[lot.typologie] ?? DEFAULT_DURATIONS_MS.choices['1p'];
}

export function selectedLots<L extends Pick<LotPick, '_id'>>(form: Pick<FreePlanningForm, 'selectedLotIds'>, lots: readonly L[]): L[] {
  const ids = new Set(form.selectedLotIds);
  return lots.filter((lot) => ids.has(lot._id));
}

function selectedDurations(form: FreePlanningForm, lots: readonly LotPick[]): number[] {
  return selectedLots(form, lots).map((lot) => lotDuration(form, lot));
}

// ── Visit days ────────────────────────────────────────────────────────────────────────────────

/** 0 Sunday … 6 Saturday of a Paris calendar day 'YYYY-MM-DD'. */
function weekdayOf(date: string): number {
  return new Date(wallOrigin(date)).getUTCDay();
}

export const isWeekend = (date: string): boolean => [0, 6].includes(weekdayOf(date));
export const holidayOf = (date: string): string | null => frenchHolidayName(date);

/** At most this many days are generated from a range (the request takes 400 events). */
const MAX_DAYS = 400;

/**
 * One day per weekday of the range (weekends and bank holidays only when asked), each with the
 * daily hours and AMO count; a bank holiday kept is flagged on screen.
 */
export function generateDays(args: {
  start: string;
  end: string;
  dayStart: string;
  dayEnd: string;
  nbAmo: number;
  includeWeekends: boolean;
  includeHolidays?: boolean;
}): DayRow[] {
  if (!args.start || !args.end || args.end < args.start) return [];
  const days: DayRow[] = [];
  for (let date = args.start; date <= args.end && days.length < MAX_DAYS; date = addDays(date, 1)) {
    if (!args.includeWeekends && isWeekend(date)) continue;
    if (!args.includeHolidays && holidayOf(date)) continue;
    days.push({ date, start: args.dayStart, end: args.dayEnd, nbAmo: args.nbAmo });
  }
  return days;
}

/** The deadline that follows the first visit day: 7 days before it, at 20:00 (part 2 §9). */
export function defaultDeadline(days: readonly Pick<DayRow, 'date'>[]): { deadlineDate: string; deadlineTime: string } {
  const first = [...days].map((day) => day.date).sort()[0];
  return { deadlineDate: first ? addDays(first, -freePlanningDefaults.deadlineDaysBefore) : '', deadlineTime: freePlanningDefaults.deadlineTime };
}

type DayFields = Pick<FreePlanningForm, 'rangeStart' | 'rangeEnd' | 'dayStart' | 'dayEnd' | 'nbAmo' | 'includeWeekends' | 'includeHolidays'>;

/** A change of range, daily hours, AMO count or weekends regenerates the days (and the default deadline). */
export function withDayFields(form: FreePlanningForm, patch: Partial<DayFields>): FreePlanningForm {
  const next = { ...form, ...patch };
  const days = generateDays({
    start: next.rangeStart,
    end: next.rangeEnd,
    dayStart: next.dayStart,
    dayEnd: next.dayEnd,
    nbAmo: next.nbAmo,
    includeWeekends: next.includeWeekends,
    includeHolidays: next.includeHolidays,
  });
  return withDays(next, days);
}

/** The edited list of days; the deadline follows the first day until the user changes it. */
export function withDays(form: FreePlanningForm, days: DayRow[]): FreePlanningForm {
  const sorted = [...days].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { ...form, days: sorted, ...(form.deadlineTouched ? {} : defaultDeadline(sorted)) };
}

const HM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const isHm = (value: string): boolean => HM.test(value);
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
export const isIsoDay = (value: string): boolean => ISO_DAY.test(value);

/** A Paris wall date and time as an ISO instant (UTC). */
export function parisInstant(date: string, time: string): string {
  return new Date(parisWallToEpoch(date, parseHm(time))).toISOString();
}

/** The Paris day and time of an instant ('YYYY-MM-DD', 'HH:mm'). */
export function parisParts(instant: string | number): { date: string; time: string } {
  const wall = epochToParisWall(typeof instant === 'number' ? instant : Date.parse(instant));
  return { date: wall.date, time: formatHm(wall.minuteOfDay) };
}

export function isValidDay(day: DayRow): boolean {
  return isIsoDay(day.date) && isHm(day.start) && isHm(day.end) && day.start < day.end && day.nbAmo >= amoPerDayRange.min && day.nbAmo <= amoPerDayRange.max;
}

/** The request's events: one {start, end, nbAmo} per valid day, Paris wall times as instants. */
export function eventsOf(days: readonly DayRow[]): { start: string; end: string; nbAmo: number }[] {
  return days.filter(isValidDay).map((day) => ({ start: parisInstant(day.date, day.start), end: parisInstant(day.date, day.end), nbAmo: day.nbAmo }));
}

export function hasLunch(form: Pick<FreePlanningForm, 'lunchStartTime' | 'lunchEndTime'>): boolean {
  return isHm(form.lunchStartTime) && isHm(form.lunchEndTime) && form.lunchStartTime < form.lunchEndTime;
}

/** The AMO columns the engine uses: the selected AMOs when they are assigned to visits. */
function engineAmoList(form: Pick<FreePlanningForm, 'areAmosAssigned' | 'amoList'>): string[] {
  return form.areAmosAssigned ? form.amoList : [];
}

/**
 * The side panel's hours, live (part 2 §9), with the engine's own functions: available from the
 * free slots of the days, needed from the selected buyers' durations. Null without any valid day.
 */
export function hoursOf(form: FreePlanningForm, lots: readonly LotPick[]): (Hours & { pas: 900 | 1800 }) | null {
  const events = eventsOf(form.days);
  if (events.length === 0) return null;
  const durations = selectedDurations(form, lots);
  const pas = choosePas(durations.length ? durations : Object.values(form.mTimes));
  const lunch = hasLunch(form) ? form : { lunchStartTime: '00:00', lunchEndTime: '00:00' };
  try {
    const calendar = calendarFromEvents({
      events,
      pas,
      lunchStartTime: lunch.lunchStartTime,
      lunchEndTime: lunch.lunchEndTime,
      amoList: engineAmoList(form),
      authorizeTrous: form.authorizeTrous,
    });
    return { ...computeHours(calendar, durations), pas };
  } catch {
    return null;
  }
}

/** Créer is enabled only when available − needed ≥ 0 (part 2 §5 'Free creation'). */
export function canCreate(hours: Hours | null, buyerCount: number): boolean {
  return !!hours && buyerCount > 0 && hours.available - hours.needed >= 0;
}

/** Body of POST /rdv/no-need/simulation from the form (the same engine input as the creation). */
export function simulationBody(form: FreePlanningForm, lots: readonly LotPick[], nbSolutions = 1): { body: SimulationInput; durationsMs: number[] } {
  const chosen = selectedLots(form, lots);
  const durationsMs = chosen.map((lot) => lotDuration(form, lot));
  return {
    durationsMs,
    body: {
      authorizeTrous: form.authorizeTrous,
      nbSolutions,
      pas: choosePas(durationsMs),
      lunchStartTime: form.lunchStartTime,
      lunchEndTime: form.lunchEndTime,
      events: eventsOf(form.days),
      mTimes: form.mTimes,
      amoList: engineAmoList(form),
      broadcastList: chosen.map((lot) => ({ guest: { _id: lot._id, typologie: lot.typologie, lotcomm: lot.lotcomm }, length: lotDuration(form, lot) })),
      phase: form.phase,
    },
  };
}

export function simulationRefusal(form: FreePlanningForm, hours: Hours | null): string | null {
  if (!hasLunch(form)) return simulationMessages.noLunch;
  if (!hours || hours.available - hours.needed < 0) return simulationMessages.notEnough;
  return null;
}

/** Times 08:00 → 20:30 every 30 minutes (the deadline picker: hours 0–7 and 21–23 are disabled). */
export function halfHourOptions(fromHour = 8, toHour = 20): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  for (let h = fromHour; h <= toHour; h += 1) {
    for (const m of [0, 30]) {
      const value = formatHm(h * 60 + m);
      out.push({ value, label: value });
    }
  }
  return out;
}

export const messageLabels: Record<MessageField, string> = {
  mailinvitationmessage: 'Mail d’invitation',
  smsinvitationmessage: 'SMS d’invitation',
  mailconfirmationmessage: 'Mail de confirmation',
  smsconfirmationmessage: 'SMS de confirmation',
  mailrelancemessage: 'Mail de relance',
  smsrelancemessage: 'SMS de relance',
  mailrappelmessage: 'Mail de rappel',
  smsrappelmessage: 'SMS de rappel',
};

/** The four kinds of message, each a mail (18 rows) and an SMS (4 rows). */
export const messageKinds = [
  { id: 'invitation', label: 'Invitation', mail: 'mailinvitationmessage', sms: 'smsinvitationmessage' },
  { id: 'confirmation', label: 'Confirmation', mail: 'mailconfirmationmessage', sms: 'smsconfirmationmessage' },
  { id: 'relance', label: 'Relance', mail: 'mailrelancemessage', sms: 'smsrelancemessage' },
  { id: 'rappel', label: 'Rappel', mail: 'mailrappelmessage', sms: 'smsrappelmessage' },
] as const satisfies readonly { id: string; label: string; mail: MessageField; sms: MessageField }[];

export const MAIL_ROWS = 18;
export const SMS_ROWS = 4;
