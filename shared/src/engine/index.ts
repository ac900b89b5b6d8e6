export * from './contract.js';
export * from './rng.js';
