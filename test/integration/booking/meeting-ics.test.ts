import { buyerBooks, freePlanning } from '../planning-actions/support';
import { call } from '../../support/test-api';

/** GET /api/rdv/usr/{uuid}/ics (part 2 §2 'Ajouter au calendrier'): the booked visit as an iCalendar file, public by the buyer's link. */
describe('booked visit as a calendar file: GET /rdv/usr/{uuid}/ics', () => {
  it('a booked visit downloads as rendez-vous.ics with its UID, UTC start, duration, place and link', async () => {
    const setup = await freePlanning({ lots: 1 });
    const [meeting] = setup.meetings;
    const booked = await buyerBooks(setup.planningId, meeting.uuid);
    expect(booked.status).toBe(200);

    const response = await call('GET', `/api/rdv/usr/${meeting.uuid}/ics`);

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="rendez-vous.ics"');
    expect(response.headers['cache-control']).toBe('no-store');
    const ics = response.raw.toString('utf8').replace(/\r\n[ \t]/g, '');
    const icsTime = (epochMs: number) =>
      new Date(epochMs)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    const start = icsTime(Date.parse(booked.option.startDate));
    expect(ics).toMatch(/^BEGIN:VCALENDAR/);
    expect(ics).toContain(`UID:${meeting.uuid}@livrea`);
    expect(ics).toContain(`DTSTART:${start}`);
    // One hour, written as a duration or as an end.
    expect(ics).toMatch(new RegExp(`DURATION:PT(1H|60M)\\r\\n|DTEND:${icsTime(Date.parse(booked.option.startDate) + 3_600_000)}\\r\\n`));
    expect(ics).toContain('LOCATION:5 quai du Lac\\, 74000 Annecy');
    expect(ics).toContain(`/entrevue/${meeting.uuid}`);
  });

  it('a visit not booked has no calendar file (404)', async () => {
    const setup = await freePlanning({ lots: 1 });
    expect((await call('GET', `/api/rdv/usr/${setup.meetings[0].uuid}/ics`)).status).toBe(404);
  });

  it("an unknown link answers 404 'Rendez-vous non trouvé'", async () => {
    const response = await call('GET', `/api/rdv/usr/${'x'.repeat(32)}/ics`);
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Rendez-vous non trouvé');
  });
});
