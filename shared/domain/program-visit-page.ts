import { z } from 'zod';
import { programVisitPageMessages } from '../messages/virtual-visits';
import { pageCursorSchema, pageLimitSchema } from './page-query';

/** The most visits one page of a program's visit list answers (about 800 bytes a visit). */
export const maxProgramVisitsPerPage = 500;

/**
 * GET /rdv/project/{programId}/visites-3d?cursor&limit: a page of the program's buyer visits
 * (docs/architecture.md « Bounded answers »), up to one per buyer.
 */
export const programVisitPageQuerySchema = z.object({
  cursor: pageCursorSchema(programVisitPageMessages.invalidCursor),
  limit: pageLimitSchema(maxProgramVisitsPerPage, 200, programVisitPageMessages.invalidLimit),
});
export type ProgramVisitPageQuery = z.infer<typeof programVisitPageQuerySchema>;
