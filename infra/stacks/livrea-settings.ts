import type { Construct } from 'constructs';
import type { SendQuotaSettings } from '../../functions/core/jobs/send-quota-settings';

/** Context values (cdk.json or `-c key=value`), with their defaults. */
export interface LivreaSettings {
  /** Deployment stage, in every name that must be unique, so that stages deploy side by side. */
  stage: string;
  mailFromDomain: string;
  mailFrom: string;
  publicUrl?: string;
  /** Required unless the stage is `dev`: an alarm nobody receives is no alarm. */
  alarmEmail?: string;
  smsSenderId: string;
  /** Sending quotas (docs/deploy.md « Sending quotas »): the dispatch function's environment, absent = the product's defaults. */
  sendQuotas: Partial<Record<keyof SendQuotaSettings, number>>;
  /**
   * Reserved concurrency of the booking and dispatch functions (docs/deploy.md « Lambda
   * concurrency »); 0 leaves a function unreserved (an account whose concurrency quota is too
   * small to reserve, such as a new account's 10).
   */
  bookingReservedConcurrency: number;
  dispatchReservedConcurrency: number;
}

/** A burst of bookings (a program's opening) and one of jobs (its confirmations) cannot take each other's instances. */
export const reservedConcurrencyDefaults = { booking: 200, dispatch: 50 } as const;

/** The context key of each sending quota. */
const sendQuotaContext: Record<keyof SendQuotaSettings, string> = {
  mailPerSecond: 'sesMaxPerSecond',
  mailPerDay: 'sesMaxPerDay',
  smsPerSecond: 'smsMaxPerSecond',
  smsMonthlyBudgetUsd: 'smsMonthlyBudgetUsd',
  smsPriceUsd: 'smsPriceUsd',
};

/** The stage nobody is paged for. */
const developmentStage = 'dev';

// Lower case: the stage ends up in stack, function and schedule group names (64 characters max).
const stagePattern = /^[a-z][a-z0-9-]{0,19}$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function contextString(scope: Construct, key: string): string | undefined {
  const value: unknown = scope.node.tryGetContext(key);
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** A number of the context (`-c key=12` gives a string), or undefined; refused when it is not a number ≥ 0. */
function contextNumber(scope: Construct, key: string): number | undefined {
  const text = contextString(scope, key);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) throw new Error(`Livrea: ${key} "${text}" must be a number, 0 or more.`);
  return value;
}

/** The `stage` context value, `dev` by default; refused when it cannot be part of a name. */
export function stageOf(scope: Construct): string {
  const stage = contextString(scope, 'stage') ?? developmentStage;
  if (!stagePattern.test(stage)) {
    throw new Error(`Livrea: stage "${stage}" must be 1 to 20 lower-case letters, digits or dashes, starting with a letter (-c stage=prod).`);
  }
  return stage;
}

/** The stack of a stage: `Livrea-dev`, `Livrea-prod`; its resource names derive from it. */
export function stackNameOf(stage: string): string {
  return `Livrea-${stage}`;
}

export function readSettings(scope: Construct): LivreaSettings {
  const stage = stageOf(scope);
  const mailFromDomain = contextString(scope, 'mailFromDomain') ?? 'livrea.fr';
  const alarmEmail = contextString(scope, 'alarmEmail');
  if (alarmEmail === undefined && stage !== developmentStage) {
    throw new Error(
      `Livrea: stage "${stage}" needs an alarm e-mail address (-c alarmEmail=ops@example.fr); only the "${developmentStage}" stage may go without.`,
    );
  }
  if (alarmEmail !== undefined && !emailPattern.test(alarmEmail)) {
    throw new Error(`Livrea: alarmEmail "${alarmEmail}" is not an e-mail address.`);
  }
  return {
    stage,
    mailFromDomain,
    mailFrom: contextString(scope, 'mailFrom') ?? `noreply@${mailFromDomain}`,
    publicUrl: contextString(scope, 'publicUrl'),
    alarmEmail,
    smsSenderId: contextString(scope, 'smsSenderId') ?? 'Livrea',
    sendQuotas: Object.fromEntries(
      Object.entries(sendQuotaContext).flatMap(([setting, key]) => {
        const value = contextNumber(scope, key);
        return value ? [[setting, value]] : [];
      }),
    ),
    bookingReservedConcurrency: contextNumber(scope, 'bookingReservedConcurrency') ?? reservedConcurrencyDefaults.booking,
    dispatchReservedConcurrency: contextNumber(scope, 'dispatchReservedConcurrency') ?? reservedConcurrencyDefaults.dispatch,
  };
}
