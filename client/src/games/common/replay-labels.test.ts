/**
 * Replay step labels (issue 23): every action type of every game, played in
 * real matches by bots and random players, gets a sentence in English, French
 * and Japanese: no missing text, no raw action name ("chooseTier"), no
 * {{placeholder}} left, and the names it is given.
 */
import { describe, expect, it } from '@jest/globals';
import type { AnyGame } from '@fireside/shared/engine/contract';
import { rngFromSeed } from '@fireside/shared/engine/rng';
import { gifttrap } from '@fireside/shared/games/gifttrap/index';
import { santa } from '@fireside/shared/games/santa/index';
import { windcity } from '@fireside/shared/games/windcity/index';
import type { GiftTrapAction } from '@fireside/shared/games/gifttrap/types';
import type { SantaAction } from '@fireside/shared/games/santa/types';
import type { WindCityAction } from '@fireside/shared/games/windcity/types';
import { translate, type Texts } from '../../i18n/translate.js';
import type { DescribeStep } from '../replay-types.js';
import { describeStep as giftTrapStep } from '../gifttrap/replay-labels.js';
import { describeStep as santaStep } from '../santa/replay-labels.js';
import { describeStep as windCityStep } from '../windcity/replay-labels.js';
import gtEn from '../gifttrap/i18n/en.js';
import gtFr from '../gifttrap/i18n/fr.js';
import gtJa from '../gifttrap/i18n/ja.js';
import gtReplayEn from '../gifttrap/i18n/replay-en.js';
import gtReplayFr from '../gifttrap/i18n/replay-fr.js';
import gtReplayJa from '../gifttrap/i18n/replay-ja.js';
import scEn from '../santa/i18n/en.js';
import scFr from '../santa/i18n/fr.js';
import scJa from '../santa/i18n/ja.js';
import scReplayEn from '../santa/i18n/replay-en.js';
import scReplayFr from '../santa/i18n/replay-fr.js';
import scReplayJa from '../santa/i18n/replay-ja.js';
import wcEn from '../windcity/i18n/en.js';
import wcFr from '../windcity/i18n/fr.js';
import wcJa from '../windcity/i18n/ja.js';
import wcReplayEn from '../windcity/i18n/replay-en.js';
import wcReplayFr from '../windcity/i18n/replay-fr.js';
import wcReplayJa from '../windcity/i18n/replay-ja.js';

type Lang = 'en' | 'fr' | 'ja';
const LANGS: Lang[] = ['en', 'fr', 'ja'];

/** Every action type of each game: a new type fails to compile here until it is listed (and then labelled). */
const GT_TYPES: Record<GiftTrapAction['type'], true> = { chooseTier: true, flip: true, confirmLayout: true, give: true, want: true, open: true };
const SC_TYPES: Record<SantaAction['type'], true> = { away: true, start: true, pick: true, chooser: true, order: true, move: true, give: true };
const WC_TYPES: Record<WindCityAction['type'], true> = {
  hurricane: true,
  place: true,
  plan: true,
  renew: true,
  ask: true,
  pass: true,
  answer: true,
  kauf: true,
};

interface Step {
  action: { type: string };
  seat: number;
  before: unknown;
}

interface Case {
  id: string;
  game: AnyGame;
  describe: DescribeStep;
  types: string[];
  texts: Record<Lang, object>;
  replay: Record<Lang, object>;
  players: number[];
  /** The options of match m (variants some actions need), default the game's. */
  options?: (players: number, m: number) => unknown;
  matches?: number;
  /** Actions the matches played rarely reach, made by hand on a state of a played match. */
  extra?: (s: unknown) => Step[];
}

const CASES: Case[] = [
  {
    id: 'gifttrap',
    game: gifttrap as unknown as AnyGame,
    describe: giftTrapStep,
    types: Object.keys(GT_TYPES),
    texts: { en: gtEn, fr: gtFr, ja: gtJa },
    replay: { en: gtReplayEn, fr: gtReplayFr, ja: gtReplayJa },
    players: [3, 4, 5],
  },
  {
    id: 'santa',
    game: santa as unknown as AnyGame,
    describe: santaStep,
    types: Object.keys(SC_TYPES),
    texts: { en: scEn, fr: scFr, ja: scJa },
    replay: { en: scReplayEn, fr: scReplayFr, ja: scReplayJa },
    players: [3, 4],
    // 'chooser' is only asked under the lowest-score tie-break.
    options: (players, m) => ({ ...santa.defaultOptions(players), tieBreak: m % 2 ? 'lowest-score' : 'lowest-card' }),
    matches: 40,
    // Santa choosing which kid gets a shared house's present: rare in random play (santa.test.ts plays it).
    extra: (s) => [{ action: { type: 'give', kid: 2 }, seat: 0, before: s }],
  },
  {
    id: 'windcity',
    game: windcity as unknown as AnyGame,
    describe: windCityStep,
    types: Object.keys(WC_TYPES),
    texts: { en: wcEn, fr: wcFr, ja: wcJa },
    replay: { en: wcReplayEn, fr: wcReplayFr, ja: wcReplayJa },
    players: [2, 3, 4, 5],
  },
];

