import { planningMessages } from '../../../shared/messages/plannings';
import { simulate } from '../../../shared/scheduling/simulate';
import type { SimulationInput } from '../../../shared/scheduling/schemas';
import { getLots } from '../../data/lots-repository';
import type { PlanningRecord } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import { AppError, ValidationError } from '../errors';
import { busyElsewhereOf, NOT_CREATED_YET } from './amo-time-elsewhere';

/** 422: the buyers do not fit; `details` carries the engine's reason and shortfall. */
export class NoSolutionError extends AppError {
  readonly status = 422;
  constructor(details: unknown) {
    super(planningMessages.noSolution);
    this.details = details;
  }
}

/**
 * What the engine's check of a free planning reads of the planning: its days, grain, lunch, AMOs
 * and durations (the record or the request alike); its id and creation date once it has them
 * (a planning not created yet ranks after every other in its AMOs' calendars).
 */
export type FeasibilitySettings = Pick<
  PlanningRecord,
  'authorizeTrous' | 'pas' | 'lunchStartTime' | 'lunchEndTime' | 'events' | 'mTimes' | 'amoList' | 'areAmosAssigned' | 'phase'
> &
  Partial<Pick<PlanningRecord, '_id' | 'createdAt'>>;

/**
 * Why a free planning's buyers cannot be created (part 2 §7: the engine checks that every buyer
 * fits), or null: a lot that is not the program's (400), or no solution (422, with the engine's
 * reason and shortfall). Reads the chosen lots only (their typology), never the program's, so its
 * work grows with the buyers: the request runs it for a small creation, the creation's first step
 * for a big one (docs/architecture.md « Planning creation »).
 */
export async function freePlanningRefusal(
  deps: Deps,
  programId: string,
  settings: FeasibilitySettings,
  buyers: readonly { lotId: string; length: number }[],
): Promise<AppError | null> {
  const lots = new Map(
    (
      await getLots(
        deps.store,
        programId,
        buyers.map((buyer) => buyer.lotId),
      )
    ).map((lot) => [lot._id, lot]),
  );
  if (buyers.some((buyer) => !lots.has(buyer.lotId))) return new ValidationError(planningMessages.unknownLots);
  // Only the named AMOs' own time counts: what other plannings own and their days off do not (docs/scheduling.md « One person, one calendar »).
  const unavailable = await busyElsewhereOf(deps, {
    _id: settings._id ?? '',
    projectId: programId,
    createdAt: settings.createdAt ?? NOT_CREATED_YET,
    amoList: settings.amoList,
    areAmosAssigned: settings.areAmosAssigned,
  });
  const simulation = simulate(
    {
      authorizeTrous: settings.authorizeTrous,
      nbSolutions: 1,
      pas: settings.pas,
      lunchStartTime: settings.lunchStartTime,
      lunchEndTime: settings.lunchEndTime,
      events: [...settings.events].sort((a, b) => Date.parse(a.start) - Date.parse(b.start)),
      mTimes: settings.mTimes as SimulationInput['mTimes'],
      amoList: settings.areAmosAssigned ? settings.amoList : [],
      broadcastList: buyers.map((buyer) => ({ guest: { _id: buyer.lotId, typologie: lots.get(buyer.lotId)!.typologie }, length: buyer.length })),
      phase: settings.phase,
    },
    { unavailable },
  );
  return simulation.simulationData.feasible ? null : new NoSolutionError(simulation.simulationData);
}
