export * from './contract.js';
export * from './rng.js';
export * from './replay.js';
