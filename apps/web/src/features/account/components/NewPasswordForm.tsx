// A new password typed twice (confirming an account, resetting a password): sent once both fields
// satisfy the password rules.
import { useState } from 'react';
import { AuthForm } from './AuthForm';
import { PasswordFields } from './PasswordFields';
import { passwordProblems } from './passwordRules';

interface NewPasswordFormProps {
  labels: { password: string; confirmation: string; submit: string };
  message: string | null;
  loading: boolean;
  /** Whatever else must hold before sending (e.g. a complete link); default true. */
  ready?: boolean;
  onSubmit: (password: string) => Promise<void>;
}

export function NewPasswordForm({
  labels,
  message,
  loading,
  ready = true,
  onSubmit,
}: NewPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const canSubmit = passwordProblems(password, confirmation).ok && ready && !loading;
  return (
    <AuthForm
      message={message}
      submitLabel={labels.submit}
      canSubmit={canSubmit}
      loading={loading}
      onSubmit={() => onSubmit(password)}
    >
      <PasswordFields
        password={password}
        confirmation={confirmation}
        onPasswordChange={setPassword}
        onConfirmationChange={setConfirmation}
        labels={{ password: labels.password, confirmation: labels.confirmation }}
        disabled={loading}
      />
    </AuthForm>
  );
}
