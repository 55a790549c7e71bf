// How report values read on screen: indices and percents rounded for display only (the engine
// returns them unrounded), and a dash where a value is missing.
export { formatEnps, formatIndex, formatShare, NO_VALUE } from '@survey/report-slides';

/** Names longer than `max` characters are cut to `max` plus an ellipsis (spec: 50). */
export { truncateName } from '@survey/report-slides';
