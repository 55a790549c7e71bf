// /account/reset: asks for a reset link. The answer is the same whether or not the address has an
// account, so success only says to check the email.
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useResetRequestRoute_RequestMutation } from '../../../__generated__/graphql';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useErrorMessage } from '../../../lib/errors';
import { currentLanguage } from '../../../lib/i18n/i18n';
import { paths } from '../../../lib/paths';
import { AuthCard } from '../components/AuthCard';

export function ResetRequestRoute() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [request, { loading, data }] = useResetRequestRoute_RequestMutation();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const canSubmit = email.trim() !== '' && !loading;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setMessage(null);
    try {
      await request({ variables: { email: email.trim(), language: currentLanguage() } });
    } catch (error) {
      setMessage(errorMessage(error));
    }
  };

  const sent = data?.requestPasswordReset === true;
  return (
    <AuthCard
      title={t('account.reset.header')}
      description={sent ? undefined : t('account.reset.description')}
    >
      {sent ? (
        <Alert color="green" title={t('account.reset.successTitle')} role="status">
          {t('account.reset.successDescription')}
        </Alert>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <ErrorAlert message={message} />
            <TextInput
              label={t('account.reset.email')}
              type="email"
              autoComplete="email"
              required
              withAsterisk={false}
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <Button type="submit" disabled={!canSubmit} loading={loading} fullWidth>
              {t('account.reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={paths.login} size="sm">
        {t('common.backToLogin')}
      </Anchor>
    </AuthCard>
  );
}

export { ResetRequestRoute as Component };
