// /login: email and password; on to /otp when a code is needed, else the session guard sends the
// user back where they came from.
import { Anchor, PasswordInput, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLoginRoute_LoginMutation } from '../../../__generated__/graphql';
import { useErrorMessage } from '../../../lib/errors';
import { readAuthState, type AuthRedirectState } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session';
import { AuthCard } from '../components/AuthCard';
import { AuthForm } from '../components/AuthForm';
import { LoginLanguageSwitcher } from '../components/LoginLanguageSwitcher';

export function LoginRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const errorMessage = useErrorMessage();
  const [login, { loading }] = useLoginRoute_LoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // A message brought along from /otp (expired or locked two-factor sign-in) until the next attempt.
  const [message, setMessage] = useState(() => readAuthState(location.state).notice ?? null);

  const canSubmit = email.trim() !== '' && password !== '' && !loading;

  const submit = async () => {
    setEmail('');
    setPassword('');
    setMessage(null);
    try {
      const { data } = await login({ variables: { email: email.trim(), password } });
      if (data?.login.status === 'TWO_FACTOR_REQUIRED') {
        const state: AuthRedirectState = { from: readAuthState(location.state).from };
        await navigate(paths.otp, { state });
        return;
      }
      if (data?.login.account) await signedIn(data.login.account);
    } catch (error) {
      setMessage(errorMessage(error));
    }
  };

  return (
    <AuthCard title={t('login.title')} description={t('login.intro')}>
      <AuthForm
        message={message}
        submitLabel={t('login.submit')}
        canSubmit={canSubmit}
        loading={loading}
        onSubmit={submit}
      >
        <TextInput
          label={t('login.email')}
          type="email"
          autoComplete="username"
          required
          withAsterisk={false}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          required
          withAsterisk={false}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
        />
      </AuthForm>
      <Anchor component={Link} to={paths.resetRequest} size="sm">
        {t('common.forgotPassword')}
      </Anchor>
      <LoginLanguageSwitcher />
    </AuthCard>
  );
}

export { LoginRoute as Component };
