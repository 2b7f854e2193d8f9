import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { tablePagingMessages } from '../../../shared/messages/controls';

/**
 * A table's empty state when its text filter matches nothing: says so, and
 * offers to clear the filter rather than leaving the user to find the search field's cross.
 */
export function NoMatch({ text, onClear }: { text: string; onClear: () => void }) {
  return (
    <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }}>
      <SpaceBetween size="s">
        <Box variant="strong" color="inherit">
          {text}
        </Box>
        <Button onClick={onClear}>{tablePagingMessages.clearFilter}</Button>
      </SpaceBetween>
    </Box>
  );
}
