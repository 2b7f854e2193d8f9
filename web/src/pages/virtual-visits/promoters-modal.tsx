import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import Table from '@cloudscape-design/components/table';
import { useRef } from 'react';
import { acceptOf, uploadLimits, uploadRefusal } from '../../../../shared/domain/upload-limits';
import { useDeletePromoterMutation, usePromoterLogoMutation, type VisitPromoterRow } from '../../api/virtual-visit-queries';
import { errorMessage } from '../../api/api-error';
import { visitFailureMessages } from './visit-failure-messages';
import { notify } from '../../app/notifications-store';
import { visitPromoterMessages, visitTableMessages } from '../../../../shared/messages/virtual-visit-pages';

/** 'Gérer les promoteurs' (part 3 §2): each promoter's logo (send a new one) and deletion. */
export function PromotersModal({ promoters, loadError, onDismiss }: { promoters: VisitPromoterRow[]; loadError: boolean; onDismiss: () => void }) {
  const remove = useDeletePromoterMutation();
  const upload = usePromoterLogoMutation();
  const input = useRef<HTMLInputElement>(null);
  const target = useRef<string | null>(null);

  const pickLogo = (id: string) => {
    target.current = id;
    input.current?.click();
  };
  const sendLogo = (file: File | undefined) => {
    if (!file || !target.current) return;
    // A refused logo is never sent: the message names it and the limit.
    const refusal = uploadRefusal(file, uploadLimits.logo);
    if (refusal) return void notify({ type: 'error', content: refusal });
    upload.mutate(
      { id: target.current, logo: file },
      {
        onSuccess: ({ message }) => notify({ type: 'success', content: message }),
        onError: (error) => notify({ type: 'error', content: `Erreur lors de l'envoi de l'image (${errorMessage(error)})` }),
      },
    );
  };
  const deletePromoter = (promoter: VisitPromoterRow) =>
    remove.mutate(promoter._id, {
      onSuccess: ({ message }) => notify({ type: 'success', content: `${message} : ${promoter.name}` }),
      onError: (error) => notify({ type: 'error', content: errorMessage(error) }),
    });

  return (
    <Modal
      visible
      size="large"
      onDismiss={onDismiss}
      closeAriaLabel="Fermer"
      header={visitTableMessages.managePromoters}
      footer={
        <Box float="right">
          <Button onClick={onDismiss}>Fermer</Button>
        </Box>
      }
    >
      <input
        ref={input}
        type="file"
        accept={acceptOf(uploadLimits.logo)}
        hidden
        aria-label={visitPromoterMessages.logoInput}
        onChange={(event) => sendLogo(event.target.files?.[0])}
      />
      <Table<VisitPromoterRow>
        variant="embedded"
        trackBy="_id"
        items={promoters}
        empty={<Box textAlign="center">{visitFailureMessages.promotersEmpty(!!loadError)}</Box>}
        columnDefinitions={[
          {
            id: 'logo',
            header: 'Logo',
            cell: (promoter) =>
              promoter.hasLogo ? <img src={`/api/promoter/${promoter._id}/logo`} alt={`Logo ${promoter.name}`} style={{ maxHeight: 32, maxWidth: 96 }} /> : '–',
          },
          { id: 'name', header: 'Nom public', cell: (promoter) => promoter.name, isRowHeader: true },
          { id: 'internal', header: 'Nom interne', cell: (promoter) => promoter.internalName },
          {
            id: 'actions',
            header: 'Actions',
            cell: (promoter) => (
              <>
                <Button variant="inline-link" onClick={() => pickLogo(promoter._id)} loading={upload.isPending && target.current === promoter._id}>
                  {visitPromoterMessages.sendLogo}
                </Button>{' '}
                <Button variant="inline-link" onClick={() => deletePromoter(promoter)}>
                  Supprimer
                </Button>
              </>
            ),
          },
        ]}
      />
    </Modal>
  );
}
