/**
 * Requests of an AMO's one calendar across plannings (docs/scheduling.md « One person, one
 * calendar »): their days off (« Mes indisponibilités »), their travel time between programs and
 * the conflicts a planning being created or edited would have with the AMOs' other plannings.
 */
import { z } from 'zod';
import { amoCalendarMessages } from '../messages/amo-calendar';
import { MAX_TRAVEL_MINUTES } from '../scheduling/amo-calendar';
import { isInstantInRange } from './input-bounds';
import { objectIdSchema } from './ids';
import { planningEventSchema } from './planning';

const instant = z.iso.datetime({ offset: true, error: 'Date invalide' }).refine(isInstantInRange, 'Date invalide');
const DAY_MS = 86_400_000;

/** Whose calendar: the caller's own (an AMO), or the AMO staff name. */
export const amoCalendarQuerySchema = z.object({ userId: objectIdSchema(amoCalendarMessages.notAnAmo).optional() });

export const dayOffCreateSchema = z
  .object({
    userId: objectIdSchema(amoCalendarMessages.notAnAmo).optional(),
    start: instant,
    end: instant,
    /** Staff (or the AMO) saw the buyers this day off would leave without a place and confirmed (« Confirmer quand même »). */
    confirmStrand: z.boolean().default(false),
  })
  .refine((value) => Date.parse(value.end) > Date.parse(value.start), { message: amoCalendarMessages.dayOffInvalid, path: ['end'] })
  .refine((value) => Date.parse(value.end) - Date.parse(value.start) <= 366 * DAY_MS, { message: amoCalendarMessages.dayOffTooLong, path: ['end'] });
export type DayOffCreate = z.infer<typeof dayOffCreateSchema>;

export const travelSettingsSchema = z.object({
  userId: objectIdSchema(amoCalendarMessages.notAnAmo).optional(),
  travelMinutes: z
    .number({ error: amoCalendarMessages.travelTimeInvalid })
    .int(amoCalendarMessages.travelTimeInvalid)
    .min(0, amoCalendarMessages.travelTimeInvalid)
    .max(MAX_TRAVEL_MINUTES, amoCalendarMessages.travelTimeInvalid),
  confirmStrand: z.boolean().default(false),
});

/** A planning being created or edited: its program, named AMOs and days (its id when it exists). */
export const amoConflictsRequestSchema = z.object({
  projectId: objectIdSchema('Programme introuvable'),
  planningId: objectIdSchema('Planning introuvable').optional(),
  amoList: z.array(objectIdSchema(amoCalendarMessages.notAnAmo)).max(10).default([]),
  areAmosAssigned: z.boolean().default(false),
  events: z.array(planningEventSchema).max(400),
});
