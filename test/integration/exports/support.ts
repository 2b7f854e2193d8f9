import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSpaIfNeeded } from '../../../infra/local/build-spa';
import { freePort } from '../../../infra/local/dynamodb-local';
import { startLocalProduct, type RunningProduct } from '../../../infra/local/local-product';
import ICAL from 'ical.js';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../../functions/data/keys';
import { getDeps } from '../../../functions/runtime/deps';
import { epochToParisWall, formatHm } from '../../../shared/scheduling/time-grid';
import { planningBody } from '../../support/planning-fixtures';
import { call } from '../../support/test-api';
import { buyerBooks, freePlanning, parisSeconds } from '../planning-actions/support';

/** The text of a PDF as pdftotext (poppler-utils) reads it, whitespace runs made single spaces. */
export function pdfText(pdf: Buffer): string {
  return withPdf(pdf, (file) => execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' })).replace(/\s+/g, ' ');
}

/** 'Page size' of pdfinfo in whole points ('842 x 595 pts (A4)' for A4 landscape; Chromium writes 841.92 x 594.96). */
export function pdfPageSize(pdf: Buffer): string {
  const info = withPdf(pdf, (file) => execFileSync('pdfinfo', [file], { encoding: 'utf8' }));
  const match = /^Page size:\s+([\d.]+) x ([\d.]+) pts(.*)$/m.exec(info);
  return match ? `${Math.round(Number(match[1]))} x ${Math.round(Number(match[2]))} pts${match[3]}` : '';
}

function withPdf<T>(pdf: Buffer, read: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'livrea-pdf-'));
  try {
    writeFileSync(join(dir, 'print.pdf'), pdf);
    return read(join(dir, 'print.pdf'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The rows of an XLSX file as LibreOffice reads it (`soffice --headless --convert-to csv`). */
export function xlsxRows(xlsx: Buffer): string[][] {
  const dir = mkdtempSync(join(tmpdir(), 'livrea-xlsx-'));
  try {
    writeFileSync(join(dir, 'export.xlsx'), xlsx);
    // A profile of its own: parallel soffice runs would otherwise share (and lock) one.
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${dir}/profile`,
        '--headless',
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false',
        '--outdir',
        dir,
        join(dir, 'export.xlsx'),
      ],
      { stdio: 'pipe', timeout: 120_000 },
    );
    return parseCsv(readFileSync(join(dir, 'export.csv'), 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted && char === '"' && text[index + 1] === '"') {
      cell += '"';
      index += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ',') {
      endCell();
    } else if (!quoted && char === '\n') {
      endCell();
      rows.push(row);
      row = [];
    } else if (quoted || char !== '\r') {
      cell += char;
    }
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

export interface ParsedEvent {
  uid: string;
  sequence: number;
  summary: string;
  /** Paris wall time 'YYYY-MM-DD HH:mm'. */
  parisStart: string;
  parisEnd: string;
}

const paris = (date: Date) => {
  const wall = epochToParisWall(date.getTime());
  return `${wall.date} ${formatHm(wall.minuteOfDay)}`;
};

/** The events of an iCalendar file, parsed by ical.js (strict: a malformed file throws). */
export function icsEvents(text: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      sequence: event.sequence,
      summary: event.summary,
      parisStart: paris(event.startDate.toJSDate()),
      parisEnd: paris(event.endDate.toJSDate()),
    };
  });
}

/** What a buyer typed, written as it is stored (the name and observations of a meeting). */
export async function setGuestText(planningId: string, uuid: string, nom: string, observations: string): Promise<void> {
  const deps = getDeps();
  await deps.store.doc.send(
    new UpdateCommand({
      TableName: deps.store.table,
      Key: keys.meeting(planningId, uuid),
      UpdateExpression: 'SET guest.nom = :nom, observations = :obs',
      ExpressionAttributeValues: { ':nom': nom, ':obs': observations },
    }),
  );
}

/**
 * Two free plannings of one program, as the consolidated exports need them: in the first a buyer
 * booked, in the second (« Visites cloisons bâtiment B ») staff forced one visit at 15:00 on the
 * second day.
 */
export async function twoPlanningsOfOneProgram() {
  const setup = await freePlanning({ lots: 4, invited: 2 });
  expect((await buyerBooks(setup.planningId, setup.meetings[0].uuid)).status).toBe(200);
  const secondCreated = await call('POST', '/api/rdv', {
    token: setup.token,
    body: planningBody(
      setup.program._id,
      setup.clients.slice(2).map((client) => client._id),
      { name: 'Visites cloisons bâtiment B', events: setup.events },
    ),
  });
  expect(secondCreated.status).toBe(201);
  const secondId = secondCreated.body.planning._id as string;
  const secondMeetings = (await call('GET', `/api/rdv/${secondId}`, { token: setup.token })).body.meetings as { uuid: string; guest: { lotcomm: string } }[];
  const forced = await call('PATCH', `/api/rdv/book-force/${secondId}`, {
    token: setup.token,
    body: { selected: secondMeetings[0].uuid, rdvDate: parisSeconds(setup.dayDates[1], '15:00'), length: 3_600_000, isMailConfirmation: false },
  });
  expect(forced.status).toBe(200);
  return { setup, secondId, secondMeetings };
}

/**
 * The local product serving the SPA's print page, whose address is the deps' public URL: the PDF
 * renderer opens that page (built here when stale, since only the e2e project builds it first).
 */
export async function startPrintingProduct(dataPrefix: string): Promise<RunningProduct> {
  buildSpaIfNeeded(resolve(__dirname, '../../..'));
  const port = await freePort();
  process.env.PUBLIC_URL = `http://localhost:${port}`;
  const product = await startLocalProduct({
    port,
    webDir: resolve(__dirname, '../../../web/dist'),
    dataDir: mkdtempSync(join(tmpdir(), dataPrefix)),
    dynamoEndpoint: process.env.DYNAMODB_ENDPOINT,
    tableName: process.env.TABLE_NAME,
    seed: false,
  });
  expect(getDeps().config.publicUrl).toBe(product.url);
  return product;
}
