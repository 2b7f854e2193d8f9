import { defaultConvocationMessages } from '../../../shared/messages/convocation';
import { defaultMessages } from '../../../shared/messages/default-mails';
import { listOutboxMessages, type OutboxMessage } from '../../../functions/data/outbox-repository';
import { getMeeting } from '../../../functions/data/plannings-repository';
import { handler as dispatch } from '../../../functions/dispatch/handler';
import { getDeps } from '../../../functions/runtime/deps';
import { call } from '../../support/test-api';
import { imposedPlanning } from '../imposed/support';
import { buyerBooks, freePlanning, parisSeconds, waveOf, type TestMeeting } from '../planning-actions/support';

/**
 * Part 2 §1: a free planning invites buyers to book a slot; an imposed planning convenes them and
 * they only confirm. Every message a buyer receives is read here as sent (subject, mail and SMS
 * from the outbox), one per kind and planning type. The imposed planning is created with the texts
 * the creation form used to send (the free relance, rappel and confirmation): they must not reach
 * a convened buyer, who was told to 'réserver' a 'créneau'.
 */

/** Words of a booking (free planning) that a convened buyer must never read. */
const bookingWords = /réserv|créneau|prenez rendez-vous|choisi(r|ssez)/i;

interface Sent {
  mail: OutboxMessage | undefined;
  sms: OutboxMessage | undefined;
}

const phoneOf = (meeting: TestMeeting): string => `+33${meeting.guest.telephonemonsieur.slice(1)}`;
const outboxOf = async (meeting: TestMeeting) =>
  (await listOutboxMessages(getDeps().store, 2000)).filter((message) =>
    message.to.some((to) => to.includes(meeting.guest.mailmonsieur) || to === phoneOf(meeting)),
  );

/** The mail and the SMS `meeting`'s buyer has received so far (the first message: the invitation or convocation). */
async function firstSent(meeting: TestMeeting): Promise<Sent> {
  const mine = await outboxOf(meeting);
  return { mail: mine.find((message) => message.channel === 'email'), sms: mine.find((message) => message.channel === 'sms') };
}

/** The mail and the SMS `action` sends to `meeting`'s buyer (the request's jobs ran: `call` waits for them). */
async function sentTo(meeting: TestMeeting, action: () => Promise<unknown>): Promise<Sent> {
  const before = new Set((await outboxOf(meeting)).map((message) => message.id));
  await action();
  const fresh = (await outboxOf(meeting)).filter((message) => !before.has(message.id));
  return { mail: fresh.find((message) => message.channel === 'email'), sms: fresh.find((message) => message.channel === 'sms') };
}

function expectWording(sent: Sent, expected: { subject: string; mail: string[]; sms?: string[] }, imposed: boolean): void {
  expect(sent.mail?.subject).toContain(expected.subject);
  for (const words of expected.mail) expect(sent.mail?.text).toContain(words);
  if (expected.sms) for (const words of expected.sms) expect(sent.sms?.text).toContain(words);
  else expect(sent.sms).toBeUndefined();
  const texts = [sent.mail?.subject, sent.mail?.text, sent.sms?.text].filter(Boolean).join('\n');
  expect(texts).not.toMatch(/<[A-Z_]+>/);
  if (imposed) expect(texts).not.toMatch(bookingWords);
  else expect(texts).not.toMatch(/convocation|convoqu/i);
}

