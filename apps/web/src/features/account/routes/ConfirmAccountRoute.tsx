// /account/confirm/:userId?/:code?: the link from the invitation email. The link is checked first
// (without using it up); then the new password confirms the account and signs the user in.
import { Alert, Group, Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import {
  useConfirmAccountRoute_CheckMutation,
  useConfirmAccountRoute_ConfirmMutation,
} from '../../../__generated__/graphql';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { fieldErrorsMessage, readApiError, useErrorMessage } from '../../../lib/errors';
import { useLanguageFromQuery } from '../../../lib/i18n/useLanguageFromQuery';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session';
import { AuthCard } from '../components/AuthCard';
import { NewPasswordForm } from '../components/NewPasswordForm';

/** userId and code from the path, else from the query string. */
function useConfirmationLink() {
  const params = useParams();
  const [search] = useSearchParams();
  return {
    userId: params.userId ?? search.get('userId') ?? search.get('userid') ?? '',
    code: params.code ?? search.get('code') ?? '',
  };
}

export function ConfirmAccountRoute() {
  useLanguageFromQuery();
  const { t } = useTranslation();
  const { userId, code } = useConfirmationLink();
  const complete = userId !== '' && code !== '';

  return (
    <AuthCard title={t('account.confirm.header')} description={t('account.confirm.description')}>
      {complete ? (
        <ConfirmForm userId={userId} code={code} />
      ) : (
        <Alert color="red" role="alert">
          {t('account.confirm.linkMissing')}
        </Alert>
      )}
    </AuthCard>
  );
}

function ConfirmForm({ userId, code }: { userId: string; code: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const errorMessage = useErrorMessage();
  const [check, checked] = useConfirmAccountRoute_CheckMutation();
  const [confirm, { loading }] = useConfirmAccountRoute_ConfirmMutation();
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    check({ variables: { userId, code } }).catch(() => undefined); // shown from `checked.error`
  }, [check, userId, code]);

  if (checked.error) return <ErrorAlert message={errorMessage(checked.error)} />;
  if (!checked.data) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t('account.confirm.checking')}</Text>
      </Group>
    );
  }
  if (!checked.data.checkAccountConfirmation) {
    return (
      <Alert color="red" role="alert">
        {t('account.confirm.linkInvalid')}
      </Alert>
    );
  }

  const submit = async (password: string) => {
    setMessage(null);
    try {
      const { data } = await confirm({ variables: { userId, code, password } });
      if (data?.confirmAccount.status === 'TWO_FACTOR_REQUIRED') {
        await navigate(paths.otp);
        return;
      }
      // Signed in: the guest guard moves on to the start page.
      if (data?.confirmAccount.account) await signedIn(data.confirmAccount.account);
    } catch (error) {
      const { fieldErrors } = readApiError(error);
      setMessage(fieldErrors.length ? fieldErrorsMessage(fieldErrors, t) : errorMessage(error));
    }
  };

  return (
    <NewPasswordForm
      labels={{
        password: t('account.confirm.password'),
        confirmation: t('account.confirm.confirmPassword'),
        submit: t('account.confirm.submit'),
      }}
      message={message}
      loading={loading}
      onSubmit={submit}
    />
  );
}

export { ConfirmAccountRoute as Component };
