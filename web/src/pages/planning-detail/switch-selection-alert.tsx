import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import type { Planning } from '../../../../shared/domain/planning';
import type { CalendarVisit } from '../../../../shared/domain/planning-detail-reads';
import { errorMessage } from '../../api/api-error';
import { planningActions } from '../../api/planning-detail-queries';
import { notify } from '../../app/notifications-store';
import { type switchCheck } from './planning-detail-config';
import { detailMessages } from '../../../../shared/messages/planning-actions';
import { planningCalendarMessages } from '../../../../shared/messages/planning-detail';

export interface SwitchSelectionAlertProps {
  planning: Planning;
  selection: CalendarVisit[];
  check: ReturnType<typeof switchCheck>;
  columnCount: number;
  amoLabel: (amoNb: number | null) => string;
  run: <R>(call: () => Promise<R>) => Promise<R>;
  pending: boolean;
  onSwitched: () => void;
}

/**
 * 'Switch AMO' (part 2 §4): the visits selected on the calendar, and, when they all belong to one
 * AMO, the AMO they go to; 'Switcher' exchanges them.
 */
export function SwitchSelectionAlert({ planning, selection, check, columnCount, amoLabel, run, pending, onSwitched }: SwitchSelectionAlertProps) {
  const [targetAmo, setTargetAmo] = useState<string>('');
  const targetOptions = Array.from({ length: columnCount }, (_, amoNb) => ({ value: String(amoNb), label: amoLabel(amoNb) })).filter(
    (option) => !check.amos.includes(Number(option.value)),
  );
  const runSwitch = async () => {
    if (!check.ok || (check.amos.length === 1 && !targetAmo)) return notify({ type: 'error', content: detailMessages.invalidSelection });
    try {
      const target = check.amos.length === 1 ? (planning.areAmosAssigned ? planning.amoList[Number(targetAmo)] : Number(targetAmo)) : undefined;
      const answer = await run(() => planningActions.switchAmo(planning._id, { rdvs: selection.map((meeting) => meeting.uuid), targetAmo: target }));
      notify({ type: 'success', content: answer.message });
      onSwitched();
    } catch (caught) {
      notify({ type: 'error', content: errorMessage(caught, detailMessages.switchFailed) });
    }
  };

  return (
    <Alert
      type="info"
      header={planningCalendarMessages.selectedVisits(selection.length)}
      action={
        <SpaceBetween direction="horizontal" size="xs">
          {check.amos.length === 1 && selection.length > 0 && (
            <Select
              selectedOption={targetOptions.find((option) => option.value === targetAmo) ?? null}
              options={targetOptions}
              placeholder={planningCalendarMessages.toAmo}
              ariaLabel={planningCalendarMessages.targetAmo}
              onChange={({ detail }) => setTargetAmo(detail.selectedOption.value ?? '')}
            />
          )}
          <Button variant="primary" loading={pending} onClick={() => void runSwitch()}>
            {planningCalendarMessages.switch}
          </Button>
        </SpaceBetween>
      }
    >
      {selection.length ? selection.map((meeting) => `${meeting.lotcomm} (${amoLabel(meeting.amoNb)})`).join(', ') : planningCalendarMessages.pickVisits}
    </Alert>
  );
}
