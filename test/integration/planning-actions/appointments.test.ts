import { getJob } from '../../../functions/data/jobs-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { handler as dispatch } from '../../../functions/dispatch/handler';
import { call, createUserAndLogin } from '../../support/test-api';
import { assertInvariants, buyerBooks, outboxTo, parisIso, parisSeconds, programForFile, refusalOf, slotGrainItems, storedMeeting, waveOf } from './support';

/** One program for the file (its 13 plannings' 43 buyers), imported once: each planning invites lots of its own. */
const program = programForFile(43);

/** Staff actions on appointments (part 2 §4 'Moving an appointment', §5 'Manual booking', 'Switch AMO', bulk cancel). */
describe('forced booking: PATCH /rdv/book-force/{planningId}', () => {
  it('places the buyer with grains, counters and version in one transaction; forced by the staff user; reminder scheduled; confirmation when asked', async () => {
    const setup = await program.freePlanning({ lots: 3 });
    const [meeting] = setup.meetings;
    const response = await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, {
      token: setup.token,
      body: { selected: meeting.uuid, rdvDate: parisSeconds(setup.dayDates[0], '10:00'), length: 3_600_000, isMailConfirmation: true },
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Rendez-vous placé.');
    const { planning, meetings } = await setup.read();
    const placed = meetings.find((candidate) => candidate.uuid === meeting.uuid)!;
    expect(placed).toEqual(
      expect.objectContaining({
        isBooked: true,
        forced: setup.promoter.user._id,
        start: parisIso(setup.dayDates[0], '10:00'),
        end: parisIso(setup.dayDates[0], '11:00'),
        amoNb: 0,
      }),
    );
    expect(planning).toEqual(expect.objectContaining({ nbBooked: 1, nbNotBooked: 2 }));
    expect([...(await slotGrainItems(setup.planningId)).keys()]).toHaveLength(2);
    await assertInvariants(setup.planningId, setup.read);
    const stored = await storedMeeting(setup.planningId, meeting.uuid);
    expect((await getJob(getDeps().store, stored!.reminderJobId!))?.runAt).toBe(new Date(Date.parse(placed.start!) - 48 * 3_600_000).toISOString());
    expect((await outboxTo(meeting.guest.mailmonsieur)).some((message) => message.subject?.includes('rendez-vous confirmé'))).toBe(true);
    // The buyer sees the visit and cannot cancel a visit fixed by staff.
    expect((await call('GET', `/api/rdv/usr/${meeting.uuid}`)).body.state).toBe('booked');
    const buyerCancel = await call('PATCH', `/api/rdv/unbook/${meeting.uuid}`);
    expect(buyerCancel.status).toBe(409);
  });

  it("refuses a slot already taken ('Tranche horaire occupée par un rdv'), a placed buyer, a start off the grid or in the past", async () => {
    const setup = await program.freePlanning({ lots: 3 });
    const [first, second] = setup.meetings;
    const at = parisSeconds(setup.dayDates[0], '10:00');
    expect((await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, { token: setup.token, body: { selected: first.uuid, rdvDate: at } })).status).toBe(
      200,
    );
    const taken = await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, { token: setup.token, body: { selected: second.uuid, rdvDate: at + 1800 } });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Tranche horaire occupée par un rdv');
    const again = await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, { token: setup.token, body: { selected: first.uuid, rdvDate: at + 7200 } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Ce rendez-vous est déjà placé : déplacez-le ou annulez-le.');
    const offGrid = await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, {
      token: setup.token,
      body: { selected: second.uuid, rdvDate: at + 7200 + 600 },
    });
    expect(offGrid.body.message).toBe('Problème lors du placement du rendez-vous. Assurez-vous que le rendez-vous tienne dans le planning.');
    const past = await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, {
      token: setup.token,
      body: { selected: second.uuid, rdvDate: Math.floor(Date.now() / 1000 / 1800) * 1800 - 86_400 },
    });
    expect(past.body.message).toBe('Problème lors du placement du rendez-vous. Assurez-vous que le rendez-vous tienne dans le planning.');
    await assertInvariants(setup.planningId, setup.read);
  });

  it("an AMO is required when AMOs are assigned ('Veuillez sélectionner un AMO.'), given by its user id", async () => {
    const amos = await Promise.all([createUserAndLogin('amo'), createUserAndLogin('amo')]);
    const setup = await program.freePlanning({ lots: 3, nbAmo: 2, overrides: { areAmosAssigned: true, amoList: amos.map((amo) => amo.user._id) } });
    const at = parisSeconds(setup.dayDates[1], '09:00');
    const missing = await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, {
      token: setup.token,
      body: { selected: setup.meetings[0].uuid, rdvDate: at },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Veuillez sélectionner un AMO.');
    const placed = await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, {
      token: setup.token,
      body: { selected: setup.meetings[0].uuid, rdvDate: at, selectedAmo: amos[1].user._id },
    });
    expect(placed.status).toBe(200);
    expect(placed.body.meeting.amoNb).toBe(1);
    await assertInvariants(setup.planningId, setup.read);
  });

  it('50 simultaneous forced bookings and buyer bookings of one slot: exactly one visit holds it', async () => {
    const setup = await program.freePlanning({ lots: 8 });
    const option = (await call('GET', `/api/rdv/usr/${setup.meetings[0].uuid}`)).body.options[0];
    const attempts = await Promise.all(
      Array.from({ length: 50 }, (_, index) => {
        const meeting = setup.meetings[index % setup.meetings.length];
        return index % 2
          ? call('PATCH', `/api/rdv/book-force/${setup.planningId}`, {
              token: setup.token,
              body: { selected: meeting.uuid, rdvDate: Date.parse(option.startDate) / 1000 },
            })
          : call('PATCH', `/api/rdv/book/${setup.planningId}`, {
              body: { usr: meeting.uuid, slot: { startDate: option.startDate, amoNb: option.amoNb }, extra: { isInterestedVr: false, visitors: [] } },
            });
      }),
    );
    expect(attempts.filter((attempt) => attempt.status === 200)).toHaveLength(1);
    expect(attempts.every((attempt) => attempt.status === 200 || attempt.status === 409)).toBe(true);
    await assertInvariants(setup.planningId, setup.read);
    expect((await setup.read()).planning.nbBooked).toBe(1);
  });
});

