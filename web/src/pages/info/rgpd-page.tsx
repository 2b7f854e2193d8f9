import '../../app/cloudscape-global-styles';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextContent from '@cloudscape-design/components/text-content';
import { gdprPageMessages as m } from '../../../../shared/messages/info-pages';

/** RGPD: how Livrea protects personal data (part 1 §2), with the provider's contact details. */
export function RgpdPage() {
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={m.description}>
          {m.title}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">{m.whoTitle}</Header>}>
          <TextContent>
            <p>{m.whoLivrea}</p>
            <p>{m.whoController}</p>
          </TextContent>
        </Container>
        <Container header={<Header variant="h2">{m.whatTitle}</Header>}>
          <TextContent>
            <ul>
              <li>
                <strong>{m.identity}</strong> {m.identityUse}
              </li>
              <li>
                <strong>{m.housing}</strong> {m.housingUse}
              </li>
              <li>
                <strong>{m.appointments}</strong> {m.appointmentsUse}
              </li>
              <li>
                <strong>{m.technical}</strong> {m.technicalUse}
              </li>
            </ul>
            <p>{m.legalBasis}</p>
          </TextContent>
        </Container>
        <Container header={<Header variant="h2">{m.retentionTitle}</Header>}>
          <TextContent>
            <p>{m.retention}</p>
            <p>{m.hosting}</p>
          </TextContent>
        </Container>
        <Container header={<Header variant="h2">{m.minorsTitle}</Header>}>
          <TextContent>
            <p>{m.minors}</p>
          </TextContent>
        </Container>
        <Container header={<Header variant="h2">{m.rightsTitle}</Header>}>
          <TextContent>
            <p>{m.rights}</p>
            <p>
              {m.dpoBefore} <Link href="mailto:dpo@livrea.fr">dpo@livrea.fr</Link> {m.dpoAfter}
            </p>
            <p>
              {m.complaintBefore}
              <Link href="https://www.cnil.fr" external>
                www.cnil.fr
              </Link>
              ).
            </p>
          </TextContent>
        </Container>
      </SpaceBetween>
    </ContentLayout>
  );
}
