import ExcelJS from 'exceljs';
import { lotImportColumns, type LotImportRow } from '../../../shared/domain/lot';
import { checkHeaders, importMessages, type ImportCellError } from '../../../shared/rules/lot-import-validation';

export interface ClientFileContent {
  rows: { row: number; values: LotImportRow }[];
  errors: ImportCellError[];
}

function cellText(cell: ExcelJS.Cell): string {
  // `text` renders numbers, dates, hyperlinks (mailto:) and rich text as the user sees them.
  return (cell.text ?? '').toString().trim();
}

/** Reads the sheet named 'clients' (part 2 §3): headers in row 1, one lot per following row. */
export async function readClientFile(content: Buffer): Promise<ClientFileContent> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    return { rows: [], errors: [{ row: 0, column: '', field: '', message: 'Fichier illisible : enregistrez-le au format Excel .xlsx.' }] };
  }
  const sheet = workbook.worksheets.find((candidate) => candidate.name.trim().toLowerCase() === 'clients');
  if (!sheet) return { rows: [], errors: [{ row: 0, column: '', field: '', message: importMessages.noSheet }] };

  const headerRow = sheet.getRow(1);
  const headers = lotImportColumns.map((_, index) => cellText(headerRow.getCell(index + 1)));
  const headerErrors = checkHeaders(headers);
  if (headerErrors.length > 0) return { rows: [], errors: headerErrors };

  const rows: ClientFileContent['rows'] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const values = Object.fromEntries(lotImportColumns.map((column, index) => [column.field, cellText(row.getCell(index + 1))])) as LotImportRow;
    if (Object.values(values).some((value) => value !== '')) rows.push({ row: rowNumber, values });
  });
  if (rows.length === 0) return { rows, errors: [{ row: 0, column: '', field: '', message: importMessages.noRows }] };
  return { rows, errors: [] };
}
