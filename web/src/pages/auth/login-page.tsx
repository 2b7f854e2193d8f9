import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { loginRequestSchema } from '../../../../shared/domain/account';
import { messages } from '../../../../shared/messages/common';
import { homeAfterLogin } from '../../../../shared/rules/role-routes';
import { controlMessages } from '../../../../shared/messages/controls';
import { fieldLabels } from '../../../../shared/messages/field-labels';
import { pageTitles } from '../../../../shared/messages/navigation';
import { signInMessages } from '../../../../shared/messages/sign-in';
import { accountFieldMessages } from '../../../../shared/messages/account';
import { useLoginMutation } from '../../api/account-queries';
import { errorMessage, isApiError } from '../../api/api-error';
import { endStoredSimulation } from '../../app/impersonation';
import { clearNotifications } from '../../app/notifications-store';
import { clearSession, signIn, useSession } from '../../app/session-store';
import { RouterLink } from '../../components/router-link';

const ForgotPasswordModal = lazy(() => import('./forgot-password-modal').then((m) => ({ default: m.ForgotPasswordModal })));

interface LoginErrors {
  email?: string;
  password?: string;
}

/** The login failure text: 'Identifiants invalides' for refused credentials, else the error rule. */
function loginFailureText(error: unknown): string {
  if (isApiError(error, 400) || isApiError(error, 401)) return messages.invalidCredentials;
  return errorMessage(error);
}

/** /login (part 1 §2, §5): e-mail, password, 'Se souvenir de moi', forgotten password. */
export function LoginPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const login = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [forgotOpen, setForgotOpen] = useState(false);
  const expired = params.get('expired') === '1';
  const deniedFrom = (location.state as { from?: string } | null)?.from;

  // A stored token whose exp claim is past is forgotten (part 1 §4: it means not signed in).
  useEffect(() => {
    if (session.expired) clearSession();
  }, [session.expired]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginRequestSchema.safeParse({ email, password, remember });
    if (!parsed.success) {
      const paths = new Set(parsed.error.issues.map((issue) => issue.path[0]));
      setErrors({
        email: paths.has('email') ? messages.emailInvalid : undefined,
        password: paths.has('password') ? messages.passwordInvalid : undefined,
      });
      return;
    }
    setErrors({});
    login.mutate(parsed.data, {
      onSuccess: (auth) =>
        // A simulation left behind (its user's page refused, say) ends with this new session.
        void endStoredSimulation().then(() => {
          queryClient.clear();
          clearNotifications();
          signIn(auth);
          void navigate(homeAfterLogin(auth.user.role), { replace: true });
        }),
    });
  };

  return (
    <SpaceBetween size="m">
      {expired && <Alert type="warning">{messages.sessionExpired}</Alert>}
      {!expired && deniedFrom && session.role !== 'anonymousUser' && <Alert type="info">{signInMessages.wrongAccount}</Alert>}
      <form onSubmit={submit} noValidate>
        <Form
          actions={
            <Button variant="primary" formAction="submit" loading={login.isPending} disabled={login.isPending}>
              {signInMessages.submitLogin}
            </Button>
          }
          errorText={login.isError ? loginFailureText(login.error) : undefined}
          errorIconAriaLabel={controlMessages.error}
        >
          <Container header={<Header variant="h1">{expired ? signInMessages.loginAgain : pageTitles.login}</Header>}>
            <SpaceBetween size="l">
              <FormField label={accountFieldMessages.email} errorText={errors.email}>
                <Input
                  type="email"
                  inputMode="email"
                  autoComplete="username"
                  value={email}
                  onChange={({ detail }) => setEmail(detail.value)}
                  placeholder="prenom.nom@exemple.fr"
                  autoFocus
                />
              </FormField>
              <FormField label={fieldLabels.password} errorText={errors.password}>
                <Input type="password" autoComplete="current-password" value={password} onChange={({ detail }) => setPassword(detail.value)} />
              </FormField>
              <SpaceBetween size="m" direction="horizontal" alignItems="center">
                <Checkbox checked={remember} onChange={({ detail }) => setRemember(detail.checked)}>
                  {fieldLabels.remember}
                </Checkbox>
                <Link onFollow={() => setForgotOpen(true)} variant="primary">
                  {signInMessages.forgotLink}
                </Link>
              </SpaceBetween>
            </SpaceBetween>
          </Container>
        </Form>
      </form>
      <Box textAlign="center">
        {signInMessages.noAccountYet} <RouterLink href="/register">{pageTitles.register}</RouterLink>
      </Box>
      {forgotOpen && (
        <Suspense fallback={null}>
          <ForgotPasswordModal initialEmail={email} onDismiss={() => setForgotOpen(false)} />
        </Suspense>
      )}
    </SpaceBetween>
  );
}
