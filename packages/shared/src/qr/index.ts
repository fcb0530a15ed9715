export * from './reserved-params.js';
export * from './qr-fields.js';
export * from './qr-style-rules.js';
export * from './qr-style.js';
export * from './param-names.js';
export * from './qr-config.js';
export * from './qr-destination.js';
export * from './data-preview.js';
