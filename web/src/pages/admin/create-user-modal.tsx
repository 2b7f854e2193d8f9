import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminCreateUserSchema, assignableRoles, generatePassword, type AdminCreateUser } from '../../../../shared/domain/admin-users';
import { adminUserMessages, usersPageMessages } from '../../../../shared/messages/admin';
import { roleLabels } from '../../../../shared/domain/roles';
import { accountFieldMessages } from '../../../../shared/messages/account';
import { controlMessages } from '../../../../shared/messages/controls';
import { fieldLabels } from '../../../../shared/messages/field-labels';
import { adminQueries } from '../../api/admin-queries';

const randomIndex = (max: number) => crypto.getRandomValues(new Uint32Array(1))[0] % max;
const textFields = [
  ['firstname', fieldLabels.firstname],
  ['lastname', fieldLabels.lastname],
  ['enterprise', fieldLabels.enterprise],
  ['username', fieldLabels.username],
  ['email', accountFieldMessages.email],
  ['password', fieldLabels.password],
] as const;
const genders = ['Monsieur', 'Madame', 'Autre'] as const;

export interface CreateUserModalProps {
  pending: boolean;
  onSubmit: (user: AdminCreateUser) => void;
  onDismiss: () => void;
}

/**
 * The create-user modal (part 3 §2, §5): the password is a generated 10-character one by default;
 * 'send credentials by mail' and 'create default templates' options.
 */
export function CreateUserModal({ pending, onSubmit, onDismiss }: CreateUserModalProps) {
  const entities = useQuery(adminQueries.entities());
  const [form, setForm] = useState<Record<string, string>>({
    password: generatePassword(randomIndex),
    role: 'promoter',
    gender: 'Monsieur',
    invoiceEntity: '',
  });
  const [sendEmailCredentials, setSend] = useState(true);
  const [createDefaultTemplates, setTemplates] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (field: string, value: string) => setForm((current) => ({ ...current, [field]: value }));

  const submit = () => {
    const parsed = adminCreateUserSchema.safeParse({ ...form, invoiceEntity: form.invoiceEntity || undefined, sendEmailCredentials, createDefaultTemplates });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };
  const entityOptions = [
    { value: '', label: controlMessages.none },
    ...(entities.data ?? []).map((entity) => ({ value: entity._id, label: entity.raisonsociale })),
  ];

  return (
    <Modal
      visible
      size="large"
      header={usersPageMessages.newUser}
      closeAriaLabel={controlMessages.close}
      onDismiss={onDismiss}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss} disabled={pending}>
              {controlMessages.cancel}
            </Button>
            <Button variant="primary" onClick={submit} loading={pending}>
              {controlMessages.create}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <ColumnLayout columns={2}>
          {textFields.map(([field, label]) => (
            <FormField key={field} label={label} errorText={errors[field] ?? (field === 'email' && errors.email ? adminUserMessages.emailNotValid : undefined)}>
              <Input value={form[field] ?? ''} onChange={({ detail }) => set(field, detail.value)} ariaLabel={label} />
            </FormField>
          ))}
          <FormField label={fieldLabels.role} errorText={errors.role}>
            <Select
              selectedOption={{ value: form.role, label: roleLabels[form.role as keyof typeof roleLabels] }}
              options={assignableRoles.map((role) => ({ value: role, label: roleLabels[role] }))}
              onChange={({ detail }) => set('role', detail.selectedOption.value ?? 'promoter')}
            />
          </FormField>
          <FormField label={fieldLabels.invoiceEntity}>
            <Select
              selectedOption={entityOptions.find((option) => option.value === form.invoiceEntity) ?? entityOptions[0]}
              options={entityOptions}
              onChange={({ detail }) => set('invoiceEntity', detail.selectedOption.value ?? '')}
            />
          </FormField>
          <FormField label={fieldLabels.gender}>
            <Select
              selectedOption={{ value: form.gender, label: form.gender }}
              options={genders.map((gender) => ({ value: gender, label: gender }))}
              onChange={({ detail }) => set('gender', detail.selectedOption.value ?? 'Monsieur')}
            />
          </FormField>
        </ColumnLayout>
        <Checkbox checked={sendEmailCredentials} onChange={({ detail }) => setSend(detail.checked)}>
          {usersPageMessages.sendCredentials}
        </Checkbox>
        <Checkbox checked={createDefaultTemplates} onChange={({ detail }) => setTemplates(detail.checked)}>
          {usersPageMessages.createDefaultTemplates}
        </Checkbox>
      </SpaceBetween>
    </Modal>
  );
}
