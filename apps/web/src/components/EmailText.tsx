// An email address that wraps where a reader expects it to: before the @ and after a dot, never in
// the middle of a name (on a phone's narrow card "anna.virtanen@dem|o-oy.fi" read as two words).
// A part longer than the whole line may still break inside (the card's overflow-wrap), as a last
// resort.
import { Fragment } from 'react';

/** The address's parts, each ending where a line may break: "anna.", "virtanen", "@demo.", "fi". */
export function emailBreakParts(email: string): string[] {
  return email.split(/(?<=\.)|(?=@)/).filter((part) => part !== '');
}

export function EmailText({ email }: { email: string }) {
  const parts = emailBreakParts(email);
  return (
    <span data-email translate="no">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
