import type ExcelJS from 'exceljs';
import { loadExcelJs } from '../../runtime/load-exceljs';
import { lotImportColumns, type LotImportRow } from '../../../shared/domain/lot';
import { checkHeaders, type ImportCellError } from '../../../shared/rules/lot-import-validation';
import { importMessages } from '../../../shared/messages/lots';
import { PayloadTooLargeError } from '../errors';
import { boundedZipStream } from '../uploads/bounded-zip-stream';
import { checkClientFileContainer } from './client-file-container';
import { clientFileLimits } from './client-file-limits';
import { clientFileMessages } from '../../../shared/messages/lots';

export interface ClientFileContent {
  rows: { row: number; values: LotImportRow }[];
  errors: ImportCellError[];
}

/** The parts of an .xlsx the reader needs; themes, images, drawings and properties are never inflated. */
const neededEntry = /^xl\/(workbook\.xml|_rels\/workbook\.xml\.rels|styles\.xml|sharedStrings\.xml|worksheets\/sheet\d+\.xml)$/;
/** Shared strings and styles before the sheets, so the reader never spools a sheet to a temporary file. */
const readOrder = (name: string) => (name.startsWith('xl/worksheets/') ? 1 : 0);

const fileProblem = (message: string): ClientFileContent => ({ rows: [], errors: [{ row: 0, column: '', field: '', message }] });

function cellText(cell: ExcelJS.Cell): string {
  // `text` renders numbers, dates, hyperlinks (mailto:) and rich text as the user sees them.
  return (cell.text ?? '').toString().trim();
}

/**
 * Reads the sheet named 'clients' (part 2 §3): headers in row 1, one lot per following row.
 * The archive is checked first (checkClientFileContainer), then streamed: only the declared bytes
 * are ever inflated, and reading stops at the row cap, so memory and time stay bounded whatever
 * the file holds.
 */
export async function readClientFile(content: Buffer): Promise<ClientFileContent> {
  const container = checkClientFileContainer(content);
  if ('unreadable' in container) return fileProblem(container.unreadable);
  const entries = container.entries.filter((entry) => neededEntry.test(entry.name)).sort((a, b) => readOrder(a.name) - readOrder(b.name));
  const excel = await loadExcelJs();
  const { stream, failure } = boundedZipStream(content, entries);
  const reader = new excel.stream.xlsx.WorkbookReader(stream, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });

  let sheetFound = false;
  let headerErrors: ImportCellError[] | null = null;
  const rows: ClientFileContent['rows'] = [];
  try {
    for await (const sheet of reader) {
      // The streaming reader sets the sheet's name from the workbook; its type omits it.
      const name = (sheet as unknown as { name?: string }).name ?? '';
      if (name.trim().toLowerCase() !== 'clients') continue;
      sheetFound = true;
      for await (const row of sheet) {
        if (headerErrors === null) {
          const headers = lotImportColumns.map((_, index) => (row.number === 1 ? cellText(row.getCell(index + 1)) : ''));
          headerErrors = checkHeaders(headers);
          if (headerErrors.length > 0) break;
          if (row.number === 1) continue;
        }
        const values = Object.fromEntries(lotImportColumns.map((column, index) => [column.field, cellText(row.getCell(index + 1))])) as LotImportRow;
        if (!Object.values(values).some((value) => value !== '')) continue;
        if (rows.length === clientFileLimits.maxRows) throw new PayloadTooLargeError(clientFileMessages.tooManyRows);
        rows.push({ row: row.number, values });
      }
      break;
    }
  } catch (error) {
    if (failure()) throw new PayloadTooLargeError(clientFileMessages.abnormalCompression, { cause: failure() });
    if (error instanceof PayloadTooLargeError) throw error;
    return fileProblem(clientFileMessages.unreadable);
  } finally {
    // Stops inflating whatever the reader has not consumed (other sheets, the rest after a cap).
    stream.destroy();
  }
  if (failure()) throw new PayloadTooLargeError(clientFileMessages.abnormalCompression, { cause: failure() });
  if (!sheetFound) return fileProblem(importMessages.noSheet);
  if (headerErrors === null) headerErrors = checkHeaders([]);
  if (headerErrors.length > 0) return { rows: [], errors: headerErrors };
  if (rows.length === 0) return fileProblem(importMessages.noRows);
  return { rows, errors: [] };
}
