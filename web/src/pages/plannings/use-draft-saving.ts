import { useNavigate } from 'react-router';
import { errorMessage, isApiError } from '../../api/api-error';
import { useSaveDraftMutation } from '../../api/planning-queries';
import { notify } from '../../app/notifications-store';
import { creationMessages } from '../../../../shared/messages/plannings';

/**
 * 'Enregistrer le brouillon' of a creation page (part 2 §4): saves the form as a draft of its kind
 * (a new one, or the one edited) and goes back to the list; a refusal is told in `noticeId`.
 */
export function useDraftSaving(programId: string, templateType: 'draft' | 'draftImpose', noticeId: string, draftId?: string) {
  const navigate = useNavigate();
  const saveDraft = useSaveDraftMutation(programId, templateType);
  const save = (name: string, data: Record<string, unknown>) =>
    saveDraft.mutate(
      { id: draftId, name: name.trim(), data },
      {
        onSuccess: ({ message }) => {
          notify({ id: noticeId, type: 'success', content: message ?? creationMessages.draftSaved });
          void navigate(`/projets/${programId}/plannings`);
        },
        onError: (error) => {
          if (isApiError(error, 498)) return;
          notify({ id: noticeId, type: 'error', header: creationMessages.draftFailed, content: errorMessage(error) });
        },
      },
    );
  return { save, saving: saveDraft.isPending };
}
