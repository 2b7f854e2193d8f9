import Box from '@cloudscape-design/components/box';
import Checkbox from '@cloudscape-design/components/checkbox';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import type { Meeting } from '../../../../shared/domain/planning';
import { ActionModal } from './action-modal';

export type BulkKind = 'invite' | 'relance' | 'rappel' | 'cancel';

/** What the action sends: its channels (mail, SMS) or the cancellation mail. */
export interface BulkChannels {
  mail: boolean;
  sms: boolean;
}

const texts: Record<BulkKind, { header: string; confirm: string; intro: (n: number) => string }> = {
  invite: { header: 'Invitation', confirm: 'Inviter', intro: (n) => `Envoyer l'invitation à ${n} acquéreur${n > 1 ? 's' : ''} ?` },
  relance: { header: 'Relance', confirm: 'Relancer', intro: (n) => `Relancer ${n} acquéreur${n > 1 ? 's' : ''} qui n'ont pas encore réservé ?` },
  rappel: { header: 'Rappel', confirm: 'Envoyer le rappel', intro: (n) => `Rappeler leur rendez-vous à ${n} acquéreur${n > 1 ? 's' : ''} ?` },
  cancel: { header: 'Annuler des rendez-vous', confirm: 'Annuler les rendez-vous', intro: (n) => `Annuler ${n} rendez-vous ? Les créneaux seront libérés.` },
};

/** issue 13: an imposed planning's buyers answer a convocation rather than book (part 2 §4 imposed statuses). */
const imposedIntros: Partial<Record<BulkKind, (n: number) => string>> = {
  invite: (n) => `Envoyer la convocation à ${n} acquéreur${n > 1 ? 's' : ''} ?`,
  relance: (n) => `Relancer ${n} acquéreur${n > 1 ? 's' : ''} qui n'ont pas encore répondu à leur convocation ?`,
  cancel: (n) => `Annuler ${n} convocation${n > 1 ? 's' : ''} ? Les créneaux seront libérés et les acquéreurs passeront inactifs.`,
};

export interface BulkActionModalProps {
  kind: BulkKind;
  selection: Meeting[];
  imposed?: boolean;
  pending: boolean;
  error: string | null;
  onConfirm: (channels: BulkChannels) => void;
  onDismiss: () => void;
}

/** Confirmation of a bulk action on the selected buyers (part 2 §5), with its channels. */
export function BulkActionModal({ kind, selection, imposed = false, pending, error, onConfirm, onDismiss }: BulkActionModalProps) {
  const [mail, setMail] = useState(true);
  const [sms, setSms] = useState(kind === 'relance' || kind === 'rappel');
  const text = texts[kind];
  const withSms = kind === 'relance' || kind === 'rappel';
  return (
    <ActionModal
      header={text.header}
      confirmLabel={text.confirm}
      danger={kind === 'cancel'}
      pending={pending}
      error={error}
      confirmDisabled={withSms && !mail && !sms}
      onConfirm={() => onConfirm({ mail, sms: withSms && sms })}
      onDismiss={onDismiss}
    >
      <Box>{((imposed && imposedIntros[kind]) || text.intro)(selection.length)}</Box>
      <Box variant="small">{selection.map((meeting) => `${meeting.guest.lotcomm} ${meeting.guest.nom}`).join(' · ')}</Box>
      {kind === 'invite' ? (
        <Box variant="small" color="text-body-secondary">
          L'invitation part par e-mail et par SMS, selon les notifications de chaque acquéreur.
        </Box>
      ) : (
        <SpaceBetween size="xs">
        <Checkbox checked={mail} onChange={({ detail }) => setMail(detail.checked)}>
          {kind === 'cancel' ? "Envoyer le mail d'annulation" : 'Par e-mail'}
        </Checkbox>
        {withSms && (
          <Checkbox checked={sms} onChange={({ detail }) => setSms(detail.checked)}>
            Par SMS
          </Checkbox>
        )}
        </SpaceBetween>
      )}
    </ActionModal>
  );
}
