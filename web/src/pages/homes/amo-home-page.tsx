import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { RouterLink } from '../../components/router-link';

/** /accueil-amo: the AMO home, stated as under development (part 1 §2, part 3 §2). */
export function AmoHomePage() {
  return (
    <ContentLayout header={<Header variant="h1">Accueil AMO</Header>}>
      <Container>
        <SpaceBetween size="s">
          <Box variant="p">Cette page est en cours de développement.</Box>
          <RouterLink href="/projets">Voir mes programmes</RouterLink>
        </SpaceBetween>
      </Container>
    </ContentLayout>
  );
}
