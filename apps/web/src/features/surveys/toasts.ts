// Success and failure toasts of survey actions (the container sits in the signed-in frame).
import { notifications } from '@mantine/notifications';

export const toastSuccess = (title: string) =>
  notifications.show({ color: 'green', title, message: '' });

export const toastFailure = (title: string, message: string) =>
  notifications.show({ color: 'red', title, message });
