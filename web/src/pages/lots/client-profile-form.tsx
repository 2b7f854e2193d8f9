import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import { useState, type FormEvent } from 'react';
import { genderSchema } from '../../../../shared/domain/account';
import { messages } from '../../../../shared/messages/common';
import { isApiError } from '../../api/api-error';
import { clientProfileFormSchema, useUpdateClientMutation, type ClientProfileForm as ClientProfileValues, type Lot } from '../../api/client-queries';
import { notify } from '../../app/notifications-store';
import { fieldErrorsOf } from '../../components/form-errors';
import { civilityOf } from '../../../../shared/rules/greeting';
import { clientDetailMessages } from '../../../../shared/messages/lot-pages';

const genderOptions: SelectProps.Option[] = genderSchema.options.map((value) => ({ value, label: value }));

type TextField = Exclude<keyof ClientProfileValues, 'gender'>;

/** 'Erreur lors de la mise à jour des informations client' (part 2 §8): the form then resets. */
const clientUpdateFailed = clientDetailMessages.updateFailed;

function initialValues(lot: Lot): Record<TextField, string> {
  return {
    firstname: lot.firstname ?? '',
    nom: lot.nom,
    mailmonsieur: lot.mailmonsieur,
    mailmadame: lot.mailmadame ?? '',
    telephonemonsieur: lot.telephonemonsieur,
    telephonemadame: lot.telephonemadame ?? '',
  };
}

export interface ClientProfileFormProps {
  programId: string;
  lot: Lot;
  /** The save failed: the page reloads the client and remounts the form on the server values. */
  onFailure: () => void;
}

/** The profile tab of a client (part 2 §2.2, §5): civilité, names, e-mails, phones (phone 1 required). */
export function ClientProfileForm({ programId, lot, onFailure }: ClientProfileFormProps) {
  const update = useUpdateClientMutation(programId, lot._id);
  const [values, setValues] = useState(() => initialValues(lot));
  const [gender, setGender] = useState<SelectProps.Option | null>(lot.gender ? { value: lot.gender, label: lot.gender } : null);
  const [errors, setErrors] = useState<Partial<Record<TextField, string>>>({});
  // the required contact (stored as « monsieur ») is the buyer's own: 'Mail madame *' for a Madame.
  const [first, second] = civilityOf(gender?.value ?? lot.titre) === 'Madame' ? ['madame', 'monsieur'] : ['monsieur', 'madame'];

  const input = (field: TextField, label: string, options: { type?: 'text' | 'email'; required?: boolean; hint?: string } = {}) => (
    <FormField label={options.required ? `${label} *` : label} errorText={errors[field]} constraintText={options.hint}>
      <Input
        type={options.type ?? 'text'}
        value={values[field]}
        invalid={!!errors[field]}
        ariaRequired={options.required}
        onChange={({ detail }) => setValues((current) => ({ ...current, [field]: detail.value }))}
      />
    </FormField>
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = clientProfileFormSchema.safeParse({ ...values, gender: gender?.value });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: () => notify({ id: 'client-update', type: 'success', content: messages.profileUpdated }),
      onError: (error) => {
        if (isApiError(error, 498)) return;
        notify({ id: 'client-update', type: 'error', content: clientUpdateFailed });
        onFailure();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={update.isPending} disabled={update.isPending}>
            Enregistrer
          </Button>
        }
      >
        <Container>
          <ColumnLayout columns={2}>
            <FormField label={clientDetailMessages.civility}>
              <Select selectedOption={gender} onChange={({ detail }) => setGender(detail.selectedOption)} options={genderOptions} placeholder="Choisir" />
            </FormField>
            <div />
            {input('firstname', clientDetailMessages.firstname)}
            {input('nom', 'Nom', { required: true })}
            {input('mailmonsieur', `Mail ${first}`, { type: 'email', required: true })}
            {input('mailmadame', `Mail ${second}`, { type: 'email' })}
            {input('telephonemonsieur', clientDetailMessages.phone(first), { required: true, hint: 'Format : 0689... ou +337...' })}
            {input('telephonemadame', clientDetailMessages.phone(second), { hint: 'Facultatif.' })}
          </ColumnLayout>
        </Container>
      </Form>
    </form>
  );
}
