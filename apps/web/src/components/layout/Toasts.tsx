// The toast container of the signed-in console: top right, each toast gone after 5 seconds.
import { Notifications } from '@mantine/notifications';

/** The spec's toast timing. */
const TOAST_AUTO_CLOSE_MS = 5000;

export default function Toasts() {
  return <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />;
}
