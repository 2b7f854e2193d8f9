import { sendQuotaMessages } from '../../../shared/messages/send-quotas';

/** docs/deploy.md « Sending quotas »: what a paused wave's progress says, the resume in Paris time. */
describe('the pause of a wave waiting for a sending quota', () => {
  it('the daily quota, resuming at the next UTC midnight (01:00 in Paris in winter): « En pause : quota d’envoi journalier atteint, reprise à 01:00 »', () => {
    expect(sendQuotaMessages.paused['mail-daily-quota']('2026-11-30T00:00:00.000Z')).toBe("En pause : quota d'envoi journalier atteint, reprise à 01:00");
  });

  it('in summer the same midnight is 02:00 in Paris', () => {
    expect(sendQuotaMessages.paused['mail-daily-quota']('2026-07-01T00:00:00.000Z')).toBe("En pause : quota d'envoi journalier atteint, reprise à 02:00");
  });

  it('the SMS budget names the day it resumes: « En pause : budget SMS mensuel atteint, reprise le 01/12 à 01:00 »', () => {
    expect(sendQuotaMessages.paused['sms-monthly-budget']('2026-12-01T00:00:00.000Z')).toBe('En pause : budget SMS mensuel atteint, reprise le 01/12 à 01:00');
  });

  it('throttled by SES or SNS: « En pause : le service d’envoi ralentit les envois, reprise à … »', () => {
    expect(sendQuotaMessages.paused.throttled('2026-11-29T16:00:30.000Z')).toBe("En pause : le service d'envoi ralentit les envois, reprise à 17:00");
  });
});
