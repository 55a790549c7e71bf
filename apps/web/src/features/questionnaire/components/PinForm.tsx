// The short code: where the invitation's link does not open, the email and the 5-digit PIN from the
// invitation give the participation token.
import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePinForm_TokenMutation } from '../../../__generated__/graphql';
import { readApiError } from '../../../lib/errors';

interface PinFormProps {
  surveyId: string;
  initialPin?: string;
  /** 1 when the form is the page's main content, 2 under a status heading. */
  headingLevel?: 1 | 2;
  onToken: (token: string) => void;
}

export function PinForm({ surveyId, initialPin = '', headingLevel = 2, onToken }: PinFormProps) {
  const { t } = useTranslation('questionnaire');
  const [exchange, { loading }] = usePinForm_TokenMutation();
  const [email, setEmail] = useState('');
  const [pin, setPin] = useState(initialPin);
  const [error, setError] = useState<string | null>(null);
  const canSubmit = email.trim() !== '' && /^\d{5}$/.test(pin) && !loading;

  const submit = async () => {
    setError(null);
    try {
      const { data } = await exchange({ variables: { surveyId, email: email.trim(), pin } });
      const result = data?.questionnaireToken;
      if (result?.ok && result.token) onToken(result.token);
      else setError(t('errors.pinMismatch'));
    } catch (caught) {
      setError(
        readApiError(caught).code === 'RATE_LIMITED'
          ? t('errors.rateLimited')
          : t('errors.generic'),
      );
    }
  };

  return (
    <Stack
      component="form"
      gap="sm"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSubmit) void submit();
      }}
    >
      <Title order={headingLevel} size={headingLevel === 1 ? 'h2' : 'h3'}>
        {t('pin.title')}
      </Title>
      <Text size="sm">{t('pin.text')}</Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <TextInput
        label={t('pin.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
      />
      <TextInput
        label={t('pin.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={5}
        value={pin}
        onChange={(event) => setPin(event.currentTarget.value.replace(/\D/g, ''))}
      />
      <Button type="submit" disabled={!canSubmit} loading={loading}>
        {t('pin.submit')}
      </Button>
    </Stack>
  );
}
