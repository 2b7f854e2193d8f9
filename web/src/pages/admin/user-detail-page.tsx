import { DaysOffSection } from '../account/days-off-section';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { adminUserPatchSchema, assignableRoles, type Housing } from '../../../../shared/domain/admin-users';
import { adminScreenMessages, adminUserMessages, usersPageMessages } from '../../../../shared/messages/admin';
import { accountFieldMessages } from '../../../../shared/messages/account';
import { controlMessages } from '../../../../shared/messages/controls';
import { fieldLabels } from '../../../../shared/messages/field-labels';
import { roleLabels } from '../../../../shared/domain/roles';
import { adminQueries, useDeleteUserMutation, useSimulateMutation, useUpdateUserMutation } from '../../api/admin-queries';
import { ApiError, errorMessage } from '../../api/api-error';
import { genderSchema } from '../../../../shared/domain/account';
import { useCrumbName } from '../../app/crumb-names';
import { startSimulation } from '../../app/impersonation';
import { homeOf } from '../../app/role-home';
import { notify } from '../../app/notifications-store';
import { ConfirmModal } from '../../components/confirm-modal';

const editable = [
  ['firstname', fieldLabels.firstname],
  ['lastname', fieldLabels.lastname],
  ['enterprise', fieldLabels.enterprise],
  ['username', fieldLabels.username],
  ['email', accountFieldMessages.email],
  ['adresse', fieldLabels.adresse],
  ['codepostal', fieldLabels.codepostal],
  ['ville', fieldLabels.ville],
] as const;

