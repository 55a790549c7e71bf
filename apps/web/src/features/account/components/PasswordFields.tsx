// New password and its confirmation, with the rules text and the spec's two messages.
import { PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { passwordProblems } from './passwordRules';

interface PasswordFieldsProps {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  labels: { password: string; confirmation: string };
  disabled?: boolean;
}

export function PasswordFields(props: PasswordFieldsProps) {
  const { password, confirmation, labels, disabled } = props;
  const { t } = useTranslation();
  const problems = passwordProblems(password, confirmation);
  const toggle = { 'aria-label': t('common.togglePassword') };
  return (
    <Stack gap="sm">
      <PasswordInput
        label={labels.password}
        autoComplete="new-password"
        required
        withAsterisk={false}
        value={password}
        onChange={(event) => props.onPasswordChange(event.currentTarget.value)}
        error={problems.password && t(problems.password)}
        description={t('account.confirm.passwordRules')}
        visibilityToggleButtonProps={toggle}
        disabled={disabled}
      />
      <PasswordInput
        label={labels.confirmation}
        autoComplete="new-password"
        required
        withAsterisk={false}
        value={confirmation}
        onChange={(event) => props.onConfirmationChange(event.currentTarget.value)}
        error={problems.confirmation && t(problems.confirmation)}
        visibilityToggleButtonProps={toggle}
        disabled={disabled}
      />
    </Stack>
  );
}
