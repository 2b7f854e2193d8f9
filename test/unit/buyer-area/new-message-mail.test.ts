import { newMessageMailJob } from '../../../functions/core/buyer-area/message-mail';

/** Part 1 §2 buyer area point 4: the mail that tells the other side a message waits. */
describe('the new-message mail', () => {
  const deps = { now: () => new Date('2026-11-30T09:00:00.000Z'), config: { runtime: 'local' as const, publicUrl: 'https://livrea.test' } };
  const job = newMessageMailJob(deps, ['amo@exemple.fr'], { subject: 'Clés', senderName: 'Marie Dupont', link: '/projets/p1/messages' });

  it('names the sender, the subject and the link to the conversation', () => {
    expect(job.payload).toMatchObject({ to: ['amo@exemple.fr'], subject: 'Nouveau message : Clés' });
    expect(job.payload.text).toContain('Marie Dupont vous a écrit au sujet de « Clés ».');
    expect(job.payload.text).toContain('Lisez et répondez au message sur Livrea : https://livrea.test/projets/p1/messages');
  });

  it('is signed « L’équipe Livrea » with the typographic apostrophe, as the other mails are', () => {
    expect(String(job.payload.text).split('\n').at(-1)).toBe('L’équipe Livrea');
  });
});
