import type ExcelJS from 'exceljs';

/**
 * exceljs, loaded when a workbook is first read or written: loading it costs about a second of CPU,
 * which every instance of a function whose code can reach a workbook paid at its start, workbook
 * or not (the local workers' profiles: 12 of 187 s of their CPU in six browser journeys went to
 * loading it; docs/testing.md « What was cut on 30 November, night »).
 */
export async function loadExcelJs(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}
