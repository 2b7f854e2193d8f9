import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { renderTags } from '../../../../shared/rules/message-tags';
import { smsCount } from '../../../../shared/rules/sms-segments';
import { templateSampleValues, templateScreenMessages } from '../../../../shared/messages/templates';

/** The live preview of one message: tags filled from sample data; for an SMS, its length and number of SMS. */
export function MessagePreview({ text, sms }: { text: string; sms: boolean }) {
  const rendered = renderTags(text, templateSampleValues);
  const count = sms ? smsCount(rendered) : null;
  return (
    <Container
      header={
        <Header variant="h2" description={templateScreenMessages.previewDescription}>
          {templateScreenMessages.previewTitle}
        </Header>
      }
    >
      <Box variant="p">
        <span style={{ whiteSpace: 'pre-wrap' }} data-testid="message-preview">
          {rendered || '—'}
        </span>
      </Box>
      {count && (
        <Box margin={{ top: 's' }}>
          <StatusIndicator type={count.segments > 1 ? 'warning' : 'info'}>
            <span data-testid="sms-count">{templateScreenMessages.smsCount(count.characters, count.segments, count.encoding)}</span>
          </StatusIndicator>
        </Box>
      )}
    </Container>
  );
}
