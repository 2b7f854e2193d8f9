import type { BadgeProps } from '@cloudscape-design/components/badge';
import type { TableProps } from '@cloudscape-design/components/table';
import { phaseLabels, type Phase, type Planning, type TemplateType } from '../../../../shared/domain/planning';
import { planningAnswers, planningProgress } from '../../../../shared/rules/planning-progress';
import { planningStateTag, type PlanningState } from '../../../../shared/rules/planning-state-tag';
import { formatDateTime } from '../../components/format-date';
import type { PlanningDraft } from '../../api/planning-queries';
import { draftSummary } from './free-planning-draft';
import { listLabels } from '../../../../shared/messages/planning-list';

export const PLANNING_PAGE_SIZE = 10;

/** The selection checkboxes' names on the plannings lists (a program's and the cross-program one). */
export function planningSelectionLabels<T extends { name: string }>(): TableProps.AriaLabels<T> {
  return {
    selectionGroupLabel: listLabels.planningSelection,
    allItemsSelectionLabel: () => listLabels.selectAll,
    itemSelectionLabel: (_, row) => listLabels.select(row.name),
  };
}

/** A row of the plannings list: a planning, or a draft of the creation form. */
export interface PlanningRow {
  id: string;
  kind: 'planning' | 'draft';
  name: string;
  phaseLabel: string;
  templateType: TemplateType;
  state: PlanningState;
  /** Imposed plannings carry the 'Convocation' tag. */
  imposed: boolean;
  progress: { percent: number; invited: number; booked: number; unavailable: number; waiting: number } | null;
  period: string;
  deadline: string;
  /** For the default order: newest first. */
  sortKey: string;
}

const phaseLabel = (phase: string | undefined): string => (phase && phase in phaseLabels ? phaseLabels[phase as Phase] : '—');

const day = (iso: string) => formatDateTime(iso, 'dd/MM/yyyy');

function periodOf(start?: string, end?: string): string {
  if (!start) return '—';
  return !end || start === end ? start : `${start} → ${end}`;
}

/** Paris 'YYYY-MM-DD' as 'dd/MM/yyyy'. */
const frenchDay = (date: string): string => date.split('-').reverse().join('/');

export function planningRow(planning: Planning, now: Date): PlanningRow {
  const imposed = planning.templateType === 'promoterImpose' || planning.templateType === 'draftImpose';
  const progress = planningProgress(planning, imposed);
  return {
    id: planning._id,
    kind: 'planning',
    name: planning.name,
    phaseLabel: phaseLabel(planning.phase),
    templateType: planning.templateType,
    state: planningStateTag(planning, now),
    imposed,
    progress: {
      percent: progress.percent,
      invited: planningAnswers(planning, imposed).invited,
      booked: imposed ? planning.nbConfirmed : planning.nbBooked,
      unavailable: planning.nbNotAvailable,
      waiting: progress.waiting,
    },
    period: periodOf(day(planning.planningStartTime), day(planning.planningEndTime)),
    deadline: formatDateTime(planning.bookingDeadline),
    sortKey: planning.createdAt,
  };
}

function draftRow(draft: PlanningDraft, now: Date): PlanningRow {
  const summary = draftSummary(draft.data);
  return {
    id: draft._id,
    kind: 'draft',
    name: draft.name || 'Brouillon sans nom',
    phaseLabel: phaseLabel(summary.phase),
    templateType: draft.templateType,
    state: planningStateTag({ templateType: draft.templateType }, now),
    imposed: draft.templateType === 'draftImpose',
    progress: null,
    period: periodOf(summary.firstDay && frenchDay(summary.firstDay), summary.lastDay && frenchDay(summary.lastDay)),
    deadline: summary.deadline ? `${frenchDay(summary.deadline.date)} ${summary.deadline.time}` : '—',
    sortKey: draft.updatedAt,
  };
}

/** Plannings and drafts together, newest first. */
export function planningRows(plannings: readonly Planning[], drafts: readonly PlanningDraft[], now: Date): PlanningRow[] {
  return [...plannings.map((planning) => planningRow(planning, now)), ...drafts.map((draft) => draftRow(draft, now))].sort((a, b) =>
    a.sortKey < b.sortKey ? 1 : a.sortKey > b.sortKey ? -1 : 0,
  );
}

/** Where a row leads (part 2 §2.3). */
export function rowHref(programId: string, row: Pick<PlanningRow, 'id' | 'templateType'>): string {
  const base = `/projets/${encodeURIComponent(programId)}`;
  switch (row.templateType) {
    case 'promoterImpose':
      return `${base}/plannings-imposes/${row.id}`;
    case 'promoter':
      return `${base}/plannings-libres/${row.id}`;
    case 'draftImpose':
      return `${base}/plannings/nouveau-impose?id=${encodeURIComponent(row.id)}`;
    case 'draft':
      return `${base}/plannings/nouveau?id=${encodeURIComponent(row.id)}`;
  }
}

/** Badge colours of the six states (part 2 §4), keyed by the state values, not messages (`planningStates`). */
export const stateColors: Record<PlanningState, BadgeProps['color']> = {
  'Planning terminé': 'grey',
  'Visites en cours': 'blue',
  'Période de réservation terminée': 'severity-medium',
  Brouillon: 'severity-neutral',
  'En cours de réservation': 'green',
  "En attente d'envoi invitation": 'severity-low',
};

export function rowMatches(row: PlanningRow, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return [row.name, row.phaseLabel, row.state].some((value) => value.toLowerCase().includes(needle));
}
