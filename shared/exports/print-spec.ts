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

const uuidPattern = /^[A-Za-z0-9_-]{8,64}$/;
const specPattern = /^(.+?)--([A-Za-z]+)--(day|week|month)(--showFM)?(?:--(\d)amoNb)?$/;

/** The spec of a print path segment, or null when it is not one (unknown format, bad uuid…). */
export function parsePrintSpec(segment: string): PrintSpec | null {
  const match = specPattern.exec(segment);
  if (!match || !isTitleFormat(match[2])) return null;
  const uuids = [...new Set(match[1].split('&'))];
  if (uuids.length === 0 || uuids.length > 20 || !uuids.every((uuid) => uuidPattern.test(uuid))) return null;
  return { uuids, format: match[2], view: match[3] as PrintView, showFreeMeetings: !!match[4], amoNb: match[5] === undefined ? null : Number(match[5]) };
}

export function formatPrintSpec(spec: PrintSpec): string {
  return [spec.uuids.join('&'), spec.format, spec.view, ...(spec.showFreeMeetings ? ['showFM'] : []), ...(spec.amoNb === null ? [] : [`${spec.amoNb}amoNb`])].join('--');
}
