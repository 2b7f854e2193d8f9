import { formatPrintSpec, type PrintView } from '../../../../shared/exports/print-spec';
import { defaultTitleFormat, titleFormats, titleParts, type TitleFormat } from '../../../../shared/exports/title-format';
import { exportModalMessages } from '../../../../shared/messages/exports';

/**
 * The export options modal (part 2 §2.9, §2.10 'export options') as data: what
 * each choice sends to the server. Pure: unit-tested (test/unit/exports/export-config.test.ts).
 */
export type ExportFileType = 'pdf' | 'xlsx' | 'ics';

/** 'all' AMOs in one file, 'each' one PDF per AMO (per-AMO multi print), or one AMO's index. */
export type ExportAmo = 'all' | 'each' | number;

export interface ExportOptions {
  fileType: ExportFileType;
  format: TitleFormat;
  amo: ExportAmo;
  view: PrintView;
  showFreeMeetings: boolean;
  /** ICS of one meeting (the staff side of 'Ajouter au calendrier'): its uuid, or '' for every visit. */
  meetingUuid: string;
}

export const defaultExportOptions: ExportOptions = {
  fileType: 'pdf',
  format: defaultTitleFormat,
  amo: 'all',
  view: 'week',
  showFreeMeetings: false,
  meetingUuid: '',
};

/** Part 2 §9: the PDF downloads of a per-AMO multi print are spaced by 500 ms. */
export const PDF_DOWNLOAD_SPACING_MS = 500;

export const fileTypeLabels: Record<ExportFileType, string> = exportModalMessages.fileTypes;
export const viewLabels: Record<PrintView, string> = exportModalMessages.views;

const partLabels = exportModalMessages.titleParts;

/** 'lotNameTypoTel' → 'Lot - Nom - Typologie - Téléphone': how the modal names the 15 formats. */
export const titleFormatLabel = (format: TitleFormat): string =>
  titleParts(format)
    .map((part) => partLabels[part])
    .join(' - ');

export const titleFormatOptions = titleFormats.map((format) => ({ value: format, label: titleFormatLabel(format) }));

export interface ExportTarget {
  /** Planning ids (XLSX, ICS) and uuids (PDF), in the same order; several for the consolidated view. */
  ids: string[];
  uuids: string[];
  /** How many AMOs the planning has (the per-AMO choices), 0 when none is assigned. */
  amoCount: number;
}

export interface ExportFile {
  /** API path (under /api) of the file. */
  path: string;
  filename: string;
}

const pdfName = (uuids: string[], amoNb: number | null) =>
  `planning-${uuids.map((uuid) => uuid.slice(0, 8)).join('-')}${amoNb === null ? '' : `-amo${amoNb + 1}`}.pdf`;

/**
 * The files a choice produces: one PDF per AMO for 'each' (GET /rdv/{spec}/print, part 1 §7), one
 * spreadsheet of the planning(s), or one calendar (all visits, one AMO's or one meeting's).
 */
export function exportFiles(target: ExportTarget, options: ExportOptions): ExportFile[] {
  if (options.fileType === 'pdf') {
    const amoNbs = options.amo === 'each' ? Array.from({ length: target.amoCount }, (_, amoNb) => amoNb) : [options.amo === 'all' ? null : options.amo];
    return amoNbs.map((amoNb) => ({
      path: `/rdv/${encodeURIComponent(formatPrintSpec({ uuids: target.uuids, format: options.format, view: options.view, showFreeMeetings: options.showFreeMeetings, amoNb }))}/print`,
      filename: pdfName(target.uuids, amoNb),
    }));
  }
  if (options.fileType === 'xlsx') {
    const query = new URLSearchParams({ ids: target.ids.join(','), format: options.format });
    return [{ path: `/exports/xlsx?${query.toString()}`, filename: target.ids.length > 1 ? 'planning-consolide.xlsx' : `planning-${target.uuids[0]}.xlsx` }];
  }
  const query = new URLSearchParams({ format: options.format });
  if (options.meetingUuid) query.set('uuid', options.meetingUuid);
  else if (typeof options.amo === 'number') query.set('amoNb', String(options.amo));
  const suffix = options.meetingUuid ? '-rdv' : typeof options.amo === 'number' ? `-amo${options.amo + 1}` : '';
  return [
    {
      path: `/exports/plannings/${encodeURIComponent(target.ids[0])}/ics?${query.toString()}`,
      filename: `planning-${target.uuids[0].slice(0, 8)}${suffix}.ics`,
    },
  ];
}

/**
 * The failure header of part 2 §8 'Export' for a file type; null for ICS, whose errors the
 * specification only logs (the server's message is still shown under the header, §8 general rule).
 */
export function exportErrorOf(fileType: ExportFileType, messages: { pdfError: string; xlsError: string }): string | null {
  if (fileType === 'ics') return null;
  return fileType === 'pdf' ? messages.pdfError : messages.xlsError;
}

/**
 * Fetches every file at once (the renderer prints them in parallel) and saves them in order, each
 * at least `spacingMs` after the previous one (browsers block a burst of downloads). `onSaved`
 * counts the progress. A failed fetch stops the saves after the ones already made.
 */
export async function spacedDownloads<T>(
  fetches: (() => Promise<T>)[],
  save: (file: T, index: number) => void,
  spacingMs: number,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((done) => setTimeout(done, ms)),
): Promise<void> {
  const pending = fetches.map((start) => start());
  // Rejections are read in order below; this keeps the later ones from being reported unhandled.
  for (const promise of pending) promise.catch(() => undefined);
  for (const [index, promise] of pending.entries()) {
    if (index > 0) await sleep(spacingMs);
    save(await promise, index);
  }
}

/**
 * Where a big export's operation is followed (useOperationStart's scope): the planning's id, or the
 * consolidated plannings' ids, so that the same export button finds it again after a reload.
 */
export const exportOperationScope = (target: Pick<ExportTarget, 'ids'>): string => `planning-export:${target.ids.join(',')}`;

/**
 * Big exports (above 150 buyers, docs/api.md) are operations for one file: the PDF of all AMOs or
 * one AMO, or the spreadsheet. A calendar is small text, and one PDF per AMO asks for several files.
 */
export const exportMayBeOperation = (files: readonly ExportFile[], options: ExportOptions): boolean => options.fileType !== 'ics' && files.length === 1;
