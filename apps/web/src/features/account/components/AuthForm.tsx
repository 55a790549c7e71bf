// The form of a signed-out screen: the error message, the fields, and one full-width submit button that
// stays disabled until the screen says the fields are ready.
import { Button, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { ErrorAlert } from '../../../components/ErrorAlert';

interface AuthFormProps {
  message: string | null;
  submitLabel: string;
  /** The fields are complete and nothing is being sent. */
  canSubmit: boolean;
  loading: boolean;
  /** Called on submit only when `canSubmit`. */
  onSubmit: () => Promise<void>;
  children: ReactNode;
}

export function AuthForm({
  message,
  submitLabel,
  canSubmit,
  loading,
  onSubmit,
  children,
}: AuthFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) void onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorAlert message={message} />
        {children}
        <Button type="submit" disabled={!canSubmit} loading={loading} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
