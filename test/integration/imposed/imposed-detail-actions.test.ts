import { call } from '../../support/test-api';
import { assertInvariants, outboxTo, refusalOf, slotGrainItems, waveOf } from '../planning-actions/support';
import { imposedPlanning } from './support';

/**
 * Part 2 §2.7 (imposed detail page actions): relance, rappel and cancel with the imposed
 * statuses of part 2 §4 in the bulk rules of part 2 §5, and the editing flags of part 2 §4.
 */
const refusedSelection = 'Opération impossible. Veuillez vérifier votre sélection.';

/** An imposed planning of `lots` convened buyers: lot 0 confirms (présent), lot 1 declares force majeure (indisponible), the others wait (en attente). */
async function answeredPlanning(lots: number) {
  const setup = await imposedPlanning({ lots });
  const [present, unavailable] = [setup.byLot(0), setup.byLot(1)];
  expect((await call('PATCH', `/api/rdv/confirm/${setup.planningId}`, { body: { usr: present.uuid } })).status).toBe(200);
  expect(
    (await call('PATCH', `/api/rdv/confirm/${setup.planningId}`, { body: { usr: unavailable.uuid, isAvailable: false, note: 'Déplacement professionnel' } }))
      .status,
  ).toBe(200);
  const meeting = async (index: number) => (await setup.read()).meetings.find((candidate) => candidate.uuid === setup.byLot(index).uuid)!;
  const history = async (index: number) =>
    (
      (await call('GET', `/api/rdv/${setup.planningId}/meetings/${setup.byLot(index).uuid}/history`, { token: setup.token })).body.history as {
        action: string;
      }[]
    ).map((entry) => entry.action);
  return { ...setup, present, unavailable, meeting, history };
}

