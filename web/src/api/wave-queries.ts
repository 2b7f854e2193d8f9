import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { waveViewSchema } from '../../../shared/domain/send-wave';
import { apiRequest } from './api-client';
import { planningDetailKeys } from './planning-detail-queries';

const wavesAnswerSchema = z.object({ waves: z.array(waveViewSchema) });

const waveKeys = {
  /** Under the planning's detail key: a staff action on the planning reads them again. */
  planning: (planningId: string) => [...planningDetailKeys.detail(planningId), 'waves'] as const,
};

/** How often a running wave's progress is read. */
const runningRefreshMs = 1000;

export const waveQueries = {
  /**
   * GET /rdv/{id}/waves: the planning's bulk sends running or finished today, newest first. Read
   * every second while one runs; a reloaded page finds them again here.
   */
  planning: (planningId: string) =>
    queryOptions({
      queryKey: waveKeys.planning(planningId),
      queryFn: async ({ signal }) => (await apiRequest(`/rdv/${encodeURIComponent(planningId)}/waves`, { schema: wavesAnswerSchema, signal })).waves,
      refetchInterval: (query) => (query.state.data?.some((wave) => !wave.done) ? runningRefreshMs : false),
    }),
};
