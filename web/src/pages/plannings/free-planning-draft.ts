import { defaultForm, type FreePlanningForm } from './free-planning-config';

/** Version of the form saved in a draft's `data` (older drafts are read field by field). */
const DRAFT_VERSION = 1;

/** The draft body's `data`: the whole form, as JSON. */
export function draftDataOf(form: FreePlanningForm): Record<string, unknown> {
  return { version: DRAFT_VERSION, form: JSON.parse(JSON.stringify(form)) as unknown };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameShape(base: unknown, value: unknown): boolean {
  if (Array.isArray(base)) return Array.isArray(value);
  if (base === null) return value === null || isRecord(value);
  if (isRecord(base)) return isRecord(value);
  return typeof base === typeof value && !(typeof value === 'number' && !Number.isFinite(value));
}

/** Keys whose value is a free map (lot id → ms): taken whole when every value is a number. */
const freeMaps = new Set(['lengths']);

function merge<T>(base: T, value: unknown, key = ''): T {
  if (freeMaps.has(key)) {
    if (!isRecord(value)) return base;
    return Object.fromEntries(Object.entries(value).filter(([, ms]) => typeof ms === 'number' && ms > 0)) as T;
  }
  if (!sameShape(base, value)) return base;
  if (isRecord(base) && isRecord(value)) {
    const out: Record<string, unknown> = { ...base };
    for (const [k, v] of Object.entries(base)) out[k] = v === null ? (value[k] ?? null) : merge(v, value[k], k);
    return out as T;
  }
  return value as T;
}

/**
 * A draft's `data` back into a form: every field of the current form is taken from the draft when
 * it has the expected type, else its default (a draft saved by an older screen still opens).
 */
export function formFromDraft(data: unknown, base: FreePlanningForm = defaultForm()): FreePlanningForm {
  const saved = isRecord(data) && isRecord(data.form) ? data.form : data;
  const form = merge(base, saved);
  if (form.attachment && (typeof form.attachment.attachmentId !== 'string' || typeof form.attachment.filename !== 'string')) form.attachment = null;
  form.days = form.days.filter(
    (day) => isRecord(day) && typeof day.date === 'string' && typeof day.start === 'string' && typeof day.end === 'string' && typeof day.nbAmo === 'number',
  );
  form.selectedLotIds = form.selectedLotIds.filter((id) => typeof id === 'string');
  return form;
}

/** Period and deadline of a draft, for the plannings list (Paris days). */
export function draftSummary(data: unknown): { phase?: string; firstDay?: string; lastDay?: string; deadline?: { date: string; time: string } } {
  const form = formFromDraft(data);
  const dates = form.days.map((day) => day.date).sort();
  return {
    phase: form.phase,
    firstDay: dates[0],
    lastDay: dates[dates.length - 1],
    deadline: form.deadlineDate ? { date: form.deadlineDate, time: form.deadlineTime } : undefined,
  };
}
