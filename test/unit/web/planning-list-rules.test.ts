import type { Planning } from '../../../shared/domain/planning';
import type { PlanningDraft } from '../../../web/src/api/planning-queries';
import { draftDataOf } from '../../../web/src/pages/plannings/free-planning-draft';
import { defaultForm, withDayFields } from '../../../web/src/pages/plannings/free-planning-config';
import { planningRows, rowHref, stateColors } from '../../../web/src/pages/plannings/planning-list-config';
import { blockPosition, hourTicks, scheduleByDate } from '../../../web/src/components/plannings/simulation-grid-config';
import { deliveryLogRows, deliverySummary } from '../../../web/src/components/plannings/delivery-log-config';
import type { DeliveryLogEntry } from '../../../web/src/api/planning-queries';

const now = new Date('2026-11-20T10:00:00.000Z');

function planning(patch: Partial<Planning> = {}): Planning {
  return {
    _id: 'p1',
    uuid: 'u1',
    name: 'Choix bâtiment A',
    projectId: 'prog',
    projectName: 'Les Jardins du Parc',
    promoter: 'Demo',
    phase: 'choices',
    templateType: 'promoter',
    planningStartTime: '2026-12-07T07:30:00.000Z',
    planningEndTime: '2026-12-11T16:00:00.000Z',
    bookingDeadline: '2026-11-30T19:00:00.000Z',
    pas: 1800,
    events: [],
    lunchStartTime: '12:30',
    lunchEndTime: '14:00',
    amoList: [],
    areAmosAssigned: false,
    authorizeTrous: false,
    mTimes: {},
    questions: [],
    maxVisitorsNb: 0,
    address: { numero: '1', rue: 'rue', codepostal: '75001', ville: 'Paris' },
    messages: {},
    contact: {},
    reminderHours: 48,
    notifications: { mail: true, sms: true },
    isInvitationSent: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    createdBy: 'u',
    hasAttachment: false,
    nbInvited: 20,
    nbBooked: 6,
    nbNotBooked: 14,
    nbNotAvailable: 2,
    nbConfirmed: 0,
    nbInactive: 0,
    ...patch,
  };
}

describe('plannings list rows (part 2 §2.3, §4)', () => {
  it('shows a planning with its state tag, progress counters, period and deadline (Paris)', () => {
    const [row] = planningRows([planning()], [], now);
    expect(row).toMatchObject({
      kind: 'planning',
      phaseLabel: 'Choix',
      state: 'En cours de réservation',
      imposed: false,
      progress: { percent: 40, invited: 20, booked: 6, unavailable: 2, waiting: 12 },
      period: '07/12/2026 → 11/12/2026',
      deadline: '30/11/2026 20:00',
    });
    expect(stateColors[row.state]).toBe('green');
  });

  it('shows drafts with the Brouillon tag, their period and deadline, newest first', () => {
    const form = withDayFields({ ...defaultForm(), name: 'Brouillon cloisons', phase: 'partitions' }, { rangeStart: '2026-12-14', rangeEnd: '2026-12-18' });
    const draft: PlanningDraft = {
      _id: 'd1',
      name: 'Brouillon cloisons',
      projectId: 'prog',
      templateType: 'draft',
      updatedAt: '2026-11-10T08:00:00.000Z',
      data: draftDataOf(form),
    };
    const rows = planningRows([planning()], [draft], now);
    expect(rows.map((row) => row.id)).toEqual(['d1', 'p1']);
    expect(rows[0]).toMatchObject({
      state: 'Brouillon',
      phaseLabel: 'Cloisons',
      progress: null,
      period: '14/12/2026 → 18/12/2026',
      deadline: '07/12/2026 20:00',
    });
  });

  it('imposed plannings carry the Convocation tag and count confirmations', () => {
    const [row] = planningRows([planning({ templateType: 'promoterImpose', nbConfirmed: 8 })], [], now);
    expect(row.imposed).toBe(true);
    expect(row.progress).toMatchObject({ booked: 8, percent: 50 });
  });

  it('leads each type to its page', () => {
    expect(rowHref('prog', { id: 'p1', templateType: 'promoter' })).toBe('/projets/prog/plannings-libres/p1');
    expect(rowHref('prog', { id: 'p1', templateType: 'promoterImpose' })).toBe('/projets/prog/plannings-imposes/p1');
    expect(rowHref('prog', { id: 'd1', templateType: 'draft' })).toBe('/projets/prog/plannings/nouveau?id=d1');
    expect(rowHref('prog', { id: 'd1', templateType: 'draftImpose' })).toBe('/projets/prog/plannings/nouveau-impose?id=d1');
  });
});