describe('staff cancel and move', () => {
  it("PATCH /rdv/{planningId}/unbook-staff frees the slot, cancels the reminder, mails the buyer when asked: 'Rendez-vous annulé'", async () => {
    const setup = await program.freePlanning({ lots: 2 });
    const [meeting] = setup.meetings;
    await buyerBooks(setup.planningId, meeting.uuid);
    const jobId = (await storedMeeting(setup.planningId, meeting.uuid))!.reminderJobId!;
    const cancelled = await call('PATCH', `/api/rdv/${setup.planningId}/unbook-staff`, {
      token: setup.token,
      body: { uuid: meeting.uuid, isMailConfirmationDel: true },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe('Rendez-vous annulé');
    expect((await getJob(getDeps().store, jobId))?.status).toBe('cancelled');
    expect((await dispatch({ jobId })).outcome).toBe('skipped');
    const mail = (await outboxTo(meeting.guest.mailmonsieur)).find((message) => message.subject?.includes('rendez-vous annulé'));
    expect(mail?.text).toContain('a été annulé');
    expect(mail?.text).not.toMatch(/<[A-Z_]+>/);
    await assertInvariants(setup.planningId, setup.read);
    expect((await setup.read()).planning).toEqual(expect.objectContaining({ nbBooked: 0, nbNotBooked: 2 }));
    const twice = await call('PATCH', `/api/rdv/${setup.planningId}/unbook-staff`, { token: setup.token, body: { uuid: meeting.uuid } });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe("Ce rendez-vous n'est pas réservé.");
  });

  it('PATCH /rdv/{planningId}/move moves in ONE transaction: old grains freed, new held, reminder rescheduled, forced by staff', async () => {
    const setup = await program.freePlanning({ lots: 2 });
    const [meeting] = setup.meetings;
    await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, {
      token: setup.token,
      body: { selected: meeting.uuid, rdvDate: parisSeconds(setup.dayDates[0], '09:00') },
    });
    const oldJob = (await storedMeeting(setup.planningId, meeting.uuid))!.reminderJobId!;
    const moved = await call('PATCH', `/api/rdv/${setup.planningId}/move`, {
      token: setup.token,
      body: { selected: meeting.uuid, rdvDate: parisSeconds(setup.dayDates[1], '15:00'), confirmMoveOption: 'validateAndSendConfirmation' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.meeting).toEqual(expect.objectContaining({ start: parisIso(setup.dayDates[1], '15:00'), end: parisIso(setup.dayDates[1], '16:00') }));
    expect([...(await slotGrainItems(setup.planningId)).keys()].sort()).toEqual(
      [`SLOT#0#${Date.parse(parisIso(setup.dayDates[1], '15:00'))}`, `SLOT#0#${Date.parse(parisIso(setup.dayDates[1], '15:30'))}`].sort(),
    );
    expect((await getJob(getDeps().store, oldJob))?.status).toBe('cancelled');
    const newJob = (await storedMeeting(setup.planningId, meeting.uuid))!.reminderJobId!;
    expect((await getJob(getDeps().store, newJob))?.payload).toEqual(expect.objectContaining({ start: parisIso(setup.dayDates[1], '15:00') }));
    await assertInvariants(setup.planningId, setup.read);
  });

  it("move refusals: option required ('Veuillez sélectionner une option'), hours 8–20 by 30 minutes, an occupied slot; the visit stays where it was", async () => {
    const setup = await program.freePlanning({ lots: 3 });
    const [first, second] = setup.meetings;
    await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, {
      token: setup.token,
      body: { selected: first.uuid, rdvDate: parisSeconds(setup.dayDates[0], '09:00') },
    });
    await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, {
      token: setup.token,
      body: { selected: second.uuid, rdvDate: parisSeconds(setup.dayDates[0], '11:00') },
    });
    const noOption = await call('PATCH', `/api/rdv/${setup.planningId}/move`, {
      token: setup.token,
      body: { selected: first.uuid, rdvDate: parisSeconds(setup.dayDates[1], '10:00') },
    });
    expect(noOption.status).toBe(400);
    expect(noOption.body.message).toBe('Veuillez sélectionner une option');
    const early = await call('PATCH', `/api/rdv/${setup.planningId}/move`, {
      token: setup.token,
      body: { selected: first.uuid, rdvDate: parisSeconds(setup.dayDates[1], '07:30'), confirmMoveOption: 'moveOnly' },
    });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('Le rendez-vous doit se tenir entre 8h et 20h, par pas de 30 minutes.');
    const occupied = await call('PATCH', `/api/rdv/${setup.planningId}/move`, {
      token: setup.token,
      body: { selected: first.uuid, rdvDate: parisSeconds(setup.dayDates[0], '11:30'), confirmMoveOption: 'moveOnly' },
    });
    expect(occupied.status).toBe(409);
    expect(occupied.body.message).toBe('Tranche horaire occupée par un rdv');
    const notBooked = await call('PATCH', `/api/rdv/${setup.planningId}/move`, {
      token: setup.token,
      body: { selected: setup.meetings[2].uuid, rdvDate: parisSeconds(setup.dayDates[1], '10:00'), confirmMoveOption: 'moveOnly' },
    });
    expect(notBooked.body.message).toBe("Ce rendez-vous n'est pas réservé.");
    const { meetings } = await setup.read();
    expect(meetings.find((meeting) => meeting.uuid === first.uuid)?.start).toBe(parisIso(setup.dayDates[0], '09:00'));
    await assertInvariants(setup.planningId, setup.read);
  });

  it('a move racing a buyer booking of the target slot: one of them wins, never both', async () => {
    const setup = await program.freePlanning({ lots: 4 });
    const [moving, buyer] = setup.meetings;
    await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, {
      token: setup.token,
      body: { selected: moving.uuid, rdvDate: parisSeconds(setup.dayDates[1], '15:00') },
    });
    const option = (await call('GET', `/api/rdv/usr/${buyer.uuid}`)).body.options[0];
    const [move, book] = await Promise.all([
      call('PATCH', `/api/rdv/${setup.planningId}/move`, {
        token: setup.token,
        body: { selected: moving.uuid, rdvDate: Date.parse(option.startDate) / 1000, confirmMoveOption: 'moveOnly' },
      }),
      call('PATCH', `/api/rdv/book/${setup.planningId}`, {
        body: { usr: buyer.uuid, slot: { startDate: option.startDate, amoNb: option.amoNb }, extra: { isInterestedVr: false, visitors: [] } },
      }),
    ]);
    expect([move.status, book.status].filter((status) => status === 200)).toHaveLength(1);
    await assertInvariants(setup.planningId, setup.read);
  });
});

