// The one way to show a toast: success or failure, top right in the signed-in frame (the container is
// components/layout/Toasts), gone after 5 seconds, with a close button that says what it does.
import { notifications } from '@mantine/notifications';
import i18next from 'i18next';

function show(color: 'green' | 'red', title: string, message = ''): void {
  notifications.show({
    color,
    title,
    message,
    closeButtonProps: { 'aria-label': i18next.t('common.close') },
  });
}

export const toastSuccess = (title: string, message?: string): void =>
  show('green', title, message);

export const toastFailure = (title: string, message?: string): void => show('red', title, message);
