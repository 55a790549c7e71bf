// /otp: the emailed 6-character code finishes a two-factor sign-in. An expired or locked two-factor
// session sends the user back to /login with the reason.
import { Anchor, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useOtpRoute_VerifyTwoFactorMutation } from '../../../__generated__/graphql';
import { readApiError, useErrorMessage } from '../../../lib/errors';
import { readAuthState, type AuthRedirectState } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session';
import { AuthCard } from '../components/AuthCard';
import { AuthForm } from '../components/AuthForm';

export const OTP_LENGTH = 6;
const BACK_TO_LOGIN = new Set(['expired_2fa_session', 'locked_out_2fa']);

export function OtpRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const errorMessage = useErrorMessage();
  const [verify, { loading }] = useOtpRoute_VerifyTwoFactorMutation();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  const canSubmit = code.trim().length === OTP_LENGTH && !loading;

  const submit = async () => {
    setCode('');
    setMessage(null);
    try {
      const { data } = await verify({ variables: { code: code.trim() } });
      if (data?.verifyTwoFactor.account) await signedIn(data.verifyTwoFactor.account);
    } catch (error) {
      const { reason } = readApiError(error);
      if (reason && BACK_TO_LOGIN.has(reason)) {
        const state: AuthRedirectState = {
          from: readAuthState(location.state).from,
          notice: errorMessage(error),
        };
        await navigate(paths.login, { replace: true, state });
        return;
      }
      setMessage(errorMessage(error));
    }
  };

  return (
    <AuthCard title={t('otp.title')} description={t('otp.info')}>
      <AuthForm
        message={message}
        submitLabel={t('otp.submit')}
        canSubmit={canSubmit}
        loading={loading}
        onSubmit={submit}
      >
        <TextInput
          label={t('otp.code')}
          description={t('otp.codeHint')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={OTP_LENGTH}
          required
          withAsterisk={false}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
      </AuthForm>
      <Anchor component={Link} to={paths.resetRequest} size="sm">
        {t('common.forgotPassword')}
      </Anchor>
    </AuthCard>
  );
}

export { OtpRoute as Component };