describe('simulation time grid (08:00–20:00)', () => {
  it('places blocks as a share of the 12-hour row, clipped at its ends', () => {
    expect(blockPosition('08:00', '09:00')).toEqual({ left: 0, width: (1 / 12) * 100 });
    expect(blockPosition('14:00', '15:30').left).toBeCloseTo(50);
    expect(blockPosition('19:30', '21:00').width).toBeCloseTo((0.5 / 12) * 100);
    expect(hourTicks()).toHaveLength(13);
  });

  it('groups the schedule by day, AMO columns in order', () => {
    const day = (date: string, amoNb: number) => ({ date, amoNb, amoId: null, amoLabel: `AMO ${amoNb + 1}`, visits: [] });
    expect(scheduleByDate([day('2026-12-08', 1), day('2026-12-07', 0), day('2026-12-08', 0)]).map((d) => [d.date, d.rows.map((r) => r.amoNb)])).toEqual([
      ['2026-12-07', [0]],
      ['2026-12-08', [0, 1]],
    ]);
  });
});

describe("'Journal des envois' of a planning (queued, sent, failed with the reason, read by staff)", () => {
  const entry = (patch: Partial<DeliveryLogEntry>): DeliveryLogEntry => ({
    id: 'd1',
    meetingUuid: 'm1',
    kind: 'invitation',
    channel: 'email',
    to: 'a@exemple.fr',
    status: 'sent',
    at: '2026-11-20T09:00:00.000Z',
    buyer: { lotcomm: 'A12', nom: 'Durand' },
    ...patch,
  });
  const log = [
    entry({}),
    entry({ id: 'd2', channel: 'sms', to: '+33611223344', status: 'failed', reason: 'Numéro de téléphone invalide', at: '2026-11-20T09:00:01.000Z' }),
    entry({ id: 'd3', kind: 'reminder', status: 'queued', at: '2026-07-01T08:00:00.000Z', buyer: undefined }),
  ];

  it('shows each line newest first in Paris time, with the buyer, the message, the channel and the outcome with its reason', () => {
    expect(deliveryLogRows(log)).toEqual([
      {
        id: 'd2',
        at: '20/11/2026 10:00:01',
        buyer: 'A12 · Durand',
        message: 'Invitation',
        channel: 'SMS',
        to: '+33611223344',
        status: { type: 'error', label: 'Échec : Numéro de téléphone invalide' },
      },
      {
        id: 'd1',
        at: '20/11/2026 10:00:00',
        buyer: 'A12 · Durand',
        message: 'Invitation',
        channel: 'E-mail',
        to: 'a@exemple.fr',
        status: { type: 'success', label: 'Envoyé' },
      },
      {
        id: 'd3',
        at: '01/07/2026 10:00:00',
        buyer: '—',
        message: 'Rappel avant la visite',
        channel: 'E-mail',
        to: 'a@exemple.fr',
        status: { type: 'pending', label: "En cours d'envoi" },
      },
    ]);
  });

  it('filters the failed or the queued lines and counts each outcome', () => {
    expect(deliveryLogRows(log, 'failed').map((row) => row.id)).toEqual(['d2']);
    expect(deliveryLogRows(log, 'queued').map((row) => row.id)).toEqual(['d3']);
    expect(deliverySummary({ sent: 1, failed: 1, queued: 1, dead: 0 })).toBe('1 envoyé · 1 échec · 1 en cours');
  });

  it('delivery dead letters: a message given up after its retries shows as abandoned with its reason, under Échecs, and is counted', () => {
    const withDead = [...log, entry({ id: 'd4', kind: 'confirmation', status: 'dead', reason: 'SES indisponible', at: '2026-11-20T09:30:00.000Z' })];
    expect(deliveryLogRows(withDead)[0]).toEqual(
      expect.objectContaining({ id: 'd4', message: 'Confirmation', status: { type: 'error', label: 'Abandonné après plusieurs essais : SES indisponible' } }),
    );
    expect(deliveryLogRows(withDead, 'failed').map((row) => row.id)).toEqual(['d4', 'd2']);
    expect(deliverySummary({ sent: 1, failed: 1, queued: 1, dead: 1 })).toBe('1 envoyé · 1 échec · 1 en cours · 1 abandonné');
  });

  it('an invitation sent without its missing attachment shows as sent with a warning that says so, and counts as sent', () => {
    const reason =
      'Envoyé sans la pièce jointe « notice.pdf » : le fichier est introuvable. Joignez-le de nouveau au planning et transmettez-le aux acquéreurs.';
    const withNote = [entry({ id: 'd5', status: 'sent', reason, at: '2026-11-20T11:00:00.000Z' })];
    expect(deliveryLogRows(withNote)[0].status).toEqual({ type: 'warning', label: reason });
    expect(deliverySummary({ sent: 1, failed: 0, queued: 0, dead: 0 })).toBe('1 envoyé · 0 échec · 0 en cours');
  });
});
