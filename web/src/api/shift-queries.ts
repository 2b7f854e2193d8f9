import { shiftPreviewSchema, type ShiftRequest } from '../../../shared/domain/planning-shift';
import { waveStartedSchema } from '../../../shared/domain/send-wave';
import { apiRequest } from './api-client';

const shiftPath = (planningId: string, preview: boolean) => `/rdv/${encodeURIComponent(planningId)}/decaler${preview ? '/apercu' : ''}`;

/** 'Décaler': the preview (reads only) and the confirmed shift (202, a wave the page follows). */
export const shiftActions = {
  preview: (planningId: string, body: ShiftRequest) => apiRequest(shiftPath(planningId, true), { method: 'POST', body, schema: shiftPreviewSchema }),
  confirm: (planningId: string, body: ShiftRequest) => apiRequest(shiftPath(planningId, false), { method: 'POST', body, schema: waveStartedSchema }),
};
