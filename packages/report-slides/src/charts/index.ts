// The report charts' options, shared by the browser and the server.
export * from './base.js';
export * from './enpsBubble.js';
export * from './histogram.js';
export * from './packageCharts.js';
export * from './realizationBar.js';
export * from './scatter.js';
export * from './spreadBar.js';
