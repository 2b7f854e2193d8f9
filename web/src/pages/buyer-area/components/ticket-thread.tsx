import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { AreaFile, Sender, Ticket } from '../../../../../shared/domain/buyer-area';
import { buyerAreaScreenMessages } from '../../../../../shared/messages/buyer-area';
import { formatDateTime } from '../../../components/format-date';
import { AreaFileLink } from './area-file-link';

function MessageBlock({ sender, at, message, files, own }: { sender: Sender; at: string; message: string; files: AreaFile[]; own: boolean }) {
  return (
    // A coloured edge tells one's own messages from the other side's (blue: mine).
    <div style={{ borderLeft: `3px solid ${own ? '#0972d3' : '#8c8c94'}`, paddingLeft: 8 }}>
      <Box variant="small" color="text-body-secondary">
        {sender.name || (sender.side === 'staff' ? buyerAreaScreenMessages.programTeam : buyerAreaScreenMessages.buyer)} · {formatDateTime(at)}
      </Box>
      <Box variant="p" padding={{ top: 'xxs' }}>
        <span style={{ whiteSpace: 'pre-wrap' }}>{message}</span>
      </Box>
      {files.length > 0 && (
        <SpaceBetween size="xxs" direction="horizontal">
          {files.map((file) => (
            <AreaFileLink key={file._id} file={file} />
          ))}
        </SpaceBetween>
      )}
    </div>
  );
}

/** A conversation, oldest message first; `side` is who reads it (their messages are marked as theirs). */
export function TicketThread({ ticket, side }: { ticket: Ticket; side: Sender['side'] }) {
  return (
    <SpaceBetween size="s">
      <MessageBlock sender={ticket.sender} at={ticket.createdAt} message={ticket.message} files={ticket.files} own={ticket.sender.side === side} />
      {ticket.answers.map((answer) => (
        <MessageBlock
          key={answer._id}
          sender={answer.sender}
          at={answer.updatedAt}
          message={answer.message}
          files={answer.files}
          own={answer.sender.side === side}
        />
      ))}
    </SpaceBetween>
  );
}
