import Box from '@cloudscape-design/components/box';
import Spinner from '@cloudscape-design/components/spinner';

/** Placeholder while a page chunk or its data loads. */
export function PageLoading() {
  return (
    <Box textAlign="center" padding={{ vertical: 'xxxl' }} color="text-status-inactive">
      <Spinner size="large" />
      <Box variant="p" color="text-status-inactive">
        Chargement…
      </Box>
    </Box>
  );
}
