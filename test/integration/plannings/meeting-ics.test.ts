import { getDeps } from '../../../functions/runtime/deps';
import { call } from '../../support/test-api';
import { buyerBooks, freePlanning, outboxTo, parisSeconds } from '../planning-actions/support';

/**
 * The visit's calendar file (part 1 §2 'Ajouter au calendrier', part 1 §7): one UID per
 * meeting, a SEQUENCE that grows with each change of the visit, METHOD:CANCEL on a cancel.
 */
const field = (ics: string, name: string) => ics.match(new RegExp(`^${name}:(.*)$`, 'm'))?.[1]?.trim();

async function icsOf(uuid: string) {
  const response = await call('GET', `/api/rdv/usr/${uuid}/ics`);
  return { status: response.status, body: response.body, text: response.raw.toString('utf8') };
}

describe('ICS of a visit (part 1 §7)', () => {
  it("an unbooked visit has no calendar file: 404 'Aucun rendez-vous réservé', not the cancel message", async () => {
    const setup = await freePlanning({ lots: 1 });
    const response = await icsOf(setup.meetings[0].uuid);
    expect(response.status).toBe(404);
    expect(response.body.message).toBe("Aucun rendez-vous réservé : il n'y a pas de visite à ajouter au calendrier.");
  });

  it('booking, cancelling and booking again: same UID, SEQUENCE 1 then 3', async () => {
    const setup = await freePlanning({ lots: 2 });
    const { uuid } = setup.meetings[0];
    expect((await buyerBooks(setup.planningId, uuid)).status).toBe(200);
    const first = (await icsOf(uuid)).text;
    expect(field(first, 'UID')).toBe(`${uuid}@livrea`);
    expect(field(first, 'SEQUENCE')).toBe('1');
    expect(field(first, 'METHOD')).toBe('PUBLISH');
    expect((await call('PATCH', `/api/rdv/unbook/${uuid}`)).status).toBe(200);
    expect((await buyerBooks(setup.planningId, uuid, 1)).status).toBe(200);
    const again = (await icsOf(uuid)).text;
    expect(field(again, 'UID')).toBe(`${uuid}@livrea`);
    expect(field(again, 'SEQUENCE')).toBe('3');
    expect(field(again, 'DTSTART')).not.toBe(field(first, 'DTSTART'));
  });

  it('a staff move is a new revision; the staff cancellation mail carries METHOD:CANCEL with the same UID and the next SEQUENCE', async () => {
    const setup = await freePlanning({ lots: 2 });
    const meeting = setup.meetings[0];
    expect((await buyerBooks(setup.planningId, meeting.uuid)).status).toBe(200);
    const moved = await call('PATCH', `/api/rdv/${setup.planningId}/move`, {
      token: setup.token,
      body: { selected: meeting.uuid, rdvDate: parisSeconds(setup.dayDates[1], '15:00'), confirmMoveOption: 'moveOnly' },
    });
    expect(moved.status).toBe(200);
    const afterMove = (await icsOf(meeting.uuid)).text;
    expect(field(afterMove, 'SEQUENCE')).toBe('2');
    const cancelled = await call('PATCH', `/api/rdv/${setup.planningId}/unbook-staff`, {
      token: setup.token,
      body: { uuid: meeting.uuid, isMailConfirmationDel: true },
    });
    expect(cancelled.status).toBe(200);
    const mail = (await outboxTo(meeting.guest.mailmonsieur)).find((message) => message.subject?.includes('rendez-vous annulé'));
    const attachment = mail?.attachments.find((candidate) => candidate.filename === 'annulation.ics');
    expect(attachment).toBeDefined();
    const cancel = (await getDeps().files.get(attachment!.fileKey))!.body.toString('utf8');
    expect(field(cancel, 'METHOD')).toBe('CANCEL');
    expect(field(cancel, 'STATUS')).toBe('CANCELLED');
    expect(field(cancel, 'UID')).toBe(`${meeting.uuid}@livrea`);
    expect(field(cancel, 'SEQUENCE')).toBe('3');
    expect(field(cancel, 'DTSTART')).toBe(field(afterMove, 'DTSTART'));
    expect((await icsOf(meeting.uuid)).status).toBe(404);
  });
});
