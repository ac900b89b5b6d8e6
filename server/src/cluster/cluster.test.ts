/** Cluster mode's settings: on with REDIS_URL alone, and refused with a clear message when they do not fit together. */
import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '../config/env.js';
import { clusterFromEnv } from './cluster.js';

const full = { REDIS_URL: 'redis://redis:6379', DATABASE_URL: 'postgres://fireside@db/fireside', FIRESIDE_PUBLIC_ADDRESS: '10.0.0.5:2567' };
const refusal = (env: NodeJS.ProcessEnv): string => {
  try {
    clusterFromEnv(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error('not refused');
};

describe('clusterFromEnv', () => {
  it('is off without REDIS_URL, whatever else is set', () => {
    expect(clusterFromEnv({})).toBeNull();
    expect(clusterFromEnv({ REDIS_URL: '  ', DATABASE_URL: full.DATABASE_URL })).toBeNull();
    expect(clusterFromEnv({ DATABASE_URL: full.DATABASE_URL, FIRESIDE_PUBLIC_ADDRESS: 'x:1' })).toBeNull();
  });

  it('is on with REDIS_URL, DATABASE_URL and FIRESIDE_PUBLIC_ADDRESS', () => {
    expect(clusterFromEnv(full)).toEqual({ redisUrl: 'redis://redis:6379', publicAddress: '10.0.0.5:2567' });
    for (const publicAddress of ['fireside-2', 'games.example.com/p2', '[::1]:2568', 'games.example.com:8443/a/b']) {
      expect(clusterFromEnv({ ...full, FIRESIDE_PUBLIC_ADDRESS: ` ${publicAddress} ` })?.publicAddress).toBe(publicAddress);
    }
    expect(clusterFromEnv({ ...full, REDIS_URL: 'rediss://:pw@redis:6380/0' })?.redisUrl).toBe('rediss://:pw@redis:6380/0');
  });

  it('refuses REDIS_URL without DATABASE_URL or FIRESIDE_PUBLIC_ADDRESS, naming the missing setting', () => {
    expect(refusal({ ...full, DATABASE_URL: undefined })).toMatch(/DATABASE_URL is not/);
    expect(refusal({ ...full, DATABASE_URL: '' })).toMatch(/DATABASE_URL is not/);
    expect(refusal({ ...full, FIRESIDE_PUBLIC_ADDRESS: undefined })).toMatch(/FIRESIDE_PUBLIC_ADDRESS is not/);
  });

  it('refuses a public address with a scheme or spaces, and a REDIS_URL that is not redis://', () => {
    for (const bad of ['http://10.0.0.5:2567', 'ws://x', 'a b', 'host/', 'host:port']) {
      expect(refusal({ ...full, FIRESIDE_PUBLIC_ADDRESS: bad })).toMatch(/FIRESIDE_PUBLIC_ADDRESS must be/);
    }
    expect(refusal({ ...full, REDIS_URL: 'redis:6379' })).toMatch(/REDIS_URL must be/);
  });
});
