import { call } from '../../support/test-api';
import { assertInvariants, buyerBooks, freePlanning, outboxTo, refusalOf } from '../planning-actions/support';

/** Part 2 §5 'Bulk actions on selected buyers': POST /rdv/{id}/inviter {invitationMail, uuids}. */
describe('bulk invitation: POST /rdv/{id}/inviter', () => {
  it('answers 202 with a wave that invites buyers added without an invitation; the wave counts them sent and the planning counts them invited once', async () => {
    const setup = await freePlanning({ lots: 5, invited: 3 });
    const added = await Promise.all(
      [setup.clients[3], setup.clients[4]].map(
        async (lot) =>
          (
            await call('PATCH', `/api/rdv/${setup.planningId}/add-customer`, {
              token: setup.token,
              body: { user: lot._id, duree: 3_600_000, isMailInvitation: false },
            })
          ).body.meeting,
      ),
    );
    expect(added.map((meeting) => meeting.isInvitationSent)).toEqual([false, false]);

    const invited = await call('POST', `/api/rdv/${setup.planningId}/inviter`, {
      token: setup.token,
      body: { invitationMail: true, uuids: added.map((meeting) => meeting.uuid) },
    });

    expect(invited.status).toBe(202);
    expect(invited.body).toEqual({ waveId: expect.stringMatching(/^wave-/), total: 2, message: 'Envoi de 2 invitations en cours.' });
    const progress = await call('GET', `/api/rdv/${setup.planningId}/waves/${invited.body.waveId}`, { token: setup.token });
    expect(progress.body).toEqual(expect.objectContaining({ kind: 'invitation', total: 2, sent: 2, failed: 0, skipped: 0, done: true, failures: [] }));
    for (const meeting of added)
      expect((await outboxTo(meeting.guest.mailmonsieur)).some((message) => message.text.includes(`/entrevue/${meeting.uuid}`))).toBe(true);
    const { planning } = await setup.read();
    expect(planning).toEqual(expect.objectContaining({ nbInvited: 5, nbNotBooked: 5 }));
    await assertInvariants(setup.planningId, setup.read);
  });

  it("a selection holding a booked, inactive or already invited buyer is refused as a whole by the wave's first run ('Opération impossible. Veuillez vérifier votre sélection.'), nothing sent", async () => {
    const setup = await freePlanning({ lots: 5, invited: 3 });
    const [booked, invitedAlready, inactive] = setup.meetings;
    expect((await buyerBooks(setup.planningId, booked.uuid)).status).toBe(200);
    await call('PATCH', `/api/rdv/${setup.planningId}/meetings/${inactive.uuid}`, { token: setup.token, body: { isActive: false } });
    const fresh = (
      await call('PATCH', `/api/rdv/${setup.planningId}/add-customer`, {
        token: setup.token,
        body: { user: setup.clients[3]._id, duree: 3_600_000, isMailInvitation: false },
      })
    ).body.meeting;

    for (const other of [booked, invitedAlready, inactive]) {
      const refused = await call('POST', `/api/rdv/${setup.planningId}/inviter`, {
        token: setup.token,
        body: { invitationMail: true, uuids: [fresh.uuid, other.uuid] },
      });
      expect(await refusalOf(setup.planningId, setup.token, refused)).toBe('Opération impossible. Veuillez vérifier votre sélection.');
    }
    expect(await outboxTo(fresh.guest.mailmonsieur)).toEqual([]);
    await assertInvariants(setup.planningId, setup.read);
  });
});
