import type { WaveKind } from '../../shared/domain/send-wave';
import { rappelWave, relanceWave } from '../core/planning-actions/bulk-messages';
import { cancellationWave } from '../core/planning-actions/cancel-multiple';
import { customMailWave, shareEmailWave, shareSmsWave } from '../core/planning-actions/messaging-actions';
import { invitationWave } from '../core/planning-actions/invite-buyers';
import { shiftWave } from '../core/planning-actions/shift-days';
import { visitLinksWave } from '../core/virtual-visits/planning-visits';
import type { WaveKindSpec } from '../core/waves/wave-kind';

/**
 * What each kind of bulk action does per recipient: the use cases of the areas above waves, handed
 * to the wave's runners by the job registry (waves never imports them). A function rather than a
 * table built at load time, so each spec is read when a job runs, never while the modules load.
 */
export function waveSpecOf(kind: WaveKind): WaveKindSpec<unknown> {
  const specs: Record<WaveKind, WaveKindSpec<unknown>> = {
    invitation: invitationWave,
    relance: relanceWave,
    rappel: rappelWave,
    cancellation: cancellationWave,
    custom: customMailWave,
    'virtual-visit': visitLinksWave,
    'share-email': shareEmailWave,
    'share-sms': shareSmsWave,
    shift: shiftWave,
  };
  return specs[kind];
}
