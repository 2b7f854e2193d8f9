import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage, isApiError } from '../../api/api-error';
import { useUpdateProgramMutation, type Program } from '../../api/program-queries';
import { notify } from '../../app/notifications-store';
import { fieldErrorsOf } from '../../components/form-errors';
import { ProgramColorsField } from './program-colors-field';
import { settingsFailed, settingsFormSchema, settingsValuesOf, type SettingsField } from './program-settings-config';
import { programListMessages, programSettingsMessages } from '../../../../shared/messages/program-pages';

export interface ProgramSettingsFormProps {
  program: Program;
}

type Errors = Partial<Record<SettingsField | 'colors', string>>;

/** Every settings field of part 3 §2 and §5, saved with PATCH /programs/{id}. */
export function ProgramSettingsForm({ program }: ProgramSettingsFormProps) {
  const update = useUpdateProgramMutation(program._id);
  const [values, setValues] = useState(() => settingsValuesOf(program));
  const [colors, setColors] = useState(program.colors);
  const [isArchived, setIsArchived] = useState(program.isArchived);
  const [errors, setErrors] = useState<Errors>({});

  const input = (
    field: SettingsField,
    label: string,
    options: { required?: boolean; type?: 'text' | 'email' | 'url'; placeholder?: string; inputMode?: 'numeric' } = {},
  ) => (
    <FormField label={options.required ? `${label} *` : label} errorText={errors[field]}>
      <Input
        type={options.type ?? 'text'}
        value={values[field]}
        invalid={!!errors[field]}
        ariaRequired={options.required}
        placeholder={options.placeholder}
        inputMode={options.inputMode}
        onChange={({ detail }) => setValues((current) => ({ ...current, [field]: detail.value }))}
      />
    </FormField>
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = settingsFormSchema.safeParse({ ...values, colors, isArchived });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      notify({ id: 'program-settings', type: 'error', content: settingsFailed });
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: ({ message, program: saved }) => {
        setValues(settingsValuesOf(saved));
        notify({ id: 'program-settings', type: 'success', content: message });
      },
      onError: (error) => {
        if (isApiError(error, 498)) return;
        if (error instanceof ApiError) setErrors(error.fieldErrors as Errors);
        notify({ id: 'program-settings', type: 'error', content: errorMessage(error, settingsFailed) });
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
        <SpaceBetween size="l">
          <Container header={<Header variant="h2">Programme</Header>}>
            <ColumnLayout columns={2}>
              {input('name', programListMessages.programName, { required: true })}
              <FormField label="Promoteur" description={programSettingsMessages.promoterReadOnly}>
                <Input value={program.promotername} readOnly />
              </FormField>
              {input('promoterUrl', programSettingsMessages.promoterUrl, { type: 'url', placeholder: 'https://www.exemple.fr' })}
              {input('mailrespclient', programSettingsMessages.clientManagerMail, { type: 'email', placeholder: 'relation.client@exemple.fr' })}
              <FormField label="Archivage" description={programSettingsMessages.archiveHelp}>
                <Checkbox checked={isArchived} onChange={({ detail }) => setIsArchived(detail.checked)}>
                  {programSettingsMessages.archivedCheckbox}
                </Checkbox>
              </FormField>
            </ColumnLayout>
          </Container>
          <Container
            header={
              <Header variant="h2" description={programSettingsMessages.addressHelp}>
                {programSettingsMessages.address}
              </Header>
            }
          >
            <SpaceBetween size="m">
              <Grid gridDefinition={[{ colspan: { default: 12, s: 3 } }, { colspan: { default: 12, s: 9 } }]}>
                {input('adressenumero', programSettingsMessages.streetNumber, { required: true, inputMode: 'numeric' })}
                {input('adresserue', 'Rue', { required: true })}
              </Grid>
              <Grid gridDefinition={[{ colspan: { default: 12, s: 3 } }, { colspan: { default: 12, s: 5 } }, { colspan: { default: 12, s: 4 } }]}>
                {input('adressecodepostal', 'Code postal', { required: true })}
                {input('adresseville', 'Ville', { required: true })}
                {input('adressepays', 'Pays')}
              </Grid>
            </SpaceBetween>
          </Container>
          <Container header={<Header variant="h2">Couleurs</Header>}>
            <ProgramColorsField value={colors} onChange={setColors} errorText={errors.colors} label={programSettingsMessages.colorsField} />
          </Container>
        </SpaceBetween>
      </Form>
    </form>
  );
}
