// /account/reset/confirm/:userId/:code: the link from the reset email sets a new password.
import { Alert, Anchor, Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useResetConfirmRoute_ConfirmMutation } from '../../../__generated__/graphql';
import { fieldErrorsMessage, readApiError } from '../../../lib/errors';
import { useLanguageFromQuery } from '../../../lib/i18n/useLanguageFromQuery';
import { paths } from '../../../lib/paths';
import { AuthCard } from '../components/AuthCard';
import { NewPasswordForm } from '../components/NewPasswordForm';

export function ResetConfirmRoute() {
  useLanguageFromQuery();
  const { t } = useTranslation();
  const { userId = '', code = '' } = useParams();
  const [confirm, { loading, data }] = useResetConfirmRoute_ConfirmMutation();
  const [message, setMessage] = useState<string | null>(null);

  const submit = async (password: string) => {
    setMessage(null);
    try {
      const result = await confirm({ variables: { userId, code, password } });
      const fieldErrors = result.data?.confirmPasswordReset.fieldErrors ?? [];
      if (fieldErrors.length) setMessage(fieldErrorsMessage(fieldErrors, t));
    } catch (error) {
      // The spec shows reset confirmation failures as the server wrote them.
      const { fieldErrors, rawMessage } = readApiError(error);
      setMessage(fieldErrors.length ? fieldErrorsMessage(fieldErrors, t) : rawMessage);
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
      <NewPasswordForm
        labels={{
          password: t('account.resetConfirm.password'),
          confirmation: t('account.resetConfirm.confirmPassword'),
          submit: t('account.resetConfirm.submit'),
        }}
        message={message}
        loading={loading}
        ready={userId !== '' && code !== ''}
        onSubmit={submit}
      />
      <Anchor component={Link} to={paths.login} size="sm">
        {t('common.backToLogin')}
      </Anchor>
    </AuthCard>
  );
}

export { ResetConfirmRoute as Component };
