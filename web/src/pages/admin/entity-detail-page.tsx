import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCrumbName } from '../../app/crumb-names';
import { invoiceEntityPatchSchema } from '../../../../shared/domain/invoice-entity';
import { adminScreenMessages, entitiesPageMessages, invoiceEntityMessages } from '../../../../shared/messages/admin';
import { controlMessages } from '../../../../shared/messages/controls';
import { fieldLabels } from '../../../../shared/messages/field-labels';
import { adminQueries, useDeleteEntityMutation, useUnlockCreditsMutation, useUpdateEntityMutation } from '../../api/admin-queries';
import { errorMessage } from '../../api/api-error';
import { notify } from '../../app/notifications-store';
import { ConfirmModal } from '../../components/confirm-modal';
import { EntityFormFields, fieldErrors, type EntityForm } from './entity-form-fields';

const formFields = [
  'formejuridique',
  'raisonsociale',
  'siret',
  'promoter',
  'adressenumero',
  'adresserue',
  'adressecodepostal',
  'adresseville',
  'adressepays',
] as const;

/**
 * An invoicing entity (/admin/facturation/entities/{id}, part 3 §2, §4): the profile tab, the
 * editable form, the credits field locked until the server accepts the credits password (kept in
 * memory for this page visit and sent again with the save), the used counter and its warning.
 */
export function EntityDetailPage() {
  const { entityId = '' } = useParams();
  const navigate = useNavigate();
  const entity = useQuery(adminQueries.entity(entityId));
  useCrumbName(entityId, entity.data?.raisonsociale);
  const invoice = useQuery(adminQueries.invoice());
  const update = useUpdateEntityMutation(entityId);
  const remove = useDeleteEntityMutation();
  const unlock = useUnlockCreditsMutation(entityId);
  const [form, setForm] = useState<EntityForm>({});
  const [credits, setCredits] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [password, setPassword] = useState('');
  const [passwordMissing, setPasswordMissing] = useState(false);
  const [unlockedWith, setUnlockedWith] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const data = entity.data;
  useEffect(() => {
    if (data) {
      setForm(Object.fromEntries(formFields.map((field) => [field, String(data[field])])));
      setCredits(String(data.credits));
    }
  }, [data]);

  if (entity.isError) return <Alert type="error">{errorMessage(entity.error, controlMessages.loadFailed)}</Alert>;
  if (!data) return null;
  const used = invoice.data?.[data._id]?.used ?? 0;

  const tryUnlock = () => {
    if (!password) return setPasswordMissing(true);
    setPasswordMissing(false);
    unlock.mutate(password, {
      onSuccess: ({ message }) => {
        setUnlockedWith(password);
        setPassword('');
        // One notice for the prompt: the answer to the last attempt replaces the earlier 'Mot de passe incorrect'.
        notify({ id: 'credits-unlock', type: 'success', content: message });
      },
      onError: (error) => notify({ id: 'credits-unlock', type: 'error', content: errorMessage(error, invoiceEntityMessages.wrongPassword) }),
    });
  };
  const save = () => {
    const parsed = invoiceEntityPatchSchema.safeParse({ ...form, ...(unlockedWith ? { credits: Number(credits), creditsPassword: unlockedWith } : {}) });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: ({ message }) => notify({ type: 'success', content: message }),
      onError: (error) => notify({ type: 'error', content: errorMessage(error, invoiceEntityMessages.updateFailed) }),
    });
  };

  return (
    <SpaceBetween size="l">
      <Header
        variant="h1"
        actions={
          <Button iconName="remove" onClick={() => setConfirming(true)}>
            {controlMessages.delete}
          </Button>
        }
      >
        {data.raisonsociale}
      </Header>
      {used > data.credits && <Alert type="warning">{invoiceEntityMessages.creditsExceeded(used, data.credits)}</Alert>}
      <Tabs
        tabs={[
          {
            id: 'profile',
            label: adminScreenMessages.profile,
            content: (
              <Container>
                <KeyValuePairs
                  columns={3}
                  items={[
                    { label: fieldLabels.formejuridique, value: data.formejuridique.toUpperCase() },
                    { label: 'SIRET', value: data.siret },
                    {
                      label: fieldLabels.adresse,
                      value: `${data.adressenumero} ${data.adresserue}, ${data.adressecodepostal} ${data.adresseville}, ${data.adressepays}`,
                    },
                    { label: fieldLabels.credits, value: String(data.credits) },
                    { label: entitiesPageMessages.usedAppointments, value: String(used) },
                  ]}
                />
              </Container>
            ),
          },
          {
            id: 'edit',
            label: controlMessages.edit,
            content: (
              <Container
                header={
                  <Header
                    variant="h2"
                    actions={
                      <Button variant="primary" onClick={save} loading={update.isPending}>
                        {controlMessages.save}
                      </Button>
                    }
                  >
                    {entitiesPageMessages.information}
                  </Header>
                }
              >
                <SpaceBetween size="l">
                  <EntityFormFields
                    form={form}
                    errors={errors}
                    numberLabel="SIRET"
                    onChange={(field, value) => setForm((current) => ({ ...current, [field]: value }))}
                  />
                  <ColumnLayout columns={2}>
                    <FormField label={fieldLabels.credits} description={unlockedWith ? undefined : entitiesPageMessages.lockedHelp} errorText={errors.credits}>
                      <Input
                        ariaLabel={fieldLabels.credits}
                        type="number"
                        readOnly={!unlockedWith}
                        value={credits}
                        onChange={({ detail }) => setCredits(detail.value)}
                      />
                    </FormField>
                    {!unlockedWith && (
                      <FormField label={fieldLabels.creditsPassword} errorText={passwordMissing ? invoiceEntityMessages.passwordRequired : undefined}>
                        <SpaceBetween direction="horizontal" size="xs">
                          <Input
                            ariaLabel={fieldLabels.creditsPassword}
                            type="password"
                            value={password}
                            onChange={({ detail }) => setPassword(detail.value)}
                          />
                          <Button onClick={tryUnlock} loading={unlock.isPending}>
                            {entitiesPageMessages.unlock}
                          </Button>
                        </SpaceBetween>
                      </FormField>
                    )}
                  </ColumnLayout>
                  <Box>{entitiesPageMessages.usedCount(used)}</Box>
                </SpaceBetween>
              </Container>
            ),
          },
        ]}
      />
      {confirming && (
        <ConfirmModal
          header={entitiesPageMessages.deleteConfirmTitle}
          confirmLabel={controlMessages.delete}
          pending={remove.isPending}
          onDismiss={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(data._id, {
              onSuccess: ({ message }) => {
                notify({ type: 'success', content: message });
                void navigate('/admin/facturation/entities');
              },
              onError: (error) => {
                setConfirming(false);
                notify({ type: 'error', content: `${invoiceEntityMessages.deleteFailed} : ${errorMessage(error)}` });
              },
            })
          }
        >
          {entitiesPageMessages.deleteConfirm(data.raisonsociale)}
        </ConfirmModal>
      )}
    </SpaceBetween>
  );
}