describe('switch AMO: POST /rdv/{id}/switch-amo', () => {
  it('swaps two visits of two AMOs at the same time; grains change hands in the same transaction', async () => {
    const setup = await program.freePlanning({ lots: 3, nbAmo: 2 });
    const [first, second] = setup.meetings;
    const at = parisSeconds(setup.dayDates[0], '09:00');
    await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, { token: setup.token, body: { selected: first.uuid, rdvDate: at, selectedAmo: 0 } });
    await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, { token: setup.token, body: { selected: second.uuid, rdvDate: at, selectedAmo: 1 } });
    const switched = await call('POST', `/api/rdv/${setup.planningId}/switch-amo`, { token: setup.token, body: { rdvs: [first.uuid, second.uuid] } });
    expect(switched.status).toBe(200);
    const { meetings } = await setup.read();
    expect(meetings.find((meeting) => meeting.uuid === first.uuid)?.amoNb).toBe(1);
    expect(meetings.find((meeting) => meeting.uuid === second.uuid)?.amoNb).toBe(0);
    expect((await slotGrainItems(setup.planningId)).get(`SLOT#1#${at * 1000}`)).toBe(first.uuid);
    await assertInvariants(setup.planningId, setup.read);
  });

  it("refuses fewer than 2 visits ('Opération impossible. Veuillez vérifier votre sélection.') and a clash ('Impossible de switcher les AMOs...' and its reason: which visit, which AMO, when)", async () => {
    const setup = await program.freePlanning({ lots: 3, nbAmo: 2 });
    const [first, second, third] = setup.meetings;
    await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, {
      token: setup.token,
      body: { selected: first.uuid, rdvDate: parisSeconds(setup.dayDates[0], '09:00'), selectedAmo: 0 },
    });
    await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, {
      token: setup.token,
      body: { selected: second.uuid, rdvDate: parisSeconds(setup.dayDates[0], '10:00'), selectedAmo: 0 },
    });
    await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, {
      token: setup.token,
      body: { selected: third.uuid, rdvDate: parisSeconds(setup.dayDates[0], '09:30'), selectedAmo: 1 },
    });
    const one = await call('POST', `/api/rdv/${setup.planningId}/switch-amo`, { token: setup.token, body: { rdvs: [first.uuid] } });
    expect(one.status).toBe(400);
    expect(one.body.message).toBe('Opération impossible. Veuillez vérifier votre sélection.');
    const clash = await call('POST', `/api/rdv/${setup.planningId}/switch-amo`, {
      token: setup.token,
      body: { rdvs: [first.uuid, second.uuid], targetAmo: 1 },
    });
    expect(clash.status).toBe(409);
    // The reason follows the specification's text: which visit, which AMO, when.
    expect(clash.body.message).toMatch(
      new RegExp(
        `^Impossible de switcher les AMOs\\.\\.\\. La visite ${first.guest.lotcomm} le \\d{2}/\\d{2} à 09:00 chevaucherait la visite ${third.guest.lotcomm} de l'AMO 2 \\(09:30–10:30\\)\\.$`,
      ),
    );
    await assertInvariants(setup.planningId, setup.read);
  });
});

