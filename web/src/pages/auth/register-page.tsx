import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { genderSchema, registerRequestSchema, type RegisterRequest } from '../../../../shared/domain/account';
import { isSelfRegistrable, registrableRoles, roleLabels } from '../../../../shared/domain/roles';
import { messages } from '../../../../shared/messages/common';
import { homeAfterRegistration } from '../../../../shared/rules/role-routes';
import { fieldLabels } from '../../../../shared/messages/field-labels';
import { signInMessages } from '../../../../shared/messages/sign-in';
import { accountFieldMessages } from '../../../../shared/messages/account';
import { pageTitles } from '../../../../shared/messages/navigation';
import { useRegisterMutation } from '../../api/account-queries';
import { ApiError, errorMessage } from '../../api/api-error';
import { signIn } from '../../app/session-store';
import { fieldErrorsOf } from '../../components/form-errors';
import { RouterLink } from '../../components/router-link';

type TextField = 'firstname' | 'lastname' | 'enterprise' | 'username' | 'email' | 'password';

const genderOptions: SelectProps.Option[] = genderSchema.options.map((value) => ({ value, label: value }));
/**
 * The role select of part 1 §2 keeps its three roles; staff roles are granted by an administrator
 * (part 1 §6), so they are shown but cannot be chosen here.
 */
const roleOptions: SelectProps.Option[] = registrableRoles.map((value) =>
  isSelfRegistrable(value)
    ? { value, label: roleLabels[value] }
    : { value, label: roleLabels[value], disabled: true, description: signInMessages.staffRoleNote },
);

const textFields: { key: TextField; label: string; type?: 'email' | 'password'; autoComplete: string }[] = [
  { key: 'firstname', label: fieldLabels.firstname, autoComplete: 'given-name' },
  { key: 'lastname', label: fieldLabels.lastname, autoComplete: 'family-name' },
  { key: 'enterprise', label: accountFieldMessages.company, autoComplete: 'organization' },
  { key: 'username', label: fieldLabels.username, autoComplete: 'nickname' },
  { key: 'email', label: accountFieldMessages.email, type: 'email', autoComplete: 'email' },
  { key: 'password', label: fieldLabels.password, type: 'password', autoComplete: 'new-password' },
];

/** /register (part 1 §2, §5): civility, names, company, username, e-mail, password and role. */
export function RegisterPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const register = useRegisterMutation();
  const [values, setValues] = useState<Record<TextField, string>>({
    firstname: '',
    lastname: '',
    enterprise: '',
    username: '',
    email: '',
    password: '',
  });
  const [gender, setGender] = useState<SelectProps.Option | null>(null);
  const [role, setRole] = useState<SelectProps.Option | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = registerRequestSchema.safeParse({ ...values, gender: gender?.value, role: role?.value });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    register.mutate(parsed.data satisfies RegisterRequest, {
      onSuccess: (auth) => {
        queryClient.clear();
        signIn(auth);
        void navigate(homeAfterRegistration(auth.user.role), { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fieldErrors);
      },
    });
  };

  const serverErrors = register.error instanceof ApiError ? register.error.errorItems : [];

  return (
    <form onSubmit={submit} noValidate>
      <Form
        header={
          <Header variant="h1" description={signInMessages.registerHelp}>
            {pageTitles.register}
          </Header>
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <RouterLink href="/login">{signInMessages.haveAccount}</RouterLink>
            <Button variant="primary" formAction="submit" loading={register.isPending} disabled={register.isPending}>
              {signInMessages.submitRegister}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="m">
          {register.isError && (
            <Alert type="error" header={messages.registerFailed}>
              {serverErrors.length > 0 ? (
                <ul style={{ margin: 0, paddingLeft: 20 }}>
                  {serverErrors.map((item, index) => (
                    <li key={`${item.path ?? ''}-${index}`}>{item.message}</li>
                  ))}
                </ul>
              ) : (
                errorMessage(register.error)
              )}
            </Alert>
          )}
          <Container>
            <SpaceBetween size="l">
              <ColumnLayout columns={2}>
                <FormField label={fieldLabels.gender} errorText={errors.gender}>
                  <Select
                    selectedOption={gender}
                    onChange={({ detail }) => setGender(detail.selectedOption)}
                    options={genderOptions}
                    placeholder={accountFieldMessages.choose}
                  />
                </FormField>
                <FormField label={fieldLabels.role} errorText={errors.role}>
                  <Select
                    selectedOption={role}
                    onChange={({ detail }) => setRole(detail.selectedOption)}
                    options={roleOptions}
                    placeholder={signInMessages.chooseRole}
                    invalid={!!errors.role}
                  />
                </FormField>
              </ColumnLayout>
              <ColumnLayout columns={2}>
                {textFields.map((field) => (
                  <FormField key={field.key} label={field.label} errorText={errors[field.key]}>
                    <Input
                      type={field.type ?? 'text'}
                      autoComplete={field.autoComplete}
                      value={values[field.key]}
                      invalid={!!errors[field.key]}
                      onChange={({ detail }) => setValues((current) => ({ ...current, [field.key]: detail.value }))}
                    />
                  </FormField>
                ))}
              </ColumnLayout>
              <Box variant="small" color="text-body-secondary">
                {signInMessages.registerPasswordRule}
              </Box>
            </SpaceBetween>
          </Container>
        </SpaceBetween>
      </Form>
    </form>
  );
}
