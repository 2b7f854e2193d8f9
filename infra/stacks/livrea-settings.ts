import type { Construct } from 'constructs';

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
}

/** The stage nobody is paged for. */
const developmentStage = 'dev';

// Lower case: the stage ends up in stack, function and schedule group names (64 characters max).
const stagePattern = /^[a-z][a-z0-9-]{0,19}$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function contextString(scope: Construct, key: string): string | undefined {
  const value: unknown = scope.node.tryGetContext(key);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
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
  };
}
