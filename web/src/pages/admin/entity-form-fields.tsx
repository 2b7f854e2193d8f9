import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import { useQuery } from '@tanstack/react-query';
import { legalForms } from '../../../../shared/domain/invoice-entity';
import { accountFieldMessages } from '../../../../shared/messages/account';
import { fieldLabels } from '../../../../shared/messages/field-labels';
import { adminQueries } from '../../api/admin-queries';

export type EntityForm = Record<string, string>;

const addressFields = [
  ['adressenumero', fieldLabels.adressenumero],
  ['adresserue', fieldLabels.adresserue],
  ['adressecodepostal', fieldLabels.adressecodepostal],
  ['adresseville', fieldLabels.adresseville],
  ['adressepays', fieldLabels.adressepays],
] as const;

/** The fields of an invoicing entity, shared by the creation modal (SIREN) and the entity form (SIRET). */
export function EntityFormFields({
  form,
  errors,
  numberLabel,
  onChange,
}: {
  form: EntityForm;
  errors: Record<string, string>;
  numberLabel: 'SIREN' | 'SIRET';
  onChange: (field: string, value: string) => void;
}) {
  const promoters = useQuery(adminQueries.business());
  const promoterOptions = (promoters.data ?? []).map((user) => ({ value: user._id, label: `${user.firstname} ${user.lastname} (${user.enterprise})` }));
  const legalOptions = legalForms.map((form) => ({ value: form.toLowerCase(), label: form }));
  return (
    <ColumnLayout columns={2}>
      <FormField label={fieldLabels.formejuridique} errorText={errors.formejuridique}>
        <Select
          placeholder={accountFieldMessages.choose}
          selectedOption={legalOptions.find((option) => option.value === form.formejuridique) ?? null}
          options={legalOptions}
          filteringType="auto"
          onChange={({ detail }) => onChange('formejuridique', detail.selectedOption.value ?? '')}
        />
      </FormField>
      <FormField label={fieldLabels.raisonsociale} errorText={errors.raisonsociale}>
        <Input ariaLabel={fieldLabels.raisonsociale} value={form.raisonsociale ?? ''} onChange={({ detail }) => onChange('raisonsociale', detail.value)} />
      </FormField>
      <FormField label={numberLabel} errorText={errors.siret}>
        <Input ariaLabel={numberLabel} value={form.siret ?? ''} onChange={({ detail }) => onChange('siret', detail.value)} />
      </FormField>
      <FormField label={fieldLabels.promoter} errorText={errors.promoter}>
        <Select
          placeholder={accountFieldMessages.choose}
          selectedOption={promoterOptions.find((option) => option.value === form.promoter) ?? null}
          options={promoterOptions}
          filteringType="auto"
          onChange={({ detail }) => onChange('promoter', detail.selectedOption.value ?? '')}
        />
      </FormField>
      {addressFields.map(([field, label]) => (
        <FormField key={field} label={label} errorText={errors[field]}>
          <Input ariaLabel={label} value={form[field] ?? ''} onChange={({ detail }) => onChange(field, detail.value)} />
        </FormField>
      ))}
    </ColumnLayout>
  );
}

/** zod issues → one message per field. */
export function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}
