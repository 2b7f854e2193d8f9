import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';

/**
 * « Charger plus » under a list the server answers a page at a time (docs/architecture.md
 * « Bounded answers »): shown while a next page exists, busy while it loads.
 */
export function LoadMoreButton({ hasMore, loading, onLoad }: { hasMore: boolean; loading: boolean; onLoad: () => void }) {
  if (!hasMore) return null;
  return (
    <Box textAlign="center">
      <Button loading={loading} onClick={onLoad}>
        Charger plus
      </Button>
    </Box>
  );
}
