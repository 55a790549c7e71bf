import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText, emailBreakParts } from './EmailText';

describe('an email address on a narrow card', () => {
  it('may break before the @ and after each dot, nowhere else', () => {
    expect(emailBreakParts('anna-maria.virtanen@demo-oy.example.fi')).toEqual([
      'anna-maria.',
      'virtanen',
      '@demo-oy.',
      'example.',
      'fi',
    ]);
    const { container } = render(<EmailText email="anna.virtanen@demo.fi" />);
    expect(container.innerHTML).toBe(
      '<span data-email="true" translate="no">anna.<wbr>virtanen<wbr>@demo.<wbr>fi</span>',
    );
    expect(container.textContent).toBe('anna.virtanen@demo.fi');
  });
});
