import { loadExcelJs } from '../../runtime/load-exceljs';
import { lotImportColumns } from '../../../shared/domain/lot';
import { clientFileModelExample } from '../../../shared/messages/lots';

/** The downloadable model: sheet 'clients' with the 14 headers in order, mandatory ones starred, and one example row. */
export async function buildClientFileModel(): Promise<Buffer> {
  const workbook = new (await loadExcelJs()).Workbook();
  const sheet = workbook.addWorksheet('clients');
  sheet.addRow(lotImportColumns.map((column) => (column.required ? `${column.header} *` : column.header)));
  sheet.addRow(clientFileModelExample);
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column) => {
    column.width = 20;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