/** An account (/admin/users/{id}, part 3 §2 'User detail', §5 'Admin user edit'): profile, housings, edit, delete, simulate. */
export function UserDetailPage() {
  const { userId = '' } = useParams();
  const navigate = useNavigate();
  const detail = useQuery(adminQueries.user(userId));
  const entities = useQuery(adminQueries.entities());
  const update = useUpdateUserMutation(userId);
  const remove = useDeleteUserMutation();
  const simulate = useSimulateMutation();
  const [form, setForm] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const user = detail.data?.user;
  useCrumbName(userId, user ? `${user.firstname} ${user.lastname}`.trim() || user.email : undefined);
  useEffect(() => {
    if (user)
      setForm({
        ...Object.fromEntries(editable.map(([field]) => [field, String(user[field] ?? '')])),
        role: user.role,
        gender: user.gender ?? '',
        invoiceEntity: user.invoiceEntity ?? '',
      });
  }, [user]);

  const entityOptions = [
    { value: '', label: controlMessages.none },
    ...(entities.data ?? []).map((entity) => ({ value: entity._id, label: entity.raisonsociale })),
  ];
  const genderOptions = [{ value: '', label: usersPageMessages.genderUnset }, ...genderSchema.options.map((gender) => ({ value: gender, label: gender }))];

  if (detail.isError) return <Alert type="error">{errorMessage(detail.error, adminUserMessages.userNotFound)}</Alert>;
  if (!user) return null;

  const save = () => {
    // No civility chosen yet: not sent (the account keeps none); '' as entity removes it.
    const parsed = adminUserPatchSchema.safeParse({ ...form, gender: form.gender || undefined });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        notify({ type: 'success', content: message });
        void detail.refetch();
      },
      onError: (error) => {
        // The server's field rule (e.g. an entity of another promoter) shows under its field too.
        const fields = error instanceof ApiError ? error.fieldErrors : {};
        if (Object.keys(fields).length > 0) setErrors(fields);
        notify({ type: 'error', content: errorMessage(error, adminUserMessages.updateFailed) });
      },
    });
  };
  const confirmDeletion = () =>
    remove.mutate(user._id, {
      onSuccess: ({ message }) => {
        notify({ type: 'success', content: message });
        void navigate('/admin/users');
      },
      onError: (error) => {
        setConfirming(false);
        notify({ type: 'error', content: `${adminUserMessages.deleteFailed(user.email)} : ${errorMessage(error)}` });
      },
    });
  const startSimulating = () =>
    simulate.mutate(user._id, {
      onSuccess: (session) => {
        startSimulation(session);
        // A full load, not a client navigation: the role changes under the current page (an
        // administrator's, which the guard would send to /login) and no administrator's cached
        // query may show in the simulated session. Each role lands on its own home (part 3 §2).
        window.location.assign(homeOf(session.user.role));
      },
      onError: (error) => notify({ type: 'error', content: errorMessage(error) }),
    });

  return (
    <SpaceBetween size="l">
      <Header
        variant="h1"
        description={`${roleLabels[user.role]} · ${user.email}`}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            {user.role !== 'administrator' && (
              <Button iconName="user-profile" onClick={startSimulating} loading={simulate.isPending}>
                {usersPageMessages.simulate}
              </Button>
            )}
            <Button iconName="remove" onClick={() => setConfirming(true)}>
              {controlMessages.delete}
            </Button>
          </SpaceBetween>
        }
      >
        {user.firstname} {user.lastname}
      </Header>
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
            {adminScreenMessages.profile}
          </Header>
        }
      >
        <ColumnLayout columns={2}>
          {editable.map(([field, label]) => (
            <FormField key={field} label={label} errorText={errors[field]}>
              <Input
                value={form[field] ?? ''}
                ariaLabel={label}
                onChange={({ detail: change }) => setForm((current) => ({ ...current, [field]: change.value }))}
              />
            </FormField>
          ))}
          <FormField label={fieldLabels.gender} errorText={errors.gender}>
            <Select
              ariaLabel={fieldLabels.gender}
              selectedOption={genderOptions.find((option) => option.value === form.gender) ?? genderOptions[0]}
              options={genderOptions}
              onChange={({ detail: change }) => setForm((current) => ({ ...current, gender: change.selectedOption.value ?? '' }))}
            />
          </FormField>
          <FormField label={fieldLabels.invoiceEntity} description={usersPageMessages.invoiceEntityHelp} errorText={errors.invoiceEntity}>
            <Select
              ariaLabel={fieldLabels.invoiceEntity}
              statusType={entities.isPending ? 'loading' : 'finished'}
              loadingText={adminScreenMessages.loadingEntities}
              selectedOption={entityOptions.find((option) => option.value === form.invoiceEntity) ?? entityOptions[0]}
              options={entityOptions}
              onChange={({ detail: change }) => setForm((current) => ({ ...current, invoiceEntity: change.selectedOption.value ?? '' }))}
            />
          </FormField>
          <FormField label={fieldLabels.role}>
            <Select
              ariaLabel={fieldLabels.role}
              selectedOption={{ value: form.role, label: roleLabels[(form.role ?? user.role) as keyof typeof roleLabels] }}
              options={assignableRoles.map((role) => ({ value: role, label: roleLabels[role] }))}
              onChange={({ detail: change }) => setForm((current) => ({ ...current, role: change.selectedOption.value ?? user.role }))}
            />
          </FormField>
        </ColumnLayout>
      </Container>
      <Table<Housing>
        header={<Header variant="h2">{usersPageMessages.housings}</Header>}
        items={detail.data?.housings ?? []}
        trackBy="lotcomm"
        empty={usersPageMessages.noHousing}
        columnDefinitions={[
          { id: 'program', header: fieldLabels.program, cell: (housing) => `${housing.program.promotername} · ${housing.program.name}` },
          { id: 'lotcomm', header: fieldLabels.lot, cell: (housing) => housing.lotcomm },
          { id: 'typologie', header: fieldLabels.typologie, cell: (housing) => housing.typologie },
        ]}
      />
      {/* An AMO's days off and travel time, entered by an administrator for them (docs/scheduling.md « One person, one calendar »). */}
      {user.role === 'amo' && <DaysOffSection userId={user._id} />}
      {confirming && (
        <ConfirmModal
          header={usersPageMessages.deleteConfirmTitle}
          confirmLabel={controlMessages.delete}
          pending={remove.isPending}
          onConfirm={confirmDeletion}
          onDismiss={() => setConfirming(false)}
        >
          {usersPageMessages.deleteConfirm(`${user.firstname} ${user.lastname}`, user.email)}
        </ConfirmModal>
      )}
    </SpaceBetween>
  );
}