describe('bulk actions on selected buyers (part 2 §5)', () => {
  it('relance: refused if any is booked or inactive; a wave sends the relance messages and records the dates', async () => {
    const setup = await program.freePlanning({ lots: 3 });
    const [booked, waiting, other] = setup.meetings;
    await buyerBooks(setup.planningId, booked.uuid);
    const refused = await call('POST', `/api/rdv/${setup.planningId}/relancer`, {
      token: setup.token,
      body: { relanceMail: true, relanceSMS: true, uuids: [booked.uuid, waiting.uuid] },
    });
    expect(await refusalOf(setup.planningId, setup.token, refused)).toBe('Opération impossible. Veuillez vérifier votre sélection.');
    const sent = await call('POST', `/api/rdv/${setup.planningId}/relancer`, {
      token: setup.token,
      body: { relanceMail: true, relanceSMS: true, uuids: [waiting.uuid, other.uuid] },
    });
    expect(await waveOf(setup.planningId, setup.token, sent)).toEqual(expect.objectContaining({ kind: 'relance', total: 2, sent: 2, done: true }));
    const { meetings } = await setup.read();
    const updated = meetings.find((meeting) => meeting.uuid === waiting.uuid)!;
    expect(updated.relancesMail).toHaveLength(1);
    expect(updated.relancesSMS).toHaveLength(1);
    expect((await outboxTo(waiting.guest.mailmonsieur)).some((message) => message.text.includes('pas encore choisi de créneau'))).toBe(true);
    await call('PATCH', `/api/rdv/${setup.planningId}/meetings/${other.uuid}`, { token: setup.token, body: { isActive: false } });
    const inactive = await call('POST', `/api/rdv/${setup.planningId}/relancer`, { token: setup.token, body: { relanceMail: true, uuids: [other.uuid] } });
    expect(await refusalOf(setup.planningId, setup.token, inactive)).toBe('Opération impossible. Veuillez vérifier votre sélection.');
  });

  it('rappel: refused if any is waiting; a wave reminds booked buyers and records the dates', async () => {
    const setup = await program.freePlanning({ lots: 2 });
    const [booked, waiting] = setup.meetings;
    await buyerBooks(setup.planningId, booked.uuid);
    const refused = await call('POST', `/api/rdv/${setup.planningId}/rappeler`, {
      token: setup.token,
      body: { rappelMail: true, uuids: [booked.uuid, waiting.uuid] },
    });
    expect(await refusalOf(setup.planningId, setup.token, refused)).toBe('Opération impossible. Veuillez vérifier votre sélection.');
    const sent = await call('POST', `/api/rdv/${setup.planningId}/rappeler`, {
      token: setup.token,
      body: { rappelMail: true, rappelSMS: false, uuids: [booked.uuid] },
    });
    expect(await waveOf(setup.planningId, setup.token, sent)).toEqual(expect.objectContaining({ kind: 'rappel', total: 1, sent: 1, done: true }));
    const { meetings } = await setup.read();
    expect(meetings.find((meeting) => meeting.uuid === booked.uuid)).toEqual(expect.objectContaining({ rappelsMail: [expect.any(String)], rappelsSMS: [] }));
  });

  it('cancel-multiple: refused if any is waiting; a wave cancels each visit with the optional mail, counters and grains exact', async () => {
    const setup = await program.freePlanning({ lots: 4 });
    const [a, b, c] = setup.meetings;
    await buyerBooks(setup.planningId, a.uuid);
    await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, {
      token: setup.token,
      body: { selected: b.uuid, rdvDate: parisSeconds(setup.dayDates[1], '15:00') },
    });
    const refused = await call('POST', `/api/rdv/${setup.planningId}/cancel-multiple`, {
      token: setup.token,
      body: { uuids: [a.uuid, c.uuid], mailChecked: true },
    });
    expect(await refusalOf(setup.planningId, setup.token, refused)).toBe('Opération impossible. Veuillez vérifier votre sélection.');
    const done = await call('POST', `/api/rdv/${setup.planningId}/cancel-multiple`, {
      token: setup.token,
      body: { uuids: [a.uuid, b.uuid], mailChecked: true },
    });
    expect(await waveOf(setup.planningId, setup.token, done)).toEqual(expect.objectContaining({ kind: 'cancellation', total: 2, sent: 2, done: true }));
    expect((await outboxTo(b.guest.mailmonsieur)).some((message) => message.subject?.includes('rendez-vous annulé'))).toBe(true);
    expect((await slotGrainItems(setup.planningId)).size).toBe(0);
    await assertInvariants(setup.planningId, setup.read);
  });
});
