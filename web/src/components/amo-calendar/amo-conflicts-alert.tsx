import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import { amoCalendarMessages } from '../../../../shared/messages/amo-calendar';
import type { AmoConflict } from '../../api/amo-calendar-queries';

/**
 * The times a planning's named AMOs already work elsewhere or took off (docs/scheduling.md « One
 * person, one calendar »): « amo1 est déjà sur « Les Jardins du Parc » le 12/03 de 09:00 à 12:00 ».
 * Nothing when there is none. `failed`: they could not be read, said rather than taken for none
 * (staff would otherwise believe the AMOs free).
 */
export function AmoConflictsAlert({
  header,
  conflicts,
  failed,
  note,
}: {
  header: string;
  conflicts: readonly AmoConflict[] | undefined;
  failed?: boolean;
  /** What the conflicts mean for the planning, under the list. */
  note?: string;
}) {
  if (failed) {
    return (
      <Alert type="warning" header={header}>
        {amoCalendarMessages.elsewhereUnknown}
      </Alert>
    );
  }
  if (!conflicts || conflicts.length === 0) return null;
  return (
    <Alert type="warning" header={header}>
      <ul>
        {conflicts.map((conflict) => (
          <li key={`${conflict.userId}-${conflict.planningId ?? 'off'}-${conflict.start}`}>
            <Box variant="span">{conflict.message}</Box>
          </li>
        ))}
      </ul>
      {note ? <Box variant="p">{note}</Box> : null}
    </Alert>
  );
}
