import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { parisZone } from '../i18n/paris-dates';

/**
 * Why a wave's sends wait (docs/deploy.md « Sending quotas »): SES's daily quota, the SMS monthly
 * budget, or SES/SNS answering that they are throttling us. Never a failure: the wave resumes by itself.
 */
export const sendPauseReasons = ['mail-daily-quota', 'sms-monthly-budget', 'throttled'] as const;
export type SendPauseReason = (typeof sendPauseReasons)[number];

const parisTime = (until: Date | string) => format(new TZDate(new Date(until).getTime(), parisZone), 'HH:mm');
const parisDayAndTime = (until: Date | string) => format(new TZDate(new Date(until).getTime(), parisZone), "dd/MM 'à' HH:mm");

/** The pause shown on a wave's progress (ours), with when it resumes, Paris time. */
export const sendQuotaMessages = {
  paused: {
    'mail-daily-quota': (until: Date | string) => `En pause : quota d'envoi journalier atteint, reprise à ${parisTime(until)}`,
    'sms-monthly-budget': (until: Date | string) => `En pause : budget SMS mensuel atteint, reprise le ${parisDayAndTime(until)}`,
    throttled: (until: Date | string) => `En pause : le service d'envoi ralentit les envois, reprise à ${parisTime(until)}`,
  } satisfies Record<SendPauseReason, (until: Date | string) => string>,
} as const;
