import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextContent from '@cloudscape-design/components/text-content';
import { useSession } from '../../app/session-store';
import { RouterLink } from '../../components/router-link';

/** /accueil: the moderator's home (part 1 §1: home, visits, profile). */
export function ModeratorHomePage() {
  const { user } = useSession();
  return (
    <ContentLayout header={<Header variant="h1">Accueil</Header>}>
      <Container header={<Header variant="h2">Bonjour {user?.firstname ?? ''}</Header>}>
        <SpaceBetween size="s">
          <TextContent>
            <p>Depuis votre espace modérateur, vous pouvez consulter les visites et gérer votre compte.</p>
          </TextContent>
          <RouterLink href="/visites">Consulter les visites</RouterLink>
          <RouterLink href="/profile">Gérer mon compte</RouterLink>
        </SpaceBetween>
      </Container>
    </ContentLayout>
  );
}
