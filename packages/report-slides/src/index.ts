// The report package's slide deck as a pdfmake document: the web app's package page and the
// gateway's server-built PDF both draw it from here, so both make the same slides.
export * from './charts/index.js';
export * from './font-files.js';
export * from './fonts.js';
export * from './packageSlides.js';
export * from './theme.js';
export type * from './types.js';
export * from './dates.js';