describe('every buyer message speaks of a convocation to confirm on an imposed planning, of a booking on a free one (part 2 §1)', () => {
  it('imposed: convocation, confirmation, relance, rappel, move (new date to confirm), confirmation of a move, cancellation', async () => {
    // What the creation form sent before: the convocation as invitation, the free texts for the rest.
    const formTexts = { ...defaultMessages, mailinvitationmessage: defaultConvocationMessages.mail, smsinvitationmessage: defaultConvocationMessages.sms };
    const s = await imposedPlanning({ lots: 5, overrides: { messages: formTexts } });
    const [confirming, waiting, moved, validated] = [0, 1, 2, 3].map((index) => s.byLot(index));
    expectWording(
      await firstSent(waiting),
      { subject: 'convocation : visite', mail: ['vous convoque', 'Merci de confirmer votre présence'], sms: ['convoqué(e) le', 'Confirmez votre présence'] },
      true,
    );

    const confirmation = await sentTo(confirming, () => call('PATCH', `/api/rdv/confirm/${s.planningId}`, { body: { usr: confirming.uuid } }));
    expectWording(
      confirmation,
      {
        subject: 'présence confirmée : convocation à la visite',
        mail: ['Présence confirmée pour le rendez-vous du', 'votre convocation'],
        sms: ['présence confirmée pour votre convocation'],
      },
      true,
    );

    const relance = await sentTo(waiting, async () =>
      waveOf(
        s.planningId,
        s.token,
        await call('POST', `/api/rdv/${s.planningId}/relancer`, { token: s.token, body: { relanceMail: true, relanceSMS: true, uuids: [waiting.uuid] } }),
      ),
    );
    expectWording(
      relance,
      {
        subject: 'merci de répondre à votre convocation : visite',
        mail: ['Vous n’avez pas encore répondu à votre convocation', 'Merci de confirmer votre présence'],
        sms: ['merci de confirmer votre présence'],
      },
      true,
    );

    const rappel = await sentTo(confirming, async () =>
      waveOf(
        s.planningId,
        s.token,
        await call('POST', `/api/rdv/${s.planningId}/rappeler`, { token: s.token, body: { rappelMail: true, rappelSMS: true, uuids: [confirming.uuid] } }),
      ),
    );
    expectWording(
      rappel,
      { subject: 'rappel de votre convocation : visite', mail: ['Nous vous rappelons votre convocation'], sms: ['rappel de votre convocation'] },
      true,
    );

    const day = s.monday;
    const move = await sentTo(moved, () =>
      call('PATCH', `/api/rdv/convocation-move/${s.planningId}`, {
        token: s.token,
        body: { selected: moved.uuid, rdvDate: parisSeconds(day, '15:00'), confirmMoveOption: 'sendConfirmationRequest' },
      }),
    );
    expectWording(
      move,
      {
        subject: 'convocation déplacée : visite',
        mail: ['est déplacée au', 'à 15:00', 'Merci de confirmer votre présence à cette nouvelle date'],
        sms: ['est déplacée au', 'Confirmez votre présence'],
      },
      true,
    );

    const validatedMove = await sentTo(validated, () =>
      call('PATCH', `/api/rdv/convocation-move/${s.planningId}`, {
        token: s.token,
        body: { selected: validated.uuid, rdvDate: parisSeconds(day, '16:00'), confirmMoveOption: 'validateAndSendConfirmation' },
      }),
    );
    expectWording(
      validatedMove,
      {
        subject: 'présence confirmée : convocation à la visite',
        mail: ['Présence confirmée pour le rendez-vous du', 'à 16:00'],
        sms: ['présence confirmée pour votre convocation'],
      },
      true,
    );

    const cancellation = await sentTo(confirming, () =>
      call('POST', `/api/rdv/${s.planningId}/cancel-multiple`, { token: s.token, body: { uuids: [confirming.uuid], mailChecked: true } }),
    );
    expectWording(cancellation, { subject: 'convocation annulée : visite', mail: ['Votre convocation pour la visite', 'est annulée'] }, true);
  }, 120_000);

  it('free: invitation, confirmation, relance, rappel, automatic reminder, cancellation', async () => {
    const s = await freePlanning({ lots: 3 });
    const [booking, waiting] = s.meetings;
    expectWording(
      await firstSent(waiting),
      { subject: 'prenez rendez-vous pour votre visite', mail: ['vous invite à prendre rendez-vous', 'Choisissez votre créneau'], sms: ['prenez rendez-vous'] },
      false,
    );

    const confirmation = await sentTo(booking, async () => expect((await buyerBooks(s.planningId, booking.uuid)).status).toBe(200));
    expectWording(
      confirmation,
      { subject: 'rendez-vous confirmé : visite', mail: ['est confirmé le', 'Pour consulter ou annuler votre rendez-vous'], sms: ['est confirmée le'] },
      false,
    );

    const relance = await sentTo(waiting, async () =>
      waveOf(
        s.planningId,
        s.token,
        await call('POST', `/api/rdv/${s.planningId}/relancer`, { token: s.token, body: { relanceMail: true, relanceSMS: true, uuids: [waiting.uuid] } }),
      ),
    );
    expectWording(
      relance,
      {
        subject: 'n’oubliez pas de réserver votre visite',
        mail: ['Vous n’avez pas encore choisi de créneau', 'Les réservations ferment le'],
        sms: ['pensez à réserver votre visite'],
      },
      false,
    );

    const rappel = await sentTo(booking, async () =>
      waveOf(
        s.planningId,
        s.token,
        await call('POST', `/api/rdv/${s.planningId}/rappeler`, { token: s.token, body: { rappelMail: true, rappelSMS: true, uuids: [booking.uuid] } }),
      ),
    );
    expectWording(rappel, { subject: 'rappel de votre visite', mail: ['Nous vous rappelons votre rendez-vous'], sms: ['rappel de votre visite'] }, false);

    const jobId = (await getMeeting(getDeps().store, s.planningId, booking.uuid))!.reminderJobId!;
    const reminder = await sentTo(booking, () => dispatch({ jobId }));
    expectWording(reminder, { subject: 'rappel de votre visite', mail: ['Nous vous rappelons votre rendez-vous'], sms: ['rappel de votre visite'] }, false);

    const cancellation = await sentTo(booking, () =>
      call('POST', `/api/rdv/${s.planningId}/cancel-multiple`, { token: s.token, body: { uuids: [booking.uuid], mailChecked: true } }),
    );
    expectWording(cancellation, { subject: 'rendez-vous annulé : visite', mail: ['a été annulé', 'Pour choisir un nouveau créneau'] }, false);
  }, 120_000);
});
