import { createReadStream, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve } from 'node:path';
import type { PrintData } from '../../shared/exports/print-data';
import { parisWallToEpoch } from '../../shared/scheduling/time-grid';

/**
 * The bench's targets for the exports (part 2 §2.9 PDF, part 1 §9 XLSX): a 600-lot PDF under 3 s
 * warm, a 5,000-row XLSX under 5 s. Printed, not enforced.
 */
const pdfTargetMs = 3_000;
const xlsxTargetMs = 5_000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const max = (values: number[]) => Math.max(...values);

/** 600 visits of 1 h over 20 weekdays, 6 AMOs, as the print page receives them. */
function printData600(): PrintData {
  const visits: PrintData['visits'] = [];
  const days: string[] = [];
  for (let day = 0; visits.length < 600; day += 1) {
    const date = new Date(Date.UTC(2027, 2, 1 + day)).toISOString().slice(0, 10);
    if ([0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay())) continue;
    days.push(date);
    for (let amoNb = 0; amoNb < 6; amoNb += 1) {
      for (let slot = 0; slot < 5 && visits.length < 600; slot += 1) {
        const start = parisWallToEpoch(date, 9 * 60 + slot * 90);
        const lot = visits.length + 1;
        visits.push({
          start: new Date(start).toISOString(),
          end: new Date(start + 3_600_000).toISOString(),
          amoNb,
          title: `A${lot} - Acquéreur ${lot} - 3P`,
          planningIndex: 0,
          unavailable: false,
        });
      }
    }
  }
  return {
    plannings: [
      {
        uuid: 'bench-planning-uuid',
        title: 'Bench - Visites Livraison (600 lots)',
        name: 'Bench',
        projectName: 'Résidence Bench',
        address: '1 rue du Banc, 69000 Lyon',
        amos: Array.from({ length: 6 }, (_, amoNb) => ({ amoNb, name: `AMO ${amoNb + 1}` })),
      },
    ],
    visits,
    freeMeetings: [],
    format: 'lotNameTypo',
    view: 'week',
    showFreeMeetings: false,
    amoNb: null,
    days,
  };
}

const types: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' };

/** The built SPA and the print page's data call, nothing else: what the renderer's Chromium loads. */
function printServer(webDir: string, data: PrintData): Promise<Server> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://bench').pathname;
    if (path === '/api/exports/print-data') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(data));
      return;
    }
    const file = join(webDir, path);
    const target = path !== '/' && file.startsWith(webDir) && existsSync(file) ? file : join(webDir, 'index.html');
    response.writeHead(200, { 'content-type': types[extname(target)] ?? 'application/octet-stream' });
    createReadStream(target).pipe(response);
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

/** PDF of a 600-lot planning (the print page in headless Chromium, warm browser) and XLSX of 5,000 rows. */
export async function runExportsBench(runs = 5): Promise<void> {
  const { renderPrintPage, closePdfBrowser } = await import('../../functions/core/exports/render-pdf');
  const webDir = resolve(__dirname, '../../web/dist');
  console.log('\nExports (part 2 §2.9)');
  if (!existsSync(join(webDir, 'index.html'))) {
    console.log('bench exports pdf-600 skipped: web/dist is not built (npm run build)');
  } else {
    const server = await printServer(webDir, printData600());
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/print/bench--lotNameTypo/week?token=bench`;
    try {
      let started = performance.now();
      const cold = await renderPrintPage(url);
      const coldMs = performance.now() - started;
      const warm: number[] = [];
      let bytes = cold.length;
      for (let run = 0; run < runs; run += 1) {
        started = performance.now();
        bytes = (await renderPrintPage(url)).length;
        warm.push(performance.now() - started);
      }
      console.log(
        `bench exports pdf-600 cold_ms=${coldMs.toFixed(0)} warm median_ms=${median(warm).toFixed(0)} max_ms=${max(warm).toFixed(0)} pdf_kb=${(bytes / 1024).toFixed(0)} target_ms=${pdfTargetMs}`,
      );
    } finally {
      await closePdfBrowser();
      server.close();
    }
  }

  const { buildWorkbook } = await import('../../functions/core/exports/xlsx-workbook');
  type Row = { lot: string; nom: string; phone: string; start: string; end: string; status: string };
  const rows: Row[] = Array.from({ length: 5000 }, (_, index) => {
    const start = Date.UTC(2027, 2, 1 + (index % 60), 8 + (index % 8));
    return {
      lot: `A${index}`,
      nom: `Acquéreur ${index}`,
      phone: '+33612345678',
      start: new Date(start).toISOString(),
      end: new Date(start + 3_600_000).toISOString(),
      status: 'réservé',
    };
  });
  const columns = [
    { header: 'Lot', width: 10, value: (row: Row) => row.lot, typed: true },
    { header: 'Nom', width: 26, value: (row: Row) => row.nom, typed: true },
    { header: 'Téléphone', width: 16, value: (row: Row) => row.phone, typed: true },
    { header: 'Statut', width: 14, value: (row: Row) => row.status },
    { header: 'Début', width: 18, value: (row: Row) => row.start, date: true },
    { header: 'Fin', width: 18, value: (row: Row) => row.end, date: true },
  ];
  const timings: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    await buildWorkbook([{ name: 'Planning', columns, rows }]);
    timings.push(performance.now() - started);
  }
  console.log(`bench exports xlsx-5000 build median_ms=${median(timings).toFixed(0)} max_ms=${max(timings).toFixed(0)} target_ms=${xlsxTargetMs}`);
}

if (require.main === module) {
  runExportsBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
