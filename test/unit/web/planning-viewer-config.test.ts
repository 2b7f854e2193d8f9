import type { PublicPlanning } from '../../../shared/domain/public-planning';
import { amoFromPath, mapsUrl, viewerEvents, viewerLegend, viewerTitle } from '../../../web/src/pages/viewer/planning-viewer-config';

const planning = (overrides: Partial<PublicPlanning> = {}): PublicPlanning => ({
  uuid: 'abcdefghijkl',
  name: 'Bâtiment A',
  phase: 'delivery',
  phaseLabel: 'Livraison',
  projectName: 'Les Jardins',
  promoter: 'Horizon',
  programId: 'a'.repeat(24),
  hasLogo: false,
  address: { numero: '12', rue: 'rue des Tilleuls', codepostal: '69003', ville: 'Lyon' },
  planningStartTime: '2026-12-14T07:30:00.000Z',
  planningEndTime: '2026-12-15T16:00:00.000Z',
  lunchStartTime: '12:30',
  lunchEndTime: '14:00',
  events: [{ start: '2026-12-14T07:30:00.000Z', end: '2026-12-14T16:00:00.000Z', nbAmo: 2 }],
  lotCount: 12,
  nbInvited: 12,
  nbBooked: 3,
  nbNotAvailable: 1,
  nbAnswered: 4,
  progress: 33,
  amos: [
    { amoNb: 0, name: 'Alice Martin' },
    { amoNb: 1, name: 'Bruno Petit' },
  ],
  visits: [
    { start: '2026-12-14T08:00:00.000Z', end: '2026-12-14T09:00:00.000Z', amoNb: 0, title: 'A001 2p' },
    { start: '2026-12-14T08:00:00.000Z', end: '2026-12-14T09:00:00.000Z', amoNb: 1, title: 'A002 3p' },
  ],
  freeMeetings: [{ name: 'Réunion', start: '2026-12-14T14:00:00.000Z', end: '2026-12-14T15:00:00.000Z', color: '#7d8998' }],
  ...overrides,
});

describe('public read-only viewer (part 2 §2.9)', () => {
  it("title reads 'name - Visites {phase label} (n lots)'", () => {
    expect(viewerTitle(planning())).toBe('Bâtiment A - Visites Livraison (12 lots)');
  });

  it('shows visits at their Paris wall time titled by lot, typology and AMO; the AMO index of the link keeps that AMO only', () => {
    const all = viewerEvents({ plannings: [planning()], amoNb: null, showFreeMeetings: true }).filter((event) => String(event.id).startsWith('visit-'));
    expect(all.map((event) => [event.title, event.start])).toEqual([
      ['A001 2p · Alice Martin', '2026-12-14T09:00:00Z'],
      ['A002 3p · Bruno Petit', '2026-12-14T09:00:00Z'],
    ]);
    const second = viewerEvents({ plannings: [planning()], amoNb: 1, showFreeMeetings: true }).filter((event) => String(event.id).startsWith('visit-'));
    expect(second.map((event) => event.title)).toEqual(['A002 3p · Bruno Petit']);
  });

  it("the 'RDVs Libres' switch hides the free meetings; lunch and bank holidays stay as backgrounds", () => {
    const titles = (showFreeMeetings: boolean) => viewerEvents({ plannings: [planning()], amoNb: null, showFreeMeetings }).map((event) => event.title);
    expect(titles(true)).toContain('Réunion');
    expect(titles(false)).not.toContain('Réunion');
    expect(titles(false)).toEqual(expect.arrayContaining(['Pause déjeuner', 'Noël']));
  });

  it("the colour legend names each AMO's colour, as the visits wear it; one AMO's link shows only that AMO; a group names each planning's colour", () => {
    const single = viewerLegend([planning()], null);
    expect(single.map((entry) => entry.label)).toEqual(['Alice Martin', 'Bruno Petit']);
    const events = viewerEvents({ plannings: [planning()], amoNb: null, showFreeMeetings: false }).filter((event) => String(event.id).startsWith('visit-'));
    expect(events.map((event) => event.backgroundColor)).toEqual(single.map((entry) => entry.color));
    expect(viewerLegend([planning()], 1).map((entry) => entry.label)).toEqual(['Bruno Petit']);
    expect(viewerLegend([planning(), planning({ uuid: 'second123456', name: 'Bâtiment B' })], null).map((entry) => entry.label)).toEqual([
      'Bâtiment A',
      'Bâtiment B',
    ]);
  });

  it('a group colours visits by planning and names the planning', () => {
    const events = viewerEvents({
      plannings: [planning(), planning({ uuid: 'second123456', name: 'Bâtiment B' })],
      amoNb: null,
      showFreeMeetings: false,
    }).filter((event) => String(event.id).startsWith('visit-'));
    expect(new Set(events.filter((event) => String(event.title).endsWith('Bâtiment A')).map((event) => event.backgroundColor)).size).toBe(1);
    expect(events[0].backgroundColor).not.toBe(events.find((event) => String(event.title).endsWith('Bâtiment B'))?.backgroundColor);
  });

  it('reads the AMO index of the link; anything else means every AMO', () => {
    expect([amoFromPath('1'), amoFromPath(undefined), amoFromPath('x'), amoFromPath('123')]).toEqual([1, null, null, null]);
  });

  it('links the address to a maps search', () => {
    expect(mapsUrl(planning().address)).toBe('https://www.openstreetmap.org/search?query=12%20rue%20des%20Tilleuls%2069003%20Lyon');
  });
});
