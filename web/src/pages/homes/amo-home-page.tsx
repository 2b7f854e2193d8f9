import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { homeMessages } from '../../../../shared/messages/homes';
import { RouterLink } from '../../components/router-link';

/** /accueil-amo: the AMO home, stated as under development (part 1 §2, part 3 §2). */
export function AmoHomePage() {
  return (
    <ContentLayout header={<Header variant="h1">{homeMessages.amoTitle}</Header>}>
      <Container>
        <SpaceBetween size="s">
          <Box variant="p">{homeMessages.amoUnderDevelopment}</Box>
          <RouterLink href="/projets">{homeMessages.amoPrograms}</RouterLink>
        </SpaceBetween>
      </Container>
    </ContentLayout>
  );
}
