import Select from '@cloudscape-design/components/select';
import { useQuery } from '@tanstack/react-query';
import type { Meeting } from '../../../../shared/domain/planning';
import { detailMessages } from '../../../../shared/messages/planning-actions';
import { errorMessage } from '../../api/api-error';
import { planningDetailQueries } from '../../api/planning-detail-queries';
import { useSearchText } from './use-search-text';
import { participantSelectMessages, planningDialogCommon } from '../../../../shared/messages/planning-dialogs';

/** The buyers a picker shows at once: the first of the search in lot order (the search finds the others). */
const PICKER_ROWS = 20;

export interface ParticipantSelectProps {
  planningId: string;
  /** Only the buyers still to place (manual placement). */
  toPlace?: boolean;
  selected: Meeting | null;
  onChange: (meeting: Meeting) => void;
  /** What the list says when the planning has no buyer to offer (no search typed). */
  empty: string;
}

const label = (meeting: Meeting) => `${meeting.guest.lotcomm} · ${meeting.guest.nom}`;

/**
 * A buyer of the planning, searched on the server (GET /rdv/{id}/participants with `q`, 20 rows):
 * the dialogs that pick one buyer never read the whole planning (docs/architecture.md « Live staff
 * screens »). The chosen buyer stays chosen whatever the list shows.
 */
export function ParticipantSelect({ planningId, toPlace, selected, onChange, empty }: ParticipantSelectProps) {
  const search = useSearchText();
  const found = useQuery(
    planningDetailQueries.participants(planningId, { page: 1, pageSize: PICKER_ROWS, q: search.searched, sort: 'lot', desc: false, toPlace }),
  );
  const rows = found.data?.rows ?? [];
  const options = rows.map((meeting) => ({ value: meeting.uuid, label: label(meeting), tags: [meeting.guest.typologie] }));
  const total = found.data?.total ?? 0;
  return (
    <Select
      selectedOption={selected ? { value: selected.uuid, label: label(selected) } : null}
      options={options}
      filteringType="manual"
      filteringAriaLabel={participantSelectMessages.searchLabel}
      filteringPlaceholder={participantSelectMessages.searchPlaceholder}
      placeholder={participantSelectMessages.pick}
      statusType={found.isError ? 'error' : found.isPending || search.waiting || (found.isFetching && found.isPlaceholderData) ? 'loading' : 'finished'}
      loadingText={participantSelectMessages.searching}
      errorText={errorMessage(found.error, detailMessages.participantsLoadFailed)}
      recoveryText={planningDialogCommon.retry}
      finishedText={total > rows.length ? participantSelectMessages.firstOf(rows.length, total) : undefined}
      empty={search.searched.trim() ? participantSelectMessages.noMatch : empty}
      onLoadItems={({ detail }) => {
        if (detail.filteringText !== search.typed) search.setTyped(detail.filteringText);
        else if (detail.samePage) void found.refetch();
      }}
      onChange={({ detail }) => {
        const meeting = rows.find((row) => row.uuid === detail.selectedOption.value);
        if (meeting) onChange(meeting);
      }}
    />
  );
}
