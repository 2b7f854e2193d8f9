import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useNavigate, useSearchParams } from 'react-router';
import { messages } from '../../../../shared/messages/common';
import { pageTitles } from '../../../../shared/messages/navigation';
import { signInMessages } from '../../../../shared/messages/sign-in';
import { useVerifyEmailMutation } from '../../api/account-queries';
import { ApiError } from '../../api/api-error';

function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) return error.message;
  return messages.emailLinkInvalid;
}

/**
 * /confirmer-email?email&token (part 1 §2 buyer area): the buyer confirms their address, which links the
 * housings bought under it. A click, not an automatic call: a mail scanner opening the link must
 * not use it up.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const verify = useVerifyEmailMutation();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const header = (
    <Header variant="h1" description={email ? signInMessages.accountOf(email) : undefined}>
      {pageTitles.emailConfirmation}
    </Header>
  );

  if (!email || !token) {
    return (
      <Container header={header}>
        <SpaceBetween size="m">
          <Alert type="error">{messages.resetIncomplete}</Alert>
          <Button onClick={() => void navigate('/login')}>{signInMessages.backToLogin}</Button>
        </SpaceBetween>
      </Container>
    );
  }

  return (
    <Container header={header}>
      <SpaceBetween size="m">
        {verify.isSuccess && <Alert type="success">{verify.data.message || messages.emailConfirmed}</Alert>}
        {verify.isError && <Alert type="error">{failureText(verify.error)}</Alert>}
        {verify.isSuccess ? (
          <Button variant="primary" onClick={() => void navigate('/accueil-acquereur')}>
            {signInMessages.buyerArea}
          </Button>
        ) : (
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="primary" loading={verify.isPending} disabled={verify.isPending} onClick={() => verify.mutate({ email, token })}>
              {signInMessages.confirmEmail}
            </Button>
            <Button variant="link" onClick={() => void navigate('/login')}>
              {signInMessages.backToLogin}
            </Button>
          </SpaceBetween>
        )}
      </SpaceBetween>
    </Container>
  );
}
