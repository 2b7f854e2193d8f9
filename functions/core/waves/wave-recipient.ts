import { waveReasons } from '../../../shared/domain/send-wave';
import { type MeetingRecord, type PlanningRecord, getPlanningAndMeeting } from '../../data/plannings-repository';
import { getProgram, type ProgramRecord } from '../../data/programs-repository';
import type { WaveRecord } from '../../data/waves-repository';
import type { Deps } from '../../runtime/deps';
import { tagValues } from '../messaging/message-context';
import { buyerLabel, type WaveSendResult } from './wave-kind';

export interface WaveRecipient {
  planning: PlanningRecord;
  meeting: MeetingRecord;
  program: ProgramRecord;
  /** The message tags' values for this buyer (part 2 §5 'Personnaliser'). */
  values: ReturnType<typeof tagValues>;
}

/**
 * One buyer of a message wave, read when its job runs: the planning, the buyer or the program
 * may have gone since the claim, and the message is then skipped rather than failed.
 */
export async function loadWaveRecipient(deps: Deps, wave: WaveRecord, target: string): Promise<WaveRecipient | WaveSendResult> {
  const [planning, meeting] = await getPlanningAndMeeting(deps.store, wave.planningId, target);
  const program = planning ? await getProgram(deps.store, planning.projectId) : null;
  if (!planning || !meeting || !program) return { label: buyerLabel(meeting, target), outcome: { status: 'skipped', reason: waveReasons.noLongerConcerned } };
  return { planning, meeting, program, values: tagValues(planning, program, meeting, deps.config.publicUrl) };
}
