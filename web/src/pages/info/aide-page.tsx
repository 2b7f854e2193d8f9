import '../../app/cloudscape-global-styles';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextContent from '@cloudscape-design/components/text-content';
import { helpPageMessages as m } from '../../../../shared/messages/info-pages';
import { signInMessages } from '../../../../shared/messages/sign-in';
import { roleLabels } from '../../../../shared/domain/roles';
import { controlMessages } from '../../../../shared/messages/controls';
import { screenNames } from '../../../../shared/messages/navigation';

/** Aide: what each role can do, how buyers book, how to reach support (part 1 §2). */
export function AidePage() {
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={m.description}>
          {screenNames.support}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">{m.bookingTitle}</Header>}>
          <TextContent>
            <ol>
              <li>{m.bookingOpenLink}</li>
              <li>
                {m.bookingFree} <strong>{controlMessages.confirm}</strong>.
              </li>
              <li>
                {m.bookingImposed} <strong>{m.bookingImposedButton}</strong>
                {m.bookingImposedOr}
              </li>
              <li>{m.bookingReminders}</li>
              <li>{m.bookingChange}</li>
            </ol>
            <p>{m.buyerArea}</p>
          </TextContent>
        </Container>
        <Container header={<Header variant="h2">{m.rolesTitle}</Header>}>
          <ColumnLayout columns={2} variant="text-grid">
            <TextContent>
              <h3>{roleLabels.promoter}</h3>
              <p>{m.promoterText}</p>
            </TextContent>
            <TextContent>
              <h3>{roleLabels.amo}</h3>
              <p>{m.amoText}</p>
            </TextContent>
            <TextContent>
              <h3>{roleLabels.customer}</h3>
              <p>{m.buyerText}</p>
            </TextContent>
            <TextContent>
              <h3>{roleLabels.administrator}</h3>
              <p>{m.administratorText}</p>
            </TextContent>
            <TextContent>
              <h3>{roleLabels.moderator}</h3>
              <p>{m.moderatorText}</p>
            </TextContent>
          </ColumnLayout>
        </Container>
        <Container header={<Header variant="h2">{signInMessages.forgotTitle}</Header>}>
          <TextContent>
            <p>
              {m.forgotBefore} <strong>{signInMessages.forgotLink}</strong> {m.forgotAfter}
            </p>
          </TextContent>
        </Container>
        <Container header={<Header variant="h2">{m.contactTitle}</Header>}>
          <TextContent>
            <p>
              {m.contactBefore} <Link href="mailto:support@livrea.fr">support@livrea.fr</Link>
              {m.contactAfter}
            </p>
          </TextContent>
        </Container>
      </SpaceBetween>
    </ContentLayout>
  );
}