describe('imposed planning detail: relance, rappel, cancel (part 2 §4 imposed statuses, §5 bulk actions)', () => {
  it("part 2 §5 relance on an imposed planning: refused if any answered (présent or indisponible) or inactive; 'en attente' buyers get the convocation relance, dates and history recorded", async () => {
    const setup = await answeredPlanning(4);
    const waiting = setup.byLot(2);
    const relance = (uuids: string[]) =>
      call('POST', `/api/rdv/${setup.planningId}/relancer`, { token: setup.token, body: { relanceMail: true, relanceSMS: true, uuids } });
    for (const answered of [setup.present, setup.unavailable]) {
      expect(await refusalOf(setup.planningId, setup.token, await relance([waiting.uuid, answered.uuid]))).toBe(refusedSelection);
    }
    const sent = await relance([waiting.uuid, setup.byLot(3).uuid]);
    expect(await waveOf(setup.planningId, setup.token, sent)).toEqual(expect.objectContaining({ total: 2, sent: 2, done: true }));
    expect(await setup.meeting(2)).toEqual(expect.objectContaining({ relancesMail: [expect.any(String)], relancesSMS: [expect.any(String)] }));
    const mails = (await outboxTo(waiting.guest.mailmonsieur)).filter((message) => message.subject?.includes('merci de répondre à votre convocation'));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Vous n’avez pas encore répondu à votre convocation');
    expect(mails[0].text).toContain(`/entrevue/${waiting.uuid}`);
    expect(await setup.history(2)).toEqual(['Relance envoyée']);
    // Made inactive, the buyer is refused too.
    expect(
      (await call('PATCH', `/api/rdv/${setup.planningId}/meetings/${setup.byLot(3).uuid}`, { token: setup.token, body: { isActive: false } })).status,
    ).toBe(200);
    expect(await refusalOf(setup.planningId, setup.token, await relance([setup.byLot(3).uuid]))).toBe(refusedSelection);
  }, 90_000);

  it("part 2 §5 rappel on an imposed planning: refused if any is 'en attente', inactive or indisponible; reminds 'présent' buyers, dates and history recorded", async () => {
    const setup = await answeredPlanning(3);
    const rappel = (uuids: string[]) =>
      call('POST', `/api/rdv/${setup.planningId}/rappeler`, { token: setup.token, body: { rappelMail: true, rappelSMS: false, uuids } });
    expect(await refusalOf(setup.planningId, setup.token, await rappel([setup.present.uuid, setup.byLot(2).uuid]))).toBe(refusedSelection);
    expect(await refusalOf(setup.planningId, setup.token, await rappel([setup.present.uuid, setup.unavailable.uuid]))).toBe(refusedSelection);
    const sent = await rappel([setup.present.uuid]);
    expect(await waveOf(setup.planningId, setup.token, sent)).toEqual(expect.objectContaining({ total: 1, sent: 1, done: true }));
    expect(await setup.meeting(0)).toEqual(expect.objectContaining({ rappelsMail: [expect.any(String)], rappelsSMS: [] }));
    expect((await outboxTo(setup.present.guest.mailmonsieur)).some((message) => message.subject?.includes('rappel de votre convocation'))).toBe(true);
    expect(await setup.history(0)).toEqual(['Présence confirmée par l’acquéreur', 'Rappel envoyé']);
  }, 90_000);

  it("part 2 §5 cancel on an imposed planning: refused if any is 'en attente'; answered convocations are cancelled (slot freed, buyer inactif), the cancellation mailed through its job, counters exact, history", async () => {
    const setup = await answeredPlanning(3);
    const cancel = (uuids: string[], mailChecked = true) =>
      call('POST', `/api/rdv/${setup.planningId}/cancel-multiple`, { token: setup.token, body: { uuids, mailChecked } });
    expect(await refusalOf(setup.planningId, setup.token, await cancel([setup.present.uuid, setup.byLot(2).uuid]))).toBe(refusedSelection);
    const grainsBefore = (await slotGrainItems(setup.planningId)).size;
    const done = await cancel([setup.present.uuid, setup.unavailable.uuid]);
    expect(await waveOf(setup.planningId, setup.token, done)).toEqual(expect.objectContaining({ total: 2, sent: 2, done: true }));
    for (const index of [0, 1]) {
      expect(await setup.meeting(index)).toEqual(
        expect.objectContaining({ isBooked: false, start: null, end: null, isActive: false, isConfirmed: false, isAvailable: true }),
      );
    }
    const { planning } = await setup.read();
    expect(planning).toEqual(expect.objectContaining({ nbConfirmed: 0, nbNotAvailable: 0, nbInactive: 2, nbBooked: 1, nbInvited: 3 }));
    expect((await slotGrainItems(setup.planningId)).size).toBe(grainsBefore / 3);
    await assertInvariants(setup.planningId, setup.read);
    const cancellation = (await outboxTo(setup.present.guest.mailmonsieur)).find((message) => message.subject?.includes('convocation annulée'));
    expect(cancellation?.text).toContain('Votre convocation pour la visite');
    expect(cancellation?.attachments.some((file) => file.filename === 'annulation.ics')).toBe(true);
    expect(await setup.history(0)).toEqual(['Présence confirmée par l’acquéreur', 'Convocation annulée']);
    // The buyer's page now shows the convocation as inactive (nothing left to confirm).
    expect((await call('GET', `/api/rdv/usr/${setup.present.uuid}`)).body.convocation).toBe('disabled');
  }, 90_000);

  it('two staff cancelling the same answered convocation at once: it is cancelled once, one cancellation mail, counters exact', async () => {
    const setup = await answeredPlanning(3);
    const results = await Promise.all(
      [0, 1].map(() =>
        call('POST', `/api/rdv/${setup.planningId}/cancel-multiple`, { token: setup.token, body: { uuids: [setup.present.uuid], mailChecked: true } }),
      ),
    );
    const waves = await Promise.all(results.map((result) => waveOf(setup.planningId, setup.token, result)));
    const [winner, other] = [...waves].sort((a, b) => b.sent - a.sent);
    expect(winner).toEqual(expect.objectContaining({ sent: 1, skipped: 0, failed: 0 }));
    // The other wave sends nothing: its claim found the visit cancelled (skipped), or, when its first
    // run came after that cancellation (a loaded machine runs the two one after the other), it
    // refused its selection, an answered convocation no more (part 2 §5).
    expect(other).toEqual(expect.objectContaining({ sent: 0, failed: 0 }));
    expect(other.skipped === 1 ? 'skipped' : other.refused ? 'refused' : JSON.stringify(other)).toMatch(/^(skipped|refused)$/);
    expect((await outboxTo(setup.present.guest.mailmonsieur)).filter((message) => message.subject?.includes('convocation annulée'))).toHaveLength(1);
    expect(await setup.history(0)).toEqual(['Présence confirmée par l’acquéreur', 'Convocation annulée']);
    await assertInvariants(setup.planningId, setup.read);
  }, 90_000);
});

