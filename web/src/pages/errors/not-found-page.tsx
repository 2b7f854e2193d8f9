import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { messages } from '../../../../shared/messages/common';
import { RouterLink } from '../../components/router-link';

/** Unknown route (part 1 §2, §8). */
export function NotFoundPage() {
  return (
    <Box textAlign="center" padding={{ vertical: 'xxxl' }}>
      <SpaceBetween size="m" alignItems="center">
        <Box variant="h1" fontSize="display-l" color="text-status-inactive">
          404
        </Box>
        <Box variant="p" fontSize="heading-m">
          {messages.notFoundPage}
        </Box>
        <RouterLink href="/" variant="primary">
          Retour
        </RouterLink>
      </SpaceBetween>
    </Box>
  );
}
