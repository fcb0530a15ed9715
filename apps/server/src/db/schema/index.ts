export * from './enums.js';
export * from './users.js';
export * from './subscriptions.js';
export * from './permits.js';
export * from './projects.js';
export * from './mailing-lists.js';
export * from './print-jobs.js';
export * from './fonts.js';
