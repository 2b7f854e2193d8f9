/**
 * The sending quotas Livrea paces its mails and SMS by (docs/deploy.md « Sending quotas »), in one
 * place. Read from the environment at each send, so a deployment sets them from its context values
 * and a test may lower them; anything but a positive number keeps the default.
 *
 * - SES: a new production account may send 14 mails a second and 50,000 in 24 hours (the account's
 *   « Sending quota » page); raise them with AWS first, then here.
 * - SNS SMS: a spending limit a month in USD (1 USD on a new account; raised on request) and a rate
 *   (20 transactional SMS a second by default). SNS does not refuse an SMS past the spending limit:
 *   it drops it after accepting it, so Livrea counts SMS against the budget itself, at `smsPriceUsd`
 *   each (France, transactional: see scripts/bench/unit-prices.ts).
 */
export interface SendQuotaSettings {
  mailPerSecond: number;
  mailPerDay: number;
  smsPerSecond: number;
  smsMonthlyBudgetUsd: number;
  smsPriceUsd: number;
}

const sendQuotaDefaults: SendQuotaSettings = {
  mailPerSecond: 14,
  mailPerDay: 50_000,
  smsPerSecond: 20,
  smsMonthlyBudgetUsd: 1_000,
  smsPriceUsd: 0.0723,
};

/** Environment variable of each setting (the CDK stack sets them on the dispatch function). */
export const sendQuotaEnv: Record<keyof SendQuotaSettings, string> = {
  mailPerSecond: 'LIVREA_SES_MAX_PER_SECOND',
  mailPerDay: 'LIVREA_SES_MAX_PER_DAY',
  smsPerSecond: 'LIVREA_SMS_MAX_PER_SECOND',
  smsMonthlyBudgetUsd: 'LIVREA_SMS_MONTHLY_BUDGET_USD',
  smsPriceUsd: 'LIVREA_SMS_PRICE_USD',
};

export function sendQuotaSettings(env: NodeJS.ProcessEnv = process.env): SendQuotaSettings {
  const read = (key: keyof SendQuotaSettings) => {
    const value = Number(env[sendQuotaEnv[key]]);
    return Number.isFinite(value) && value > 0 ? value : sendQuotaDefaults[key];
  };
  return {
    mailPerSecond: read('mailPerSecond'),
    mailPerDay: read('mailPerDay'),
    smsPerSecond: read('smsPerSecond'),
    smsMonthlyBudgetUsd: read('smsMonthlyBudgetUsd'),
    smsPriceUsd: read('smsPriceUsd'),
  };
}

/** SMS the monthly budget pays for. */
export function smsPerMonth(settings: SendQuotaSettings): number {
  return Math.floor(settings.smsMonthlyBudgetUsd / settings.smsPriceUsd);
}
