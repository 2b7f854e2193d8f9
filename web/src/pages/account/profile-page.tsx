import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { genderSchema, profilePatchSchema, type Profile } from '../../../../shared/domain/account';
import { roleLabels } from '../../../../shared/domain/roles';
import { messages } from '../../../../shared/messages/common';
import { profileMessages } from '../../../../shared/messages/account';
import { controlMessages } from '../../../../shared/messages/controls';
import { fieldLabels } from '../../../../shared/messages/field-labels';
import { screenNames } from '../../../../shared/messages/navigation';
import { accountFieldMessages } from '../../../../shared/messages/account';
import { accountQueries, useUpdateProfileMutation } from '../../api/account-queries';
import { ApiError } from '../../api/api-error';
import { notify } from '../../app/notifications-store';
import { updateSessionUser } from '../../app/session-store';
import { fieldErrorsOf } from '../../components/form-errors';
import { PageLoading } from '../../components/page-loading';
import { AvatarSection } from './avatar-section';
import { CalendarFeedSection } from './calendar-feed-section';
import { DaysOffSection } from './days-off-section';

const genderOptions: SelectProps.Option[] = genderSchema.options.map((value) => ({ value, label: value }));

type Field =
  | 'firstname'
  | 'lastname'
  | 'enterprise'
  | 'username'
  | 'telephonemonsieur'
  | 'telephonemadame'
  | 'mailmonsieur'
  | 'mailmadame'
  | 'oldPassword'
  | 'newPassword'
  | 'confirmation';

function initialValues(profile: Profile): Record<Field, string> {
  return {
    firstname: profile.firstname,
    lastname: profile.lastname,
    enterprise: profile.enterprise,
    username: profile.username,
    telephonemonsieur: profile.telephonemonsieur ?? '',
    telephonemadame: profile.telephonemadame ?? '',
    mailmonsieur: profile.mailmonsieur ?? '',
    mailmadame: profile.mailmadame ?? '',
    oldPassword: '',
    newPassword: '',
    confirmation: '',
  };
}

/** /profile (part 1 §2, §5, §8). */
export function ProfilePage() {
  const profile = useQuery(accountQueries.me());
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={profileMessages.description}>
          {screenNames.account}
        </Header>
      }
    >
      {profile.isPending ? (
        <PageLoading />
      ) : profile.isError ? (
        <Alert type="error" action={<Button onClick={() => void profile.refetch()}>{controlMessages.retry}</Button>}>
          {messages.profileLoadFailed}
        </Alert>
      ) : (
        <SpaceBetween size="l">
          <AvatarSection profile={profile.data} />
          <ProfileForm key={profile.data._id} profile={profile.data} />
          {profile.data.role === 'amo' ? <CalendarFeedSection /> : null}
          {profile.data.role === 'amo' ? <DaysOffSection /> : null}
        </SpaceBetween>
      )}
    </ContentLayout>
  );
}

interface ProfileFormProps {
  profile: Profile;
}

