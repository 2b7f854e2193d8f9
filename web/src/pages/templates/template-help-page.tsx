import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { templateStepTitles, templateTextFields } from '../../../../shared/domain/message-template';
import { templateHelpMessages, templateSampleValues } from '../../../../shared/messages/templates';
import { useSession } from '../../app/session-store';
import { templatesBase, wizardTags } from './template-config';

/** /promoter/templates/help and /amo/templates/help: how a template is built and used (part 1 §2). */
export function TemplateHelpPage() {
  const { role } = useSession();
  const base = templatesBase(role);
  return (
    <SpaceBetween size="m">
      <Header variant="h1">{templateHelpMessages.title}</Header>
      <Container header={<Header variant="h2">{templateHelpMessages.createTitle}</Header>}>
        <Box variant="p">
          {templateHelpMessages.steps(templateTextFields.map((field) => templateStepTitles[field]).join(', '))}
          <Link href={`${base}/nouveau`}>{templateHelpMessages.wizardLink}</Link>
          {templateHelpMessages.stepsEnd}
        </Box>
        <Box variant="p">{templateHelpMessages.smsCount}</Box>
      </Container>
      <Container header={<Header variant="h2">{templateHelpMessages.tagsTitle}</Header>}>
        <Box variant="p">{templateHelpMessages.tags}</Box>
        <ul>
          {wizardTags.map((tag) => (
            <li key={tag}>
              <code>{`<${tag}>`}</code> — {templateHelpMessages.tagExample(templateSampleValues[tag])}
            </li>
          ))}
        </ul>
      </Container>
      <Container header={<Header variant="h2">{templateHelpMessages.shareTitle}</Header>}>
        <Box variant="p">{templateHelpMessages.share}</Box>
      </Container>
    </SpaceBetween>
  );
}
