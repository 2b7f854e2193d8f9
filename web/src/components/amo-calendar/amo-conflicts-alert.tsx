import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import type { AmoConflict } from '../../api/amo-calendar-queries';

/**
 * The times a planning's named AMOs already work elsewhere or took off (docs/scheduling.md « One
 * person, one calendar »): « amo1 est déjà sur « Les Jardins du Parc » le 12/03 de 09:00 à 12:00 ».
 * Nothing when there is none.
 */
export function AmoConflictsAlert({ header, conflicts }: { header: string; conflicts: readonly AmoConflict[] | undefined }) {
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
    </Alert>
  );
}
