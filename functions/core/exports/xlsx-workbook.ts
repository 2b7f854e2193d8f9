import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import { loadExcelJs } from '../../runtime/load-exceljs';
import { epochToParisWall } from '../../../shared/scheduling/time-grid';

/**
 * One column of an exported sheet. `typed` marks what a buyer or staff member typed (names,
 * phones, e-mails, notes): a string cell in the text format '@', so a value such as
 * '=HYPERLINK(...)' or '+33…' is shown as typed and never run as a formula (part 1 §9;
 * exceljs writes a formula only from a { formula } value, never from a string).
 */
export interface SheetColumn<R> {
  header: string;
  width: number;
  value: (row: R) => string | number | Date | null;
  typed?: boolean;
  /** The cell holds an instant (ISO string): written as a real Excel date in Europe/Paris. */
  date?: boolean;
}

export interface SheetSpec<R> {
  name: string;
  columns: SheetColumn<R>[];
  rows: R[];
}

export const xlsxContentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Excel dates have no zone: the cell shows the Paris wall time of the instant, so the serial is
 * that wall time read as UTC (exceljs converts a Date by its UTC fields).
 */
function parisExcelDate(instant: string): Date {
  const { date, minuteOfDay } = epochToParisWall(Date.parse(instant));
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day, Math.floor(minuteOfDay / 60), minuteOfDay % 60));
}

function cellValue<R>(column: SheetColumn<R>, row: R): ExcelJS.CellValue {
  const value = column.value(row);
  if (value === null || value === '') return null;
  if (column.date && typeof value === 'string') return parisExcelDate(value);
  return value;
}

const columnStyle = <R>(column: SheetColumn<R>): Partial<ExcelJS.Style> => (column.date ? { numFmt: 'dd/mm/yyyy hh:mm' } : column.typed ? { numFmt: '@' } : {});

/**
 * A workbook with French headers, a frozen header row, filters and column widths. Written with
 * exceljs' streaming writer: each row is serialised as it is added (styles by id, one per column)
 * instead of building a cell object per value first; 5,000 rows take a fraction of the time.
 */
export async function buildWorkbook<R>(sheets: SheetSpec<R>[]): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    output.on('end', resolve);
    output.on('error', reject);
  });
  const excel = await loadExcelJs();
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: true });
  workbook.creator = 'Livrea';
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.columns = sheet.columns.map((column) => ({ header: column.header, width: column.width, style: columnStyle(column) }));
    worksheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: sheet.columns.length } };
    const header = worksheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    for (const row of sheet.rows) worksheet.addRow(sheet.columns.map((column) => cellValue(column, row))).commit();
    worksheet.commit();
  }
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}
