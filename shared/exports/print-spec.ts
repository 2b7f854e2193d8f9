import { isTitleFormat, type TitleFormat } from './title-format';

/** The calendar views of a print (part 2 §2.9 'view selector Jour/Semaine/Mois'). */
export const printViews = ['day', 'week', 'month'] as const;
export type PrintView = (typeof printViews)[number];

/**
 * What one PDF shows, as carried by GET /rdv/{spec}/print (part 1 §7, part 2 §7):
 * `{uuids joined by &}--{layout}--{view}[--showFM][--{n}amoNb]`. The layout is one of the 15 title
 * formats (lotTypo for the consolidated view); the "phase info" segment names the calendar view
 * (the phase itself is the planning's); `--showFM` shows the RDV Libre; `--{n}amoNb` keeps one AMO
 * (index n, per-AMO multi print).
 */
export interface PrintSpec {
  uuids: string[];
  format: TitleFormat;
  view: PrintView;
  showFreeMeetings: boolean;
  amoNb: number | null;
}

/**
 * The title format the public viewer shows (lot and typology, part 2 §2.9) and the only one a
 * reader of its link may print without a staff session.
 */
export const publicPrintFormat: TitleFormat = 'lotTypo';

/** At most this many plannings in one print (the consolidated view's bound). */
export const maxPrintedPlannings = 20;
// An entry of the '&' list: one uuid, or several joined by '-' (resolved by resolvePrintUuids).
const entryPattern = /^[A-Za-z0-9_-]{8,1300}$/;
const specPattern = /^(.+?)--([A-Za-z]+)--(day|week|month)(--showFM)?(?:--(\d)amoNb)?$/;

/**
 * The spec of a print path segment, or null when it is not one (unknown format, bad uuid…). Its
 * `uuids` are the entries of the '&' list as written: an entry may still be uuids joined by '-',
 * which only the plannings themselves can cut (resolvePrintUuids).
 */
export function parsePrintSpec(segment: string): PrintSpec | null {
  const match = specPattern.exec(segment);
  if (!match || !isTitleFormat(match[2])) return null;
  const uuids = [...new Set(match[1].split('&'))];
  if (uuids.length === 0 || uuids.length > maxPrintedPlannings || !uuids.every((uuid) => entryPattern.test(uuid))) return null;
  return { uuids, format: match[2], view: match[3] as PrintView, showFreeMeetings: !!match[4], amoNb: match[5] === undefined ? null : Number(match[5]) };
}

/**
 * The print segment as the route's path parameter carries it. API Gateway's HTTP API hands path
 * parameters percent-decoded ('a&b'); the local dispatcher decodes the path with decodeURI, like
 * the router matching it, which keeps reserved characters encoded ('a%26b', the SPA encodes the
 * segment with encodeURIComponent). Decoding once more gives 'a&b' in both: a print segment never
 * holds a literal '%'. A malformed escape is left as sent (it then parses to no print).
 */
export function decodePrintSegment(parameter: string): string {
  if (!parameter.includes('%')) return parameter;
  try {
    return decodeURIComponent(parameter);
  } catch {
    return parameter;
  }
}

export function formatPrintSpec(spec: PrintSpec): string {
  return [
    spec.uuids.join('&'),
    spec.format,
    spec.view,
    ...(spec.showFreeMeetings ? ['showFM'] : []),
    ...(spec.amoNb === null ? [] : [`${spec.amoNb}amoNb`]),
  ].join('--');
}
