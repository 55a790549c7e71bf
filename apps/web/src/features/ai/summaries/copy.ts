// The copy button's rule (reporting.md sections 4 and 9): a success or error icon, back to normal
// after 2000 ms.
export const COPY_RESET_MS = 2000;

export type CopyState = 'idle' | 'copied' | 'failed';

/** Writes `text` to the clipboard; false when the browser refuses (no permission, no clipboard). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
