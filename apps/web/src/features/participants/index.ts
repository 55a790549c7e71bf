// What other features may use of the participants feature.
export { ExportButtons } from './components/ExportButtons';
export {
  ParticipantsSection,
  type ParticipantsSectionProps,
} from './components/ParticipantsSection';
