import { addDays } from '../../../shared/scheduling/time-grid';
import { call } from '../../support/test-api';
import { assertInvariants, freePlanning, outboxTo, parisIso, parisSeconds } from '../planning-actions/support';
import { imposedPlanning } from './support';

/** Part 2 §4 'Moving an appointment' (imposed: one convocation-move call), §5 'Add buyer', §7; part 2 §2.7. */
describe('imposed detail actions: PATCH /rdv/convocation-move/{id} and add-customer with start', () => {
  it('the three move options: validate (présent + confirmation mail), request (en attente + new convocation), just move (no mail); grains follow; history lines', async () => {
    const setup = await imposedPlanning({ lots: 3 });
    const day = addDays(setup.monday, 0);
    const [a, b, c] = [setup.byLot(0), setup.byLot(1), setup.byLot(2)];
    const mailsOf = async (email: string) => (await outboxTo(email)).filter((message) => message.channel === 'email').length;
    const before = { a: await mailsOf(a.guest.mailmonsieur), b: await mailsOf(b.guest.mailmonsieur), c: await mailsOf(c.guest.mailmonsieur) };
    const validate = await call('PATCH', `/api/rdv/convocation-move/${setup.planningId}`, {
      token: setup.token,
      body: {
        selected: a.uuid,
        rdvDate: parisSeconds(day, '14:00'),
        confirmMoveOption: 'validateAndSendConfirmation',
        selectedDateMove: Date.parse(a.start!) / 1000,
      },
    });
    expect(validate.status).toBe(200);
    expect(validate.body.meeting).toEqual(expect.objectContaining({ start: parisIso(day, '14:00'), isConfirmed: true, isAvailable: true }));
    expect(await mailsOf(a.guest.mailmonsieur)).toBe(before.a + 1);
    expect((await outboxTo(a.guest.mailmonsieur)).some((message) => message.subject?.includes('présence confirmée'))).toBe(true);
    const request = await call('PATCH', `/api/rdv/convocation-move/${setup.planningId}`, {
      token: setup.token,
      body: { selected: b.uuid, rdvDate: parisSeconds(day, '15:00'), confirmMoveOption: 'sendConfirmationRequest' },
    });
    expect(request.body.meeting.isConfirmed).toBe(false);
    expect(await mailsOf(b.guest.mailmonsieur)).toBe(before.b + 1);
    const latest = (await outboxTo(b.guest.mailmonsieur)).filter((message) => message.subject?.includes('convocation'));
    expect(latest.some((message) => message.text.includes('15:00'))).toBe(true);
    const quiet = await call('PATCH', `/api/rdv/convocation-move/${setup.planningId}`, {
      token: setup.token,
      body: { selected: c.uuid, rdvDate: parisSeconds(addDays(setup.monday, 1), '10:00'), confirmMoveOption: 'moveOnly' },
    });
    expect(quiet.status).toBe(200);
    expect(await mailsOf(c.guest.mailmonsieur)).toBe(before.c);
    const { planning } = await setup.read();
    expect(planning.events).toHaveLength(2);
    expect(planning.nbConfirmed).toBe(1);
    await assertInvariants(setup.planningId, setup.read);
    const history = (await call('GET', `/api/rdv/${setup.planningId}/meetings/${a.uuid}/history`, { token: setup.token })).body.history;
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(['Convocation déplacée']);
  }, 90_000);

  it("refuses a slot of the same AMO already taken ('Tranche horaire occupée par un rdv'), hours outside 08:00–20:00, a missing option and a stale selectedDateMove", async () => {
    const setup = await imposedPlanning({ lots: 2 });
    const day = addDays(setup.monday, 0);
    const [a, b] = [setup.byLot(0), setup.byLot(1)];
    const move = (body: Record<string, unknown>) =>
      call('PATCH', `/api/rdv/convocation-move/${setup.planningId}`, {
        token: setup.token,
        body: { selected: a.uuid, confirmMoveOption: 'moveOnly', ...body },
      });
    const taken = await move({ rdvDate: parisSeconds(day, '10:30') });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(`Tranche horaire occupée par un rdv (lot ${b.guest.lotcomm}).`);
    expect((await move({ rdvDate: parisSeconds(day, '10:30'), selectedAmo: 1 })).status).toBe(200);
    const late = await move({ rdvDate: parisSeconds(day, '19:30') });
    expect(late.status).toBe(400);
    expect(late.body.message).toContain('(08:00 – 20:00)');
    const noOption = await call('PATCH', `/api/rdv/convocation-move/${setup.planningId}`, {
      token: setup.token,
      body: { selected: a.uuid, rdvDate: parisSeconds(day, '15:00') },
    });
    expect(noOption.body.message).toBe('Veuillez sélectionner une option');
    const stale = await move({ rdvDate: parisSeconds(day, '15:00'), selectedDateMove: Date.parse(a.start!) / 1000 });
    expect(stale.status).toBe(409);
    await assertInvariants(setup.planningId, setup.read);
  }, 90_000);

  it('two staff placing two buyers on the same AMO slot at once: one succeeds, the other is refused with the reason; never an overlap', async () => {
    const setup = await imposedPlanning({ lots: 6, placed: 4 });
    const day = addDays(setup.monday, 1);
    const moves = await Promise.all([
      call('PATCH', `/api/rdv/convocation-move/${setup.planningId}`, {
        token: setup.token,
        body: { selected: setup.byLot(0).uuid, rdvDate: parisSeconds(day, '09:00'), confirmMoveOption: 'moveOnly' },
      }),
      call('PATCH', `/api/rdv/convocation-move/${setup.planningId}`, {
        token: setup.token,
        body: { selected: setup.byLot(1).uuid, rdvDate: parisSeconds(day, '09:30'), confirmMoveOption: 'moveOnly' },
      }),
      call('PATCH', `/api/rdv/${setup.planningId}/add-customer`, {
        token: setup.token,
        body: { user: setup.clients[4]._id, duree: 3_600_000, isMailInvitation: false, start: parisIso(day, '09:00'), isMailConvocation: true },
      }),
      call('PATCH', `/api/rdv/${setup.planningId}/add-customer`, {
        token: setup.token,
        body: { user: setup.clients[5]._id, duree: 3_600_000, isMailInvitation: false, start: parisIso(day, '09:45'), isMailConvocation: false },
      }),
    ]);
    expect(moves.filter((response) => response.status === 200)).toHaveLength(1);
    expect(
      moves.filter((response) => response.status === 409).every((response) => response.body.message.startsWith('Tranche horaire occupée par un rdv')),
    ).toBe(true);
    await assertInvariants(setup.planningId, setup.read);
  }, 90_000);

  it('add-customer on an imposed planning: placed at start, convened in the same transaction when isMailConvocation; a start is required', async () => {
    const setup = await imposedPlanning({ lots: 3, placed: 1 });
    const day = addDays(setup.monday, 0);
    // The body the detail page sends for an imposed planning: no invitation flag, the convocation's.
    const noMailOption = await call('PATCH', `/api/rdv/${setup.planningId}/add-customer`, {
      token: setup.token,
      body: { user: setup.clients[1]._id, duree: 5_400_000, start: parisSeconds(day, '16:00') },
    });
    expect(noMailOption.status).toBe(400);
    expect(noMailOption.body.message).toBe('Veuillez sélectionner un invité !');
    const added = await call('PATCH', `/api/rdv/${setup.planningId}/add-customer`, {
      token: setup.token,
      body: { user: setup.clients[1]._id, duree: 5_400_000, start: parisSeconds(day, '16:00'), isMailConvocation: true },
    });
    expect(added.status).toBe(200);
    expect(added.body.meeting).toEqual(
      expect.objectContaining({ start: parisIso(day, '16:00'), end: parisIso(day, '17:30'), isBooked: true, isInvitationSent: true, isConfirmed: false }),
    );
    expect((await outboxTo(added.body.meeting.guest.mailmonsieur)).some((message) => message.subject?.includes('convocation'))).toBe(true);
    const noStart = await call('PATCH', `/api/rdv/${setup.planningId}/add-customer`, {
      token: setup.token,
      body: { user: setup.clients[2]._id, duree: 3_600_000, isMailInvitation: false },
    });
    expect(noStart.status).toBe(400);
    expect(noStart.body.message).toBe('Veuillez sélectionner une date');
    const { planning } = await setup.read();
    expect(planning).toEqual(expect.objectContaining({ nbInvited: 2, nbBooked: 2 }));
    await assertInvariants(setup.planningId, setup.read);
  }, 90_000);

  it("part 2 §8 'Planning imposé non trouvé': convocation-move on an unknown planning or on a free planning; the free add-customer still needs its invitation option", async () => {
    const setup = await imposedPlanning({ lots: 1 });
    const meeting = setup.byLot(0);
    const body = { selected: meeting.uuid, rdvDate: parisSeconds(setup.monday, '14:00'), confirmMoveOption: 'moveOnly' };
    const unknown = await call('PATCH', `/api/rdv/convocation-move/${'b'.repeat(24)}`, { token: setup.token, body });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Planning imposé non trouvé');
    const free = await freePlanning({ lots: 2, invited: 1 });
    const onFree = await call('PATCH', `/api/rdv/convocation-move/${free.planningId}`, {
      token: free.token,
      body: { ...body, selected: free.meetings[0].uuid },
    });
    expect(onFree.status).toBe(404);
    expect(onFree.body.message).toBe('Planning imposé non trouvé');
    const freeAdd = await call('PATCH', `/api/rdv/${free.planningId}/add-customer`, {
      token: free.token,
      body: { user: free.clients[1]._id, duree: 3_600_000, isMailConvocation: true },
    });
    expect(freeAdd.status).toBe(400);
    expect(freeAdd.body.message).toBe('Veuillez sélectionner un invité !');
  }, 90_000);
});
