import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { messages } from '../../../../shared/messages/common';
import { fieldLabels } from '../../../../shared/messages/field-labels';
import { pageTitles } from '../../../../shared/messages/navigation';
import { signInMessages } from '../../../../shared/messages/sign-in';
import { accountFieldMessages } from '../../../../shared/messages/account';
import { controlMessages } from '../../../../shared/messages/controls';
import { useResetPasswordMutation } from '../../api/account-queries';
import { ApiError } from '../../api/api-error';

const MIN_LENGTH = 8;
const PASSWORDS_DIFFER = signInMessages.passwordsDiffer;

interface ResetErrors {
  password?: string;
  confirmation?: string;
}

/** Validation of the reset form (part 3 §5). */
export function validateReset(password: string, confirmation: string): ResetErrors {
  const errors: ResetErrors = {};
  if (!password) errors.password = messages.required;
  else if (password.length < MIN_LENGTH) errors.password = messages.passwordTooShort;
  if (!confirmation) errors.confirmation = messages.required;
  else if (confirmation !== password) errors.confirmation = PASSWORDS_DIFFER;
  return errors;
}

/** Reset failure (part 3 §8): the server's message, or 'Lien invalide ou expiré. Redemandez un lien.' */
function resetFailureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return error.message;
    const body = error.body;
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' && body.message) {
      return body.message;
    }
  }
  return messages.resetInvalid;
}

/** /reset-password?email&token (part 3 §2, §4, §5). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const reset = useResetPasswordMutation();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<ResetErrors>({});
  const backToLogin = (
    <Button variant="primary" onClick={() => void navigate('/login')}>
      {signInMessages.backToLogin}
    </Button>
  );

  if (!email || !token) {
    return (
      <Container header={<Header variant="h1">{pageTitles.newPassword}</Header>}>
        <SpaceBetween size="m">
          <Alert type="error">{messages.resetIncomplete}</Alert>
          {backToLogin}
        </SpaceBetween>
      </Container>
    );
  }

  if (reset.isSuccess) {
    return (
      <Container header={<Header variant="h1">{pageTitles.newPassword}</Header>}>
        <SpaceBetween size="m">
          <Alert type="success">{reset.data.message || messages.resetDone}</Alert>
          {backToLogin}
        </SpaceBetween>
      </Container>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateReset(password, confirmation);
    setErrors(found);
    if (found.password || found.confirmation) return;
    reset.mutate({ email, token, newPassword: password });
  };

  const failure = reset.isError ? resetFailureText(reset.error) : undefined;

  return (
    <form onSubmit={submit} noValidate>
      <Form
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" formAction="none" onClick={() => void navigate('/login')}>
              {signInMessages.backToLogin}
            </Button>
            <Button variant="primary" formAction="submit" loading={reset.isPending} disabled={reset.isPending}>
              {controlMessages.confirm}
            </Button>
          </SpaceBetween>
        }
      >
        <Container
          header={
            <Header variant="h1" description={signInMessages.accountOf(email)}>
              {pageTitles.newPassword}
            </Header>
          }
        >
          <SpaceBetween size="l">
            {failure && <Alert type="error">{failure}</Alert>}
            <FormField
              label={fieldLabels.newPassword}
              errorText={errors.password}
              constraintText={errors.password ? undefined : accountFieldMessages.passwordConstraint}
            >
              <Input type="password" autoComplete="new-password" value={password} onChange={({ detail }) => setPassword(detail.value)} />
            </FormField>
            <FormField label={signInMessages.passwordConfirmation} errorText={errors.confirmation}>
              <Input type="password" autoComplete="new-password" value={confirmation} onChange={({ detail }) => setConfirmation(detail.value)} />
            </FormField>
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}
