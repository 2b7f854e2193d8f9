import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { operationStartedSchema, type OperationView } from '../../../../shared/domain/operation';
import { apiRequest } from '../../api/api-client';
import { useOperationStart } from '../../api/operation-queries';
import { progressText } from '../../api/operation-start';
import { planningKeys } from '../../api/planning-queries';
import { notify } from '../../app/notifications-store';
import { OperationProgress } from '../../components/operations/operation-progress';
import { confirmingShortNotice } from '../../components/short-notice/short-notice-confirmation';
import { creationPageMessages } from '../../../../shared/messages/planning-creation';

/** Both answers of a creation (201 once created within the request, 202 while its operation runs) carry the operation and the planning's id. */
const creationAnswerSchema = operationStartedSchema.extend({ planning: z.object({ _id: z.string() }).passthrough(), warning: z.string().optional() });
const creationResultSchema = z.object({ planningId: z.string(), message: z.string(), warning: z.string().optional() });

export interface PlanningCreationOptions {
  programId: string;
  path: '/rdv' | '/rdv-impose';
  /** The toast's id (the page's notifications). */
  notice: string;
  /** Where the planning opens once created. */
  planningPath: (planningId: string) => string;
  /** Imposed: a visit within the program's notice asks staff first, then the same request is sent confirmed. */
  confirmsShortNotice?: boolean;
}

/**
 * A planning's creation as an operation (docs/architecture.md « Planning creation »): one
 * Idempotency-Key per click, sent again after a 503 or a network error (« L'opération continue… »:
 * never « échec » while it may have succeeded), followed until done, then the planning's page.
 * A refusal (400, 409, 422) goes to `onRefused`, as the form shows it.
 */
export function usePlanningCreation({ programId, path, notice, planningPath, confirmsShortNotice = false }: PlanningCreationOptions) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const body = useRef<unknown>(undefined);
  const refused = useRef<(error: unknown) => void>(() => undefined);
  const creation = useOperationStart({
    scope: `planning-creation:${programId}`,
    send: async (idempotencyKey) => {
      try {
        const sent = (confirmed: boolean) =>
          apiRequest(path, {
            method: 'POST',
            body: confirmed ? { ...(body.current as object), confirmShortNotice: true } : body.current,
            idempotencyKey,
            schema: creationAnswerSchema,
          });
        return await (confirmsShortNotice ? confirmingShortNotice(sent) : sent(false));
      } catch (error) {
        refused.current(error);
        throw error;
      }
    },
  });
  const { operation, dismiss } = creation;
  useEffect(() => {
    const result = creationResultSchema.safeParse(operation?.status === 'done' ? operation.result : undefined);
    if (!result.success) return;
    dismiss();
    void queryClient.invalidateQueries({ queryKey: planningKeys.list(programId) });
    void queryClient.invalidateQueries({ queryKey: planningKeys.drafts(programId) });
    notify({ id: notice, type: 'success', content: result.data.message });
    // Part 3 §2: the entity billed has no credits left; the warning stays until dismissed.
    if (result.data.warning) notify({ id: `${notice}-credits`, type: 'warning', content: result.data.warning });
    void navigate(planningPath(result.data.planningId));
  }, [operation, dismiss, queryClient, programId, notice, navigate, planningPath]);

  return {
    ...creation,
    /** Sends the creation; `onRefused` receives an answer that refuses it (not a lost one: that is sent again). */
    create: (request: unknown, onRefused: (error: unknown) => void) => {
      body.current = request;
      refused.current = onRefused;
      void creation.start();
    },
    busy: creation.phase === 'sending' || creation.phase === 'continuing' || creation.phase === 'following',
  };
}

/** « Création du planning : 1 200 / 2 000 acquéreurs », then the failure if it failed (success opens the planning). */
export function PlanningCreationProgress({ creation }: { creation: ReturnType<typeof usePlanningCreation> }) {
  if (creation.phase === 'idle' || creation.phase === 'done') return null;
  const progress = buyersProgress(creation.operation);
  return (
    <OperationProgress
      title={progress ? creationPageMessages.creatingProgress(progress) : creationPageMessages.creating}
      phase={creation.phase}
      operation={creation.operation}
      error={undefined}
      resultText={(result) => String(result.message ?? '')}
      onDismiss={creation.dismiss}
    />
  );
}

/** The line a screen shows of a creation in progress: « 1 200 / 2 000 acquéreurs ». */
function buyersProgress(operation: OperationView | undefined): string | undefined {
  const text = operation ? progressText(operation.progress) : undefined;
  return text ? creationPageMessages.buyersProgress(text) : undefined;
}
