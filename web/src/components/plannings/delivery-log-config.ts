import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { DeliveryLogCounts } from '../../../../shared/domain/delivery-log';
import type { DeliveryFilter, DeliveryLogEntry } from '../../api/planning-queries';
import { formatDateTime } from '../format-date';
import { deliveryLogMessages } from '../../../../shared/messages/planning-reads';

/** The message each line of the delivery log stands for. */
const deliveryKindLabels: Record<string, string> = deliveryLogMessages.kinds;

export type { DeliveryFilter };

export interface DeliveryLogRow {
  id: string;
  at: string;
  buyer: string;
  message: string;
  channel: string;
  to: string;
  status: { type: StatusIndicatorProps.Type; label: string };
}

function statusOf(entry: DeliveryLogEntry): DeliveryLogRow['status'] {
  switch (entry.status) {
    case 'sent':
      // Sent, with something staff must know (an invitation whose attachment was gone from storage).
      return entry.reason ? { type: 'warning', label: entry.reason } : { type: 'success', label: deliveryLogMessages.sent };
    case 'queued':
      return { type: 'pending', label: deliveryLogMessages.queued };
    case 'failed':
      return { type: 'error', label: entry.reason ? deliveryLogMessages.failedBecause(entry.reason) : deliveryLogMessages.failed };
    case 'dead':
      // Every retry failed: nothing more will be tried, staff must reach the buyer another way.
      return { type: 'error', label: deliveryLogMessages.abandoned(entry.reason) };
  }
}

/** Lines the 'Échecs' filter shows: a failed attempt, and a message abandoned after its retries. */
const failedStatuses: readonly DeliveryLogEntry['status'][] = ['failed', 'dead'];

/** The log as the table shows it (Paris time), the newest first, optionally only failed or queued lines. */
export function deliveryLogRows(entries: readonly DeliveryLogEntry[], filter: DeliveryFilter = 'all'): DeliveryLogRow[] {
  return entries
    .filter((entry) => filter === 'all' || entry.status === filter || (filter === 'failed' && failedStatuses.includes(entry.status)))
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
    .map((entry) => ({
      id: entry.id,
      at: formatDateTime(entry.at, 'dd/MM/yyyy HH:mm:ss'),
      buyer: entry.buyer ? `${entry.buyer.lotcomm} · ${entry.buyer.nom}` : '—',
      message: deliveryKindLabels[entry.kind] ?? entry.kind,
      channel: entry.channel === 'email' ? 'E-mail' : 'SMS',
      to: entry.to,
      status: statusOf(entry),
    }));
}

/**
 * '12 envoyés · 1 échec · 0 en cours', and '· 1 abandonné' when a message was given up after its
 * retries: the whole log's counts, kept by the server with its lines, whatever pages are loaded.
 */
export function deliverySummary(counts: DeliveryLogCounts): string {
  const { sent, failed, queued, dead } = counts;
  return deliveryLogMessages.summary(sent, failed, queued, dead);
}
