import Button from '@cloudscape-design/components/button';
import { useNavigate } from 'react-router';
import { consolidationRefusal } from '../../../../shared/exports/consolidation-rule';
import { planningListScreenMessages } from '../../../../shared/messages/planning-list';
import { notify } from '../../app/notifications-store';
import type { PlanningRow } from '../plannings/planning-list-config';
import { consolidatedPath } from './consolidated-config';

/**
 * 'Consolider' on the plannings list (part 2 §2.3 'Selecting plannings allows consolidation'): the
 * selected plannings open together in the consolidated view, if they are of the same type and none
 * is a draft (part 2 §5 'Consolidation', the rule the server applies too).
 */
export function ConsolidateButton({ programId, selected }: { programId: string; selected: readonly Pick<PlanningRow, 'id' | 'templateType'>[] }) {
  const navigate = useNavigate();
  return (
    <Button
      disabled={selected.length === 0}
      disabledReason={planningListScreenMessages.consolidateNeedsSelection}
      onClick={() => {
        const refusal = consolidationRefusal(selected.map((row) => row.templateType));
        if (refusal) return void notify({ type: 'error', content: refusal });
        void navigate(
          consolidatedPath(
            programId,
            selected.map((row) => row.id),
          ),
        );
      }}
    >
      {planningListScreenMessages.consolidate}
    </Button>
  );
}
