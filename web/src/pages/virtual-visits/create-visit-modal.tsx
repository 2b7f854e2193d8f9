import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import { visitCreateSchema, type VisitCreateInput } from '../../../../shared/domain/virtual-visit';
import { useCreateVisitMutation, type VisitPromoterRow } from '../../api/virtual-visit-queries';
import { visitFailureMessages } from './visit-failure-messages';
import { notify } from '../../app/notifications-store';
import { FormModal } from '../../components/form-modal';
import { useFormState } from '../../components/use-form-state';
import { adminVisitPeriod, newVisitId } from './visit-form-defaults';
import { VisitLinkFields } from './visit-link-fields';
import { visitDialogMessages, visitTableMessages } from '../../../../shared/messages/virtual-visit-pages';

/** 'Ajouter une visite' (part 3 §2, §5): validity today → today + 7 days, a generated 9-character id. */
export function CreateVisitModal({ promoters, onDismiss }: { promoters: VisitPromoterRow[]; onDismiss: () => void }) {
  const { form, set, errors, failure, setFailure, validate } = useFormState<VisitCreateInput>(() => ({
    name: '',
    promoter: '',
    pointer: '',
    payload: '',
    email: '',
    ...adminVisitPeriod(),
    uuid: newVisitId(),
    sendMail: true,
  }));
  const create = useCreateVisitMutation();

  const submit = () => {
    const visit = validate(visitCreateSchema);
    if (!visit) return;
    create.mutate(visit, {
      onSuccess: () => {
        notify({ type: 'success', content: visitDialogMessages.created(visit.name, !!(visit.sendMail && visit.email)) });
        onDismiss();
      },
      onError: (error) => setFailure(visitFailureMessages.create(error)),
    });
  };

  const selectedPromoter = promoters.find((promoter) => promoter._id === form.promoter);
  return (
    <FormModal
      size="large"
      header={visitTableMessages.addVisit}
      submitLabel={visitDialogMessages.createSubmit}
      pending={create.isPending}
      failure={failure}
      onSubmit={submit}
      onDismiss={onDismiss}
    >
      <FormField label={visitDialogMessages.clientNameField} errorText={errors.name}>
        <Input value={form.name} onChange={({ detail }) => set({ name: detail.value })} ariaLabel={visitDialogMessages.clientName} />
      </FormField>
      <FormField label="Promoteur *" errorText={errors.promoter}>
        <Select
          selectedOption={selectedPromoter ? { value: selectedPromoter._id, label: selectedPromoter.name, description: selectedPromoter.internalName } : null}
          onChange={({ detail }) => set({ promoter: detail.selectedOption.value ?? '' })}
          options={promoters.map((promoter) => ({ value: promoter._id, label: promoter.name, description: promoter.internalName }))}
          placeholder={visitDialogMessages.choosePromoter}
          empty={visitDialogMessages.noPromoter}
          ariaLabel="Promoteur"
        />
      </FormField>
      <VisitLinkFields
        form={form}
        errors={errors}
        set={set}
        emailDescription={visitDialogMessages.emailsHelp}
        periodExtra={
          <FormField label="Identifiant unique *" errorText={errors.uuid}>
            <Input value={form.uuid} onChange={({ detail }) => set({ uuid: detail.value })} ariaLabel="Identifiant unique" />
          </FormField>
        }
      />
    </FormModal>
  );
}
