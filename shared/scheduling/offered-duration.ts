/**
 * A visit length the API accepts where a form sets it: one of the durations the forms offer
 * (part 1 §9: 30', 45', 1h, 1h30, 2h, 2h30, 3h, 4h). The engine itself still handles any length
 * (plannings stored before this rule, imposed placements), within its time budget; bounding the
 * lengths at the API keeps the packing problems the size the forms can make (few distinct
 * durations, all multiples of 15 minutes), which the solver settles in milliseconds.
 */
import { z } from 'zod';
import { OFFERED_DURATIONS_MS } from './phase-durations';
import { SCHEDULING_MESSAGES } from '../messages/scheduling';

export const offeredDurationMessage = SCHEDULING_MESSAGES.offeredDurations;

export const isOfferedDuration = (ms: number): boolean => OFFERED_DURATIONS_MS.includes(ms);

export const offeredDurationSchema = z.number({ error: offeredDurationMessage }).int(offeredDurationMessage).refine(isOfferedDuration, offeredDurationMessage);
