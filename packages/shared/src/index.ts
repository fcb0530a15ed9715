export * from './constants.js';
export * from './fields.js';
export * from './projects.js';
export * from './permits.js';
export * from './auth.js';
export * from './mailing-lists.js';
export * from './mappings.js';
