/** Unit tests of the room's small rules: names, chat text, chat rate. */
import { describe, expect, it } from '@jest/globals';
import { ChatLimiter, chatText } from './chat.js';
import { RoomError } from './errors.js';
import { sanitizeName } from './validation.js';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof RoomError ? e.code : 'other';
  }
  return undefined;
}

describe('sanitizeName', () => {
  it('trims, strips control and invisible characters, collapses spaces, cuts to 24', () => {
    expect(sanitizeName('  Ali\u0000ce  ')).toBe('Alice');
    expect(sanitizeName('A\u202eB\u200bC')).toBe('ABC');
    expect(sanitizeName('a   b\tc')).toBe('a b c');
    expect(sanitizeName('é'.repeat(30))).toBe('é'.repeat(24));
    expect(sanitizeName('🔥'.repeat(30))).toBe('🔥'.repeat(24));
    expect(sanitizeName('x'.repeat(23) + ' y')).toBe('x'.repeat(23));
  });
  it('falls back when nothing is left', () => {
    expect(sanitizeName('')).toBe('Player');
    expect(sanitizeName(' \u0007 ')).toBe('Player');
    expect(sanitizeName(42)).toBe('Player');
    expect(sanitizeName(undefined)).toBe('Player');
    expect(sanitizeName('', null)).toBeNull();
  });
});

describe('chat', () => {
  it('cleans and bounds the text', () => {
    expect(chatText('  hi\nthere ')).toBe('hi there');
    expect(codeOf(() => chatText(''))).toBe('bad-message');
    expect(codeOf(() => chatText(3))).toBe('bad-message');
    expect(chatText('a'.repeat(200))).toHaveLength(200);
    expect(codeOf(() => chatText('a'.repeat(201)))).toBe('too-long');
  });
  it('allows 5 lines per sliding 10 s', () => {
    const limiter = new ChatLimiter();
    for (let i = 0; i < 5; i++) limiter.take(1000 + i);
    expect(codeOf(() => limiter.take(2000))).toBe('rate-limited');
    expect(codeOf(() => limiter.take(10_999))).toBe('rate-limited');
    expect(codeOf(() => limiter.take(11_000))).toBeUndefined();
  });
});
