export { ImportDialog, type ImportDialogProps } from './ImportDialog';
