// The question box: Enter asks (Shift+Enter breaks the line) unless a search runs; the length
// message shows after a refused ask and clears as soon as the user types.
import { Button, Group, Textarea } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QUESTION_MAX, QUESTION_MIN, type QuestionProblem } from '../rules';

interface AskSearchBoxProps {
  value: string;
  problem: QuestionProblem;
  running: boolean;
  onChange: (value: string) => void;
  onSubmit: () => void;
}

export function AskSearchBox({ value, problem, running, onChange, onSubmit }: AskSearchBoxProps) {
  const { t } = useTranslation('ai');
  const error =
    problem === 'tooShort'
      ? t('ask.tooShort', { count: QUESTION_MIN })
      : problem === 'tooLong'
        ? t('ask.tooLong', { count: QUESTION_MAX })
        : null;
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        if (!running) onSubmit();
      }}
    >
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Textarea
          style={{ flex: 1 }}
          label={t('ask.question')}
          placeholder={t('ask.placeholder')}
          rows={2}
          resize="vertical"
          value={value}
          error={error}
          onChange={(event) => onChange(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            if (!running) onSubmit();
          }}
        />
        <Button
          type="submit"
          mt={25}
          loading={running}
          leftSection={<IconSearch size={16} aria-hidden />}
        >
          {t('ask.submit')}
        </Button>
      </Group>
    </form>
  );
}
