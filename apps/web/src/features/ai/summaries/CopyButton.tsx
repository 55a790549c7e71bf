// Copies a text: the icon turns to a check (or a cross when the browser refuses) and back after 2 s.
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COPY_RESET_MS, copyText, type CopyState } from './copy';

export function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation('ai');
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPY_RESET_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const label =
    state === 'copied' ? t('copy.copied') : state === 'failed' ? t('copy.failed') : t('copy.copy');
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="subtle"
        color={state === 'copied' ? 'teal' : state === 'failed' ? 'red' : 'gray'}
        aria-label={label}
        data-state={state}
        onClick={() => void copyText(text).then((ok) => setState(ok ? 'copied' : 'failed'))}
      >
        {state === 'copied' ? (
          <IconCheck size={16} aria-hidden />
        ) : state === 'failed' ? (
          <IconX size={16} aria-hidden />
        ) : (
          <IconCopy size={16} aria-hidden />
        )}
      </ActionIcon>
    </Tooltip>
  );
}
