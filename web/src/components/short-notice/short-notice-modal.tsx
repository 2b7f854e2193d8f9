import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
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
      header={`Convocation à moins de ${details.days} jours`}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={() => question.answer(false)}>
              Revenir sans convoquer
            </Button>
            <Button variant="primary" onClick={() => question.answer(true)}>
              Confirmer la convocation
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="s">
        <Box variant="p">{question.message}</Box>
        <ul aria-label="Acquéreurs convoqués tardivement">
          {details.buyers.map((buyer) => (
            <li key={`${buyer.lotcomm}-${buyer.start}`}>
              {buyer.lotcomm} {buyer.nom} — {formatDateTime(buyer.start, "EEEE d MMMM 'à' HH:mm")}
            </li>
          ))}
        </ul>
        <Box variant="small">Ces acquéreurs seront signalés « Convocation tardive » sur l’impression et l’export XLSX du planning.</Box>
      </SpaceBetween>
    </Modal>
  );
}
