import ExcelJS from 'exceljs';
import { epochToParisWall } from '../../../shared/scheduling/time-grid';

/**
 * One column of an exported sheet. `typed` marks what a buyer or staff member typed (names,
 * phones, e-mails, notes): written as a text cell with Excel's quote prefix, so a value such as
 * '=HYPERLINK(...)' or '+33…' is shown as typed and never run as a formula (issue 14 point 4).
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
export function parisExcelDate(instant: string): Date {
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

/** A workbook with French headers, a frozen header row, filters and column widths. */
export async function buildWorkbook<R>(sheets: SheetSpec<R>[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Livrea';
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.columns = sheet.columns.map((column) => ({
      header: column.header,
      width: column.width,
      style: column.date ? { numFmt: 'dd/mm/yyyy hh:mm' } : column.typed ? { quotePrefix: true, numFmt: '@' } : {},
    }));
    worksheet.getRow(1).font = { bold: true };
    for (const row of sheet.rows) worksheet.addRow(sheet.columns.map((column) => cellValue(column, row)));
    worksheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: sheet.columns.length } };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