/** Matches of the game (bots and random players mixed), keeping up to `keep` steps of each action type. */
function sampleSteps(c: Case, keep = 6): Map<string, Step[]> {
  const found = new Map<string, Step[]>();
  const g = c.game;
  for (let m = 0; m < (c.matches ?? 12); m++) {
    const players = c.players[m % c.players.length];
    const rng = rngFromSeed(`labels-${c.id}-${m}`);
    let s = g.setup(players, c.options?.(players, m) ?? g.defaultOptions(players), `labels-${c.id}-${m}`);
    for (let n = 0; n < 5000 && !g.result(s); n++) {
      const seats = g.awaiting(s);
      if (!seats.length) break;
      const seat = seats[Math.floor(rng.next() * seats.length)];
      const random = (m + seat) % 2 === 1;
      const action = (random ? g.sampleAction(s, seat, rng) : g.botAction(g.publicView(s), g.seatView(s, seat), seat, rng)) as { type: string } | null;
      if (!action) break;
      const next = g.apply(s, seat, action);
      if (!next.ok) throw new Error(`${c.id}: ${JSON.stringify(action)} refused: ${next.error.message}`);
      const list = found.get(action.type) ?? [];
      if (list.length < keep) list.push({ action, seat, before: s });
      found.set(action.type, list);
      s = next.value;
    }
    for (const step of c.extra?.(s) ?? []) found.set(step.action.type, [...(found.get(step.action.type) ?? []), step]);
  }
  return found;
}

describe.each(CASES)('$id replay labels', (c) => {
  const samples = sampleSteps(c);
  const names = ['Ann', 'Bob', 'Cy（ボット）', 'Dot (bot)', 'Eve'];

  it('the matches played cover every action type', () => {
    expect([...samples.keys()].sort()).toEqual([...c.types].sort());
  });

  it.each(LANGS)('every action type is a sentence in %s, with the actor named, no raw identifier and no key', (lang) => {
    const trees: Texts = { [c.id]: { ...(c.texts[lang] as Texts), replay: c.replay[lang] as Texts } };
    const chain = [{ lang, texts: trees }];
    const tr = (key: string, vars?: Record<string, unknown>) => translate(chain, key, vars);
    for (const type of c.types) {
      for (const step of samples.get(type) ?? []) {
        const g = c.game;
        const label = c.describe(
          { action: step.action, seat: step.seat, names, before: g.publicView(step.before), mine: g.seatView(step.before, step.seat), lang },
          tr,
        );
        const what = `${c.id} ${lang} ${JSON.stringify(step.action)}: "${label}"`;
        expect([what, label.length > 0]).toEqual([what, true]);
        expect([what, label.includes(names[step.seat])]).toEqual([what, true]);
        // No camelCase identifier, no text key (a dotted path), no placeholder left; outside English, no action name at all.
        const raw = lang !== 'en' && new RegExp(`(^|[^\\p{L}])${type}($|[^\\p{L}])`, 'u').test(label);
        expect([what, /[a-z][A-Z]/.test(label) || /\w\.\w/.test(label) || label.includes('{{') || raw]).toEqual([what, false]);
      }
    }
  });

  it("a Wind City plan names its card and its moves (the player's secret before the act)", () => {
    if (c.id !== 'windcity') return;
    const trees: Texts = { windcity: { ...(c.texts.en as Texts), replay: c.replay.en as Texts } };
    const tr = (key: string, vars?: Record<string, unknown>) => translate([{ lang: 'en', texts: trees }], key, vars);
    const g = c.game;
    for (const step of samples.get('plan') ?? []) {
      const label = c.describe(
        { action: step.action, seat: step.seat, names, before: g.publicView(step.before), mine: g.seatView(step.before, step.seat), lang: 'en' },
        tr,
      );
      expect(label).toMatch(/^\S+ played card \d+: ((North|South|East|West) \d|Buy \(a house\))/);
    }
  });

  it('plurals follow the count (English: one gift, 2 gifts)', () => {
    const trees: Texts = { [c.id]: { ...(c.texts.en as Texts), replay: c.replay.en as Texts } };
    const tr = (key: string, vars?: Record<string, unknown>) => translate([{ lang: 'en', texts: trees }], key, vars);
    const counts = Object.keys(c.replay.en).filter((k) => k.endsWith('_one'));
    for (const k of counts) {
      const base = `${c.id}.replay.${k.slice(0, -4)}`;
      expect(tr(base, { name: 'Ann', count: 1 })).not.toEqual(tr(base, { name: 'Ann', count: 2 }).replace('2', '1'));
    }
  });
});
