import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { forgotRequestSchema } from '../../../../shared/domain/account';
import { messages } from '../../../../shared/messages/common';
import { signInMessages } from '../../../../shared/messages/sign-in';
import { accountFieldMessages } from '../../../../shared/messages/account';
import { controlMessages } from '../../../../shared/messages/controls';
import { useForgotPasswordMutation } from '../../api/account-queries';
import { errorMessage, isApiError } from '../../api/api-error';
import { fieldErrorsOf } from '../../components/form-errors';

export interface ForgotPasswordModalProps {
  initialEmail: string;
  onDismiss: () => void;
}

const FORM_ID = 'forgot-password-form';

/**
 * The reset request (part 1 §5, §7): 'Email requis', 'Email invalide'; whatever the account,
 * the answer is 'Si un compte existe, un email a été envoyé.' and the link lasts 20 minutes.
 */
export function ForgotPasswordModal({ initialEmail, onDismiss }: ForgotPasswordModalProps) {
  const [email, setEmail] = useState(initialEmail);
  const [emailError, setEmailError] = useState<string>();
  const forgot = useForgotPasswordMutation();
  // Too many requests and an unreachable server are the only failures worth telling apart.
  const failure = forgot.isError && (isApiError(forgot.error, 429) || isApiError(forgot.error, 0)) ? errorMessage(forgot.error) : null;
  const done = forgot.isSuccess || (forgot.isError && !failure);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = forgotRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setEmailError(fieldErrorsOf(parsed.error).email);
      return;
    }
    setEmailError(undefined);
    forgot.mutate(parsed.data);
  };

  return (
    <Modal
      visible
      onDismiss={onDismiss}
      header={signInMessages.forgotTitle}
      closeAriaLabel={controlMessages.close}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant={done ? 'primary' : 'link'} onClick={onDismiss}>
              {controlMessages.close}
            </Button>
            {!done && (
              <Button variant="primary" form={FORM_ID} formAction="submit" loading={forgot.isPending} disabled={forgot.isPending}>
                {signInMessages.sendLink}
              </Button>
            )}
          </SpaceBetween>
        </Box>
      }
    >
      {done ? (
        <Alert type="success">
          {messages.forgotDone} {signInMessages.forgotLinkLifetime}
        </Alert>
      ) : (
        <form id={FORM_ID} onSubmit={submit} noValidate>
          <SpaceBetween size="m">
            <Box variant="p">{signInMessages.forgotHelp}</Box>
            <FormField label={accountFieldMessages.email} errorText={emailError}>
              <Input type="email" inputMode="email" autoComplete="email" value={email} onChange={({ detail }) => setEmail(detail.value)} autoFocus />
            </FormField>
            {failure && <Alert type="error">{failure}</Alert>}
          </SpaceBetween>
        </form>
      )}
    </Modal>
  );
}
