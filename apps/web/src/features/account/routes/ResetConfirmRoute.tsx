// /account/reset/confirm/:userId/:code: the link from the reset email sets a new password.
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useResetConfirmRoute_ConfirmMutation } from '../../../__generated__/graphql';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { fieldErrorMessage, readApiError } from '../../../lib/errors';
import { useLanguageFromQuery } from '../../../lib/i18n/useLanguageFromQuery';
import { paths } from '../../../lib/paths';
import { AuthCard } from '../components/AuthCard';
import { PasswordFields } from '../components/PasswordFields';
import { passwordProblems } from '../components/passwordRules';

export function ResetConfirmRoute() {
  useLanguageFromQuery();
  const { t } = useTranslation('admin');
  const { userId = '', code = '' } = useParams();
  const [confirm, { loading, data }] = useResetConfirmRoute_ConfirmMutation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const canSubmit =
    passwordProblems(password, confirmation).ok && userId !== '' && code !== '' && !loading;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setMessage(null);
    try {
      const result = await confirm({ variables: { userId, code, password } });
      const fieldErrors = result.data?.confirmPasswordReset.fieldErrors ?? [];
      if (fieldErrors.length) setMessage(fieldErrors.map((e) => fieldErrorMessage(e, t)).join(' '));
    } catch (error) {
      // The spec shows reset confirmation failures as the server wrote them.
      const { fieldErrors, rawMessage } = readApiError(error);
      setMessage(
        fieldErrors.length ? fieldErrors.map((e) => fieldErrorMessage(e, t)).join(' ') : rawMessage,
      );
    }
  };

  if (data?.confirmPasswordReset.ok) {
    return (
      <AuthCard title={t('account.resetConfirm.successTitle')}>
        <Alert color="green" role="status">
          {t('account.resetConfirm.success')}
        </Alert>
        <Button component={Link} to={paths.login} w="fit-content">
          {t('account.resetConfirm.toLogin')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('account.resetConfirm.header')}
      description={t('account.resetConfirm.description')}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <ErrorAlert message={message} />
          <PasswordFields
            password={password}
            confirmation={confirmation}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmation}
            labels={{
              password: t('account.resetConfirm.password'),
              confirmation: t('account.resetConfirm.confirmPassword'),
            }}
            disabled={loading}
          />
          <Button type="submit" disabled={!canSubmit} loading={loading} fullWidth>
            {t('account.resetConfirm.submit')}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to={paths.login} size="sm">
        {t('common.backToLogin')}
      </Anchor>
    </AuthCard>
  );
}

export { ResetConfirmRoute as Component };
