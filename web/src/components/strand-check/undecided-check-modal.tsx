import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { strandCheckMessages } from '../../../../shared/messages/strand-check';
import { useUndecidedCheckQuestion } from './undecided-check-confirmation';

/** A staff check the engine could not conclude, on every staff page: its message and a choice (docs/scheduling.md 'Staff checks fail closed'). */
export function UndecidedCheckModal() {
  const question = useUndecidedCheckQuestion();
  if (!question) return null;
  return (
    <Modal
      visible
      onDismiss={() => question.answer(false)}
      closeAriaLabel={strandCheckMessages.close}
      header={question.header ?? strandCheckMessages.title}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={() => question.answer(false)}>
              {strandCheckMessages.back}
            </Button>
            <Button variant="primary" onClick={() => question.answer(true)}>
              {strandCheckMessages.confirm}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <Box variant="p">{question.message}</Box>
    </Modal>
  );
}
