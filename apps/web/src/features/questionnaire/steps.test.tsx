// The questionnaire's steps as a participant meets them (issue 28): no background answer chosen for
// them, sliders that suggest no value until rated, the criteria a group at a time, eNPS in one row.
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { BackgroundStep } from './components/BackgroundStep';
import { OverallStep } from './components/OverallStep';
import { RealizationStep } from './components/RealizationStep';
import type { StepProps } from './components/stepProps';
import { emptyDraft, type Draft, type Questions } from './model';

const questions: Questions = {
  background: [
    { question: 'AGE', options: ['<25', '25-34'] },
    { question: 'GENDER', options: ['female', 'male', 'undisclosed'] },
  ],
  criteria: Array.from({ length: 30 }, (_, i) => i + 2),
  commentCriteria: [],
  importantCount: 10,
  commentMaxLength: 500,
  trend: null,
};

function Harness({ Step, initial }: { Step: (p: StepProps) => React.JSX.Element; initial: Draft }) {
  const [draft, setDraft] = useState(initial);
  return (
    <Step draft={draft} questions={questions} change={(update) => setDraft((d) => update(d))} />
  );
}

function renderStep(Step: (p: StepProps) => React.JSX.Element, initial = emptyDraft()) {
  return render(
    <MantineProvider>
      <I18nextProvider i18n={i18next}>
        <Harness Step={Step} initial={initial} />
      </I18nextProvider>
    </MantineProvider>,
  );
}

describe('the background step', () => {
  it('pre-selects nothing, in every question alike, and says skipping is allowed', () => {
    renderStep(BackgroundStep);
    expect(screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toEqual([]);
    expect(screen.getByText('Nothing is pre-selected: you can skip any question.')).toBeVisible();
  });

  it('keeps "I prefer not to answer" chosen once the person picks it', async () => {
    const user = userEvent.setup();
    renderStep(BackgroundStep);
    const decline = screen.getByRole('radio', { name: 'I prefer not to answer' });
    await user.click(decline);
    expect(decline).toBeChecked();
  });
});

describe('the realization step', () => {
  it('shows six criteria at a time, none with a value until rated, and tells which groups are rated', async () => {
    const user = userEvent.setup();
    renderStep(RealizationStep, { ...emptyDraft(), realizations: { 2: 80 } });
    expect(screen.getAllByRole('slider')).toHaveLength(6);
    expect(screen.getByText('1 of 30 rated')).toBeVisible();
    // The rated one says its value; the others say "Not rated" (spoken too), not 50.
    const sliders = screen.getAllByRole('slider');
    expect(sliders[0]).toHaveAttribute('aria-valuetext', '80 of 100');
    expect(sliders[1]).toHaveAttribute('aria-valuetext', 'Not rated');
    expect(screen.getAllByText('Not rated')).toHaveLength(5);
    expect(screen.queryByRole('button', { name: /^Rate/ })).toBeNull();
    const groups = screen.getByRole('group', { name: 'Groups of items' });
    expect(within(groups).getAllByRole('button')).toHaveLength(5);
    expect(within(groups).getByRole('button', { name: /^1–6.*1 of 6 rated/ })).toHaveAttribute(
      'aria-current',
      'step',
    );
    await user.click(screen.getByRole('button', { name: 'Next items' }));
    expect(screen.getByText('Items 7–12', { selector: 'p' })).toBeVisible();
    expect(screen.getAllByRole('slider')).toHaveLength(6);
  });

  it('rates a criterion by keyboard and marks it rated', async () => {
    const user = userEvent.setup();
    renderStep(RealizationStep);
    const first = screen.getAllByRole('slider')[0];
    first?.focus();
    await user.keyboard('{End}');
    expect(first).toHaveAttribute('aria-valuetext', '100 of 100');
    expect(screen.getByText('1 of 30 rated')).toBeVisible();
    expect(screen.getByRole('button', { name: /^1–6.*1 of 6 rated/ })).toBeInTheDocument();
  });
});

describe('the overall step', () => {
  it('puts the eleven recommendation choices in one row with 0 and 10 as the named ends', () => {
    renderStep(OverallStep);
    const group = screen.getByRole('radiogroup', { name: /recommend your employer/ });
    const choices = within(group).getAllByRole('radio');
    expect(choices.map((c) => c.getAttribute('value'))).toEqual(
      Array.from({ length: 11 }, (_, i) => String(i)),
    );
    // One grid of eleven columns, not wrapping rows.
    const grid = choices[0]?.closest('.mantine-SimpleGrid-root');
    expect(grid).not.toBeNull();
    expect(screen.getByText('0 = not at all likely')).toBeInTheDocument();
    expect(screen.getByText('10 = extremely likely')).toBeInTheDocument();
  });
});
