export * from './common.js';
export * from './api-list.js';