describe('imposed planning detail: editing flags (part 2 §4)', () => {
  it("part 2 §4 editing flags, imposed: 'Actif' only before the answer, 'Disponible' only once answered (présent ⇄ indisponible, counters follow); each refusal says why", async () => {
    const setup = await answeredPlanning(3);
    const edit = (index: number, body: Record<string, unknown>) =>
      call('PATCH', `/api/rdv/${setup.planningId}/meetings/${setup.byLot(index).uuid}`, { token: setup.token, body });
    const activeLocked = await edit(0, { isActive: false });
    expect(activeLocked.status).toBe(409);
    expect(activeLocked.body.message).toBe("L'acquéreur a répondu à sa convocation : déplacez ou annulez le rendez-vous (Calendrier) pour changer son statut.");
    const availableLocked = await edit(2, { isAvailable: false });
    expect(availableLocked.status).toBe(409);
    expect(availableLocked.body.message).toBe("Modifiable une fois que l'acquéreur a répondu à sa convocation (présent ou indisponible).");
    expect((await edit(0, { isAvailable: false })).status).toBe(200);
    expect((await edit(1, { isAvailable: true })).status).toBe(200);
    expect((await setup.read()).planning).toEqual(expect.objectContaining({ nbConfirmed: 1, nbNotAvailable: 1 }));
    expect((await edit(2, { isActive: false })).status).toBe(200);
    expect((await edit(2, { isActive: true })).status).toBe(200);
    expect(await setup.history(0)).toEqual(['Présence confirmée par l’acquéreur', 'Modification de la fiche']);
    await assertInvariants(setup.planningId, setup.read);
  }, 90_000);

  it('a cancelled convocation (no date) cannot be made active again: remove the buyer, then add them with a start', async () => {
    const setup = await answeredPlanning(2);
    const cancelled = await call('POST', `/api/rdv/${setup.planningId}/cancel-multiple`, {
      token: setup.token,
      body: { uuids: [setup.present.uuid], mailChecked: false },
    });
    expect(await waveOf(setup.planningId, setup.token, cancelled)).toEqual(expect.objectContaining({ total: 1, sent: 1, done: true }));
    const reactivate = await call('PATCH', `/api/rdv/${setup.planningId}/meetings/${setup.present.uuid}`, { token: setup.token, body: { isActive: true } });
    expect(reactivate.status).toBe(409);
    expect(reactivate.body.message).toBe("Convocation annulée : retirez l'acquéreur puis ajoutez-le de nouveau avec une date.");
    const removed = await call('PATCH', `/api/rdv/${setup.planningId}/remove-customer`, {
      token: setup.token,
      body: { rdvId: setup.present.uuid, guestId: setup.present.guest._id, duree: setup.present.length, isMailConfirmationDel: false },
    });
    expect(removed.status).toBe(200);
    const again = await call('PATCH', `/api/rdv/${setup.planningId}/add-customer`, {
      token: setup.token,
      body: { user: setup.present.guest._id, duree: setup.present.length, isMailInvitation: false, start: setup.present.start, isMailConvocation: true },
    });
    expect(again.status).toBe(200);
    expect(again.body.meeting).toEqual(expect.objectContaining({ isActive: true, isConfirmed: false, start: setup.present.start }));
    await assertInvariants(setup.planningId, setup.read);
  }, 90_000);

  it('a buyer confirming while staff make the buyer inactive: one of the two wins, never a confirmed inactive buyer; counters exact', async () => {
    for (let round = 0; round < 3; round += 1) {
      const setup = await imposedPlanning({ lots: 2 });
      const meeting = setup.byLot(0);
      const [confirm, edit] = await Promise.all([
        call('PATCH', `/api/rdv/confirm/${setup.planningId}`, { body: { usr: meeting.uuid } }),
        call('PATCH', `/api/rdv/${setup.planningId}/meetings/${meeting.uuid}`, { token: setup.token, body: { isActive: false } }),
      ]);
      const after = (await setup.read()).meetings.find((candidate) => candidate.uuid === meeting.uuid)!;
      expect(after.isConfirmed && !after.isActive).toBe(false);
      expect([confirm.status === 200, edit.status === 200].filter(Boolean)).toHaveLength(1);
      await assertInvariants(setup.planningId, setup.read);
    }
  }, 120_000);
});
