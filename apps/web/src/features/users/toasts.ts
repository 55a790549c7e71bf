// Success and failure toasts of user actions (the container sits in the signed-in frame).
import { notifications } from '@mantine/notifications';

export const toastSuccess = (title: string, message?: string) =>
  notifications.show({ color: 'green', title, message: message ?? '' });

export const toastFailure = (title: string, message: string) =>
  notifications.show({ color: 'red', title, message });
