import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextContent from '@cloudscape-design/components/text-content';
import { homeMessages } from '../../../../shared/messages/homes';
import { screenNames } from '../../../../shared/messages/navigation';
import { useSession } from '../../app/session-store';
import { RouterLink } from '../../components/router-link';

/** /accueil: the moderator's home (part 1 §1: home, visits, profile). */
export function ModeratorHomePage() {
  const { user } = useSession();
  return (
    <ContentLayout header={<Header variant="h1">{screenNames.home}</Header>}>
      <Container header={<Header variant="h2">{homeMessages.greeting(user?.firstname ?? '')}</Header>}>
        <SpaceBetween size="s">
          <TextContent>
            <p>{homeMessages.moderatorIntro}</p>
          </TextContent>
          <RouterLink href="/visites">{homeMessages.moderatorVisits}</RouterLink>
          <RouterLink href="/profile">{homeMessages.moderatorAccount}</RouterLink>
        </SpaceBetween>
      </Container>
    </ContentLayout>
  );
}
