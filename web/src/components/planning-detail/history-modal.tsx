import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../api/api-error';
import { planningDetailQueries, type HistoryEntry } from '../../api/planning-detail-queries';
import { formatDateTime } from '../format-date';
import { attendanceLabels, type AttendanceStatus } from '../../../../shared/domain/attendance';
import { historyFieldLabels } from '../../../../shared/messages/planning-actions';
import { historyDialogMessages, planningDialogCommon } from '../../../../shared/messages/planning-dialogs';

/** Labels of the meeting fields a history entry may change. */
const fieldLabels: Record<string, string> = historyFieldLabels;

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** How a history entry names people: the AMO of a column, the staff member who placed a visit. */
interface HistoryNames {
  amoLabel?: (amoNb: number) => string;
  /** The author of the entry (a visit 'placé par' them shows their name, not their id). */
  by?: { _id: string; name: string };
}

/** A value as staff read it: Oui/Non, Paris dates, lengths, lists, names rather than ids. */
function formatHistoryValue(key: string, value: unknown, names: HistoryNames = {}): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? historyDialogMessages.yes : historyDialogMessages.no;
  if (key === 'amoNb' && typeof value === 'number') return names.amoLabel?.(value) ?? `AMO ${value + 1}`;
  if (key === 'forced' && typeof value === 'string') return value === names.by?._id ? names.by.name : planningDialogCommon.team;
  if (key === 'length' && typeof value === 'number') return `${Math.round(value / 60_000)} min`;
  if (key === 'attendance' && typeof value === 'string' && value in attendanceLabels) return attendanceLabels[value as AttendanceStatus];
  if (typeof value === 'string') return isoInstant.test(value) ? formatDateTime(value) : value;
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item === 'string')) return value.length ? value.map((item) => formatHistoryValue(key, item)).join(', ') : '—';
    return historyDialogMessages.elements(value.length);
  }
  if (typeof value === 'object' && 'nom' in (value as Record<string, unknown>)) return String((value as { nom: unknown }).nom);
  // A start held for a waiter: when, and until when it is held.
  if (key === 'waitHold' && typeof value === 'object' && 'start' in value && 'until' in value)
    return historyDialogMessages.heldUntil(formatDateTime(String(value.start)), formatDateTime(String(value.until), 'HH:mm'));
  return JSON.stringify(value);
}

/** 'field : before → after' for every field that differs. */
function historyChanges(entry: Pick<HistoryEntry, 'before' | 'after' | 'by'>, amoLabel?: (amoNb: number) => string): string[] {
  const names: HistoryNames = { amoLabel, by: entry.by };
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return keys.map((key) => `${fieldLabels[key] ?? key} : ${formatHistoryValue(key, before[key], names)} → ${formatHistoryValue(key, after[key], names)}`);
}

export interface HistoryModalProps {
  planningId: string;
  uuid: string;
  title: string;
  /** The AMO of a column, by name. */
  amoLabel?: (amoNb: number) => string;
  onDismiss: () => void;
}

/** 'Historique' of a buyer (part 2 §2.6): who changed what and when, before → after. */
export function HistoryModal({ planningId, uuid, title, amoLabel, onDismiss }: HistoryModalProps) {
  const history = useQuery(planningDetailQueries.history(planningId, uuid));
  const items = [...(history.data ?? [])].reverse();
  return (
    <Modal
      visible
      size="large"
      onDismiss={onDismiss}
      closeAriaLabel={planningDialogCommon.close}
      header={historyDialogMessages.title(title)}
      footer={
        <Box float="right">
          <Button onClick={onDismiss}>{planningDialogCommon.close}</Button>
        </Box>
      }
    >
      {history.isError ? (
        <Alert type="error" action={<Button onClick={() => void history.refetch()}>{planningDialogCommon.retry}</Button>}>
          {errorMessage(history.error)}
        </Alert>
      ) : (
        <Table<HistoryEntry>
          variant="embedded"
          loading={history.isPending}
          loadingText={historyDialogMessages.loading}
          items={items}
          wrapLines
          columnDefinitions={[
            { id: 'at', header: historyDialogMessages.date, cell: (entry) => formatDateTime(entry.at, 'dd/MM/yyyy HH:mm:ss'), width: 170 },
            {
              id: 'by',
              header: historyDialogMessages.by,
              cell: (entry) => (entry.by.impersonator ? historyDialogMessages.impersonated(entry.by.name, entry.by.impersonator.name) : entry.by.name),
              width: 160,
            },
            { id: 'action', header: historyDialogMessages.action, cell: (entry) => entry.action, width: 200 },
            {
              id: 'changes',
              header: historyDialogMessages.changes,
              cell: (entry) => {
                const changes = historyChanges(entry, amoLabel);
                return changes.length ? (
                  <ul style={{ margin: 0, paddingLeft: 16 }}>
                    {changes.map((change) => (
                      <li key={change}>{change}</li>
                    ))}
                  </ul>
                ) : (
                  '—'
                );
              },
            },
          ]}
          empty={
            <Box textAlign="center" color="inherit" padding="m">
              {historyDialogMessages.none}
            </Box>
          }
        />
      )}
    </Modal>
  );
}