function ProfileForm({ profile }: ProfileFormProps) {
  const update = useUpdateProfileMutation();
  const [values, setValues] = useState(() => initialValues(profile));
  // What the account holds now: only the fields changed from it are sent, so a field the account
  // never had (an invited buyer's first name, their lot giving only `nom`) does not block a password change.
  const [stored, setStored] = useState(() => initialValues(profile));
  const [storedGender, setStoredGender] = useState(profile.gender);
  const [gender, setGender] = useState<SelectProps.Option | null>(profile.gender ? { value: profile.gender, label: profile.gender } : null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const input = (field: Field, label: string, options: { type?: 'text' | 'password' | 'email'; autoComplete?: string; hint?: string } = {}) => (
    <FormField label={label} errorText={errors[field]} constraintText={options.hint}>
      <Input
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete ?? 'off'}
        value={values[field]}
        invalid={!!errors[field]}
        onChange={({ detail }) => setValues((current) => ({ ...current, [field]: detail.value }))}
      />
    </FormField>
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { oldPassword, newPassword, confirmation, ...fields } = values;
    const wantsPassword = newPassword !== '' || confirmation !== '';
    if (wantsPassword && newPassword !== confirmation) {
      setErrors({ confirmation: messages.passwordsDiffer });
      return;
    }
    // The password is sent only when both new fields are filled and equal, with the old one.
    const changed = Object.fromEntries(Object.entries(fields).filter(([field, value]) => value !== stored[field as Field]));
    const body = { ...changed, ...(gender?.value !== storedGender ? { gender: gender?.value } : {}), ...(wantsPassword ? { newPassword, oldPassword } : {}) };
    const parsed = profilePatchSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      notify({ id: 'profile-update', type: 'error', content: messages.profileUpdateFailed });
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        notify({ id: 'profile-update', type: 'success', content: messages.profileUpdated });
        updateSessionUser({ username: saved.username, firstname: saved.firstname, lastname: saved.lastname });
        setValues((current) => ({ ...current, oldPassword: '', newPassword: '', confirmation: '' }));
        setStored(initialValues(saved));
        setStoredGender(saved.gender);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 498) return;
        if (error instanceof ApiError) setErrors(error.fieldErrors as Partial<Record<Field, string>>);
        const detail = error instanceof ApiError && error.status !== 400 ? ` ${error.message}` : '';
        notify({ id: 'profile-update', type: 'error', content: `${messages.profileUpdateFailed}${detail}` });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={update.isPending} disabled={update.isPending}>
            {controlMessages.save}
          </Button>
        }
      >
        <SpaceBetween size="l">
          <Container
            header={
              <Header variant="h2" description={profileMessages.role(roleLabels[profile.role])}>
                {profileMessages.personalInfo}
              </Header>
            }
          >
            <ColumnLayout columns={2}>
              <FormField label={fieldLabels.gender}>
                <Select
                  selectedOption={gender}
                  onChange={({ detail }) => setGender(detail.selectedOption)}
                  options={genderOptions}
                  placeholder={accountFieldMessages.choose}
                />
              </FormField>
              <FormField label={profileMessages.loginEmail} description={profileMessages.loginEmailFixed}>
                <Input value={profile.email} readOnly type="email" />
              </FormField>
              {input('firstname', fieldLabels.firstname, { autoComplete: 'given-name', hint: stored.firstname === '' ? profileMessages.optional : undefined })}
              {input('lastname', fieldLabels.lastname, { autoComplete: 'family-name' })}
              {input('enterprise', accountFieldMessages.company, { autoComplete: 'organization' })}
              {input('username', fieldLabels.username, { autoComplete: 'nickname' })}
            </ColumnLayout>
          </Container>
          <Container
            header={
              <Header variant="h2" description={profileMessages.phonesFormat}>
                {profileMessages.phones}
              </Header>
            }
          >
            <ColumnLayout columns={2}>
              {input('telephonemonsieur', profileMessages.phoneMister, { autoComplete: 'tel' })}
              {input('telephonemadame', profileMessages.phoneMadam, { autoComplete: 'tel' })}
            </ColumnLayout>
          </Container>
          <Container
            header={
              <Header variant="h2" description={profileMessages.secondaryEmailsHelp}>
                {profileMessages.secondaryEmails}
              </Header>
            }
          >
            <ColumnLayout columns={2}>
              {input('mailmonsieur', profileMessages.emailMister, { type: 'email' })}
              {input('mailmadame', profileMessages.emailMadam, { type: 'email' })}
            </ColumnLayout>
          </Container>
          <Container
            header={
              <Header variant="h2" description={profileMessages.passwordHelp}>
                {fieldLabels.password}
              </Header>
            }
          >
            <ColumnLayout columns={3}>
              {input('oldPassword', profileMessages.currentPassword, { type: 'password', autoComplete: 'current-password' })}
              {input('newPassword', fieldLabels.newPassword, { type: 'password', autoComplete: 'new-password', hint: accountFieldMessages.passwordConstraint })}
              {input('confirmation', profileMessages.confirmation, { type: 'password', autoComplete: 'new-password' })}
            </ColumnLayout>
          </Container>
        </SpaceBetween>
      </Form>
    </form>
  );
}
