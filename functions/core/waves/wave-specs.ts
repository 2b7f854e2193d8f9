import type { WaveKind } from '../../../shared/domain/send-wave';
import { rappelWave, relanceWave } from '../planning-actions/bulk-messages';
import { cancellationWave } from '../planning-actions/cancel-multiple';
import { customMailWave, shareEmailWave, shareSmsWave } from '../planning-actions/messaging-actions';
import { invitationWave } from '../plannings/invite-buyers';
import { shiftWave } from '../planning-actions/shift-days';
import { visitLinksWave } from '../virtual-visits/planning-visits';
import type { WaveKindSpec } from './wave-kind';

/**
 * What each kind of bulk action does per recipient. A function rather than a table built at load
 * time: the use-case modules and the job runners import each other, so each spec is read when a
 * job runs, never while the modules load.
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
