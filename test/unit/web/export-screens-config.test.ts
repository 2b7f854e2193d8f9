import { decodePath } from '../../../infra/local/api-dispatcher';
import { decodePrintSegment, parsePrintSpec } from '../../../shared/exports/print-spec';
import { titleFormats } from '../../../shared/exports/title-format';
import { exportMessages } from '../../../shared/messages/exports';
import {
  defaultExportOptions,
  exportErrorOf,
  exportFiles,
  PDF_DOWNLOAD_SPACING_MS,
  spacedDownloads,
  titleFormatLabel,
  type ExportOptions,
} from '../../../web/src/components/exports/export-config';
import {
  consolidatedEvents,
  consolidatedIds,
  consolidatedPath,
  planningColor,
  type ConsolidatedCalendarPlanning,
} from '../../../web/src/pages/exports/consolidated-config';
import { crossProgramQuery, filterOptions, initialCrossProgramState, pagesCountOf } from '../../../web/src/pages/exports/cross-program-config';

const target = { ids: ['a'.repeat(24)], uuids: ['UUIDuuid1234'], amoCount: 3 };
const options = (patch: Partial<ExportOptions>): ExportOptions => ({ ...defaultExportOptions, ...patch });
// The path as the server reads it: the dispatcher decodes it (decodeURI, as the router), then the
// renderer's route decodes its parameter (decodePrintSegment).
const pdfSpec = (path: string) =>
  parsePrintSpec(
    decodePrintSegment(
      decodePath(path)
        .path.replace(/^\/rdv\//, '')
        .replace(/\/print$/, ''),
    ),
  );

describe('export options modal (part 2 §2.9, §2.10 export options)', () => {
  it('a PDF carries the title format, the view, RDV Libre and the AMO in the print segment the renderer parses (part 1 §7)', () => {
    const [file] = exportFiles(target, options({ format: 'nameLotTypo', view: 'day', showFreeMeetings: true, amo: 1 }));
    expect(pdfSpec(file.path)).toEqual({ uuids: ['UUIDuuid1234'], format: 'nameLotTypo', view: 'day', showFreeMeetings: true, amoNb: 1 });
    expect(file.filename).toBe('planning-UUIDuuid-amo2.pdf');
  });

  it('per-AMO multi print (part 2 §2.9): one PDF per AMO, each for its own AMO index', () => {
    const files = exportFiles(target, options({ amo: 'each' }));
    expect(files.map((file) => pdfSpec(file.path)?.amoNb)).toEqual([0, 1, 2]);
    expect(new Set(files.map((file) => file.filename)).size).toBe(3);
  });

  it('a consolidated PDF joins the uuids with & in one print (part 2 §2.8 layout lotTypo)', () => {
    const [file] = exportFiles({ ids: ['1'.repeat(24), '2'.repeat(24)], uuids: ['UUIDaaaa1111', 'UUIDbbbb2222'], amoCount: 0 }, options({ format: 'lotTypo' }));
    expect(pdfSpec(file.path)).toMatchObject({ uuids: ['UUIDaaaa1111', 'UUIDbbbb2222'], format: 'lotTypo', amoNb: null });
  });

  it('XLSX asks the planning ids and the title format; several ids make the consolidated spreadsheet', () => {
    expect(exportFiles(target, options({ fileType: 'xlsx', format: 'lotName' }))).toEqual([
      { path: `/exports/xlsx?ids=${'a'.repeat(24)}&format=lotName`, filename: 'planning-UUIDuuid1234.xlsx' },
    ]);
    expect(exportFiles({ ...target, ids: ['1', '2'], uuids: ['x', 'y'] }, options({ fileType: 'xlsx' }))[0].filename).toBe('planning-consolide.xlsx');
  });

  it('ICS: the whole planning, one AMO’s visits, or one meeting (the staff side of « Ajouter au calendrier »)', () => {
    const base = `/exports/plannings/${'a'.repeat(24)}/ics`;
    expect(exportFiles(target, options({ fileType: 'ics' }))[0].path).toBe(`${base}?format=lotTypo`);
    expect(exportFiles(target, options({ fileType: 'ics', amo: 2 }))[0].path).toBe(`${base}?format=lotTypo&amoNb=2`);
    expect(exportFiles(target, options({ fileType: 'ics', amo: 2, meetingUuid: 'm1' }))[0].path).toBe(`${base}?format=lotTypo&uuid=m1`);
  });

  it('the 15 title formats of part 2 §9 each get a distinct French label', () => {
    expect(titleFormatLabel('lotNameTypoTel')).toBe('Lot - Nom - Typologie - Téléphone');
    expect(new Set(titleFormats.map(titleFormatLabel)).size).toBe(15);
  });

  it("failures read 'Erreur lors de l'export PDF du planning' / 'Erreur lors de l'export XLS du planning' (part 2 §8 Export); ICS only logged", () => {
    expect(exportErrorOf('pdf', exportMessages)).toBe("Erreur lors de l'export PDF du planning");
    expect(exportErrorOf('xlsx', exportMessages)).toBe("Erreur lors de l'export XLS du planning");
    expect(exportErrorOf('ics', exportMessages)).toBeNull();
  });
});

describe('per-AMO downloads (part 2 §9 PDF download spacing 500 ms)', () => {
  it('starts every render at once, then saves in order with 500 ms between two saves', async () => {
    const log: string[] = [];
    const resolvers: ((value: string) => void)[] = [];
    const fetches = [0, 1, 2].map((index) => () => {
      log.push(`fetch ${index}`);
      return new Promise<string>((resolve) => resolvers.push(resolve));
    });
    const done = spacedDownloads(
      fetches,
      (file) => log.push(`save ${file}`),
      PDF_DOWNLOAD_SPACING_MS,
      async (ms) => void log.push(`wait ${ms}`),
    );
    expect(log).toEqual(['fetch 0', 'fetch 1', 'fetch 2']);
    // The last render finishes first: saves still come in AMO order.
    resolvers[2]('c');
    resolvers[0]('a');
    resolvers[1]('b');
    await done;
    expect(log.slice(3)).toEqual(['save a', 'wait 500', 'save b', 'wait 500', 'save c']);
  });

  it('a failed render stops the saves after those already made', async () => {
    const saved: string[] = [];
    const fetches = [() => Promise.resolve('a'), () => Promise.reject(new Error('boom')), () => Promise.resolve('c')];
    await expect(
      spacedDownloads(
        fetches,
        (file) => saved.push(file),
        0,
        async () => undefined,
      ),
    ).rejects.toThrow('boom');
    expect(saved).toEqual(['a']);
  });
});

const calendarPlanning = (name: string, meetings: ConsolidatedCalendarPlanning['meetings']): ConsolidatedCalendarPlanning => ({
  name,
  freeMeetings: [],
  events: [{ start: '2027-03-02T07:30:00.000Z', end: '2027-03-02T16:00:00.000Z', nbAmo: 1 }],
  lunchStartTime: '12:30',
  lunchEndTime: '14:00',
  planningStartTime: '2027-03-02T07:30:00.000Z',
  planningEndTime: '2027-03-02T16:00:00.000Z',
  meetings,
});
const visit = (uuid: string, lotcomm: string, start: string | null, placed = true) => ({
  uuid,
  start,
  end: start && new Date(Date.parse(start) + 3_600_000).toISOString(),
  isActive: true,
  isBooked: placed,
  forced: null,
  guest: { lotcomm, nom: 'Dupont', typologie: '3P' },
});

describe('consolidated view (part 2 §2.8)', () => {
  it('shows the plannings together, one colour per planning, visits titled lotTypo with the planning name at their Paris time', () => {
    const events = consolidatedEvents([
      calendarPlanning('Bâtiment A', [visit('m1', 'A101', '2027-03-02T08:00:00.000Z'), visit('m2', 'A102', null, false)]),
      calendarPlanning('Bâtiment B', [visit('m3', 'B201', '2027-03-02T09:00:00.000Z')]),
    ]);
    const visits = events.filter((event) => event.display !== 'background');
    expect(visits.map((event) => [event.title, event.start, event.backgroundColor])).toEqual([
      ['A101 - 3P · Bâtiment A', '2027-03-02T09:00:00Z', planningColor(0)],
      ['B201 - 3P · Bâtiment B', '2027-03-02T10:00:00Z', planningColor(1)],
    ]);
    expect(planningColor(0)).not.toBe(planningColor(1));
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
  });

  it('reads the ids of ?ids=… and builds the link from a selection', () => {
    expect(consolidatedIds('a,b,,a, c')).toEqual(['a', 'b', 'c']);
    expect(consolidatedIds(null)).toEqual([]);
    expect(consolidatedPath('p'.repeat(24), ['a', 'b'])).toBe(`/projets/${'p'.repeat(24)}/plannings-consolidate?ids=a,b`);
  });
});

describe('cross-program plannings list (part 2 §2.3, part 3 §7 GET /plannings/q)', () => {
  it('asks 10 a page with only the filters chosen and the sorter', () => {
    expect(crossProgramQuery(initialCrossProgramState)).toEqual({ current: 1, pageSize: 10, sortField: 'createdAt', sortOrder: 'descend' });
    expect(crossProgramQuery({ ...initialCrossProgramState, page: 3, kind: 'imposed', phase: 'delivery', sortField: 'name', descending: false })).toMatchObject(
      {
        current: 3,
        kind: 'imposed',
        phase: 'delivery',
        sortField: 'name',
        sortOrder: 'ascend',
      },
    );
    expect(pagesCountOf(0)).toBe(1);
    expect(pagesCountOf(21)).toBe(3);
  });

  it('offers the server’s planningFilters, each list led by « Tous »', () => {
    const choices = filterOptions({
      programs: [{ id: 'p1', name: 'Les Jardins' }],
      phases: ['delivery'],
      kinds: ['free', 'imposed'],
      states: ['Planning terminé'],
    });
    expect(choices.programs).toEqual([
      { value: '', label: 'Tous les programmes' },
      { value: 'p1', label: 'Les Jardins' },
    ]);
    expect(choices.phases[1]).toEqual({ value: 'delivery', label: 'Livraison' });
    expect(choices.kinds.map((option) => option.label)).toEqual(['Tous les types', 'Libre', 'Imposé']);
  });
});
