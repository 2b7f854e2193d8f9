import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { shortNoticeMessages } from '../../../../shared/messages/short-notice';
import { formatDateTime } from '../format-date';
import { useShortNoticeQuestion } from './short-notice-confirmation';

/** The notice rule's warning, on every staff page: the buyers convened too late, and a choice. */
export function ShortNoticeModal() {
  const question = useShortNoticeQuestion();
  if (!question) return null;
  const { details } = question;
  return (
    <Modal
      visible
      onDismiss={() => question.answer(false)}
      header={shortNoticeMessages.title(details.days)}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={() => question.answer(false)}>
              {shortNoticeMessages.back}
            </Button>
            <Button variant="primary" onClick={() => question.answer(true)}>
              {shortNoticeMessages.confirm}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="s">
        <Box variant="p">{question.message}</Box>
        <ul aria-label={shortNoticeMessages.buyersLabel}>
          {details.buyers.map((buyer) => (
            <li key={`${buyer.lotcomm}-${buyer.start}`}>
              {buyer.lotcomm} {buyer.nom} — {formatDateTime(buyer.start, shortNoticeMessages.buyerStartPattern)}
            </li>
          ))}
        </ul>
        <Box variant="small">{shortNoticeMessages.flagNote}</Box>
      </SpaceBetween>
    </Modal>
  );
}
