import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import type { ReactNode } from 'react';
import type { OutboxMessage } from '../../api/outbox-queries';
import { formatDateTime } from '../../components/format-date';
import { outboxMessages } from '../../../../shared/messages/outbox';
import { controlMessages } from '../../../../shared/messages/controls';
import { fieldLabels } from '../../../../shared/messages/field-labels';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Plain text with its links clickable (reset and booking links are the point of the outbox). */
function linkified(text: string): ReactNode[] {
  return text.split(URL_PATTERN).map((part, index) =>
    index % 2 === 1 ? (
      <Link key={index} href={part} external>
        {part}
      </Link>
    ) : (
      part
    ),
  );
}

export interface OutboxMessageDetailProps {
  message: OutboxMessage;
}

export function OutboxMessageDetail({ message }: OutboxMessageDetailProps) {
  const text = (
    <Box variant="code" display="block">
      <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{linkified(message.text)}</div>
    </Box>
  );
  return (
    <Container header={<Header variant="h2">{message.subject ?? (message.channel === 'sms' ? 'SMS' : outboxMessages.noSubject)}</Header>}>
      <SpaceBetween size="l">
        <KeyValuePairs
          columns={4}
          items={[
            { label: outboxMessages.channel, value: message.channel === 'sms' ? 'SMS' : outboxMessages.emailChannel },
            { label: outboxMessages.recipients, value: message.to.join(', ') },
            { label: outboxMessages.sentAt, value: formatDateTime(message.createdAt, 'dd/MM/yyyy HH:mm:ss') },
            {
              label: fieldLabels.files,
              value: message.attachments.length ? message.attachments.map((file) => `${file.filename} (${file.contentType})`).join(', ') : controlMessages.none,
            },
          ]}
        />
        {message.html ? (
          <Tabs
            tabs={[
              {
                id: 'html',
                label: 'HTML',
                content: (
                  <iframe
                    title={outboxMessages.htmlContent}
                    sandbox=""
                    srcDoc={message.html}
                    style={{ width: '100%', height: 480, border: '1px solid #d1d5db', borderRadius: 8, background: '#fff' }}
                  />
                ),
              },
              { id: 'text', label: fieldLabels.body, content: text },
            ]}
          />
        ) : (
          text
        )}
      </SpaceBetween>
    </Container>
  );
}
