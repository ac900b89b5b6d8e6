/** What the Santa table's widgets are told to show (looks.ts): marked houses and the cards on the plates. */
import { describe, expect, it } from '@jest/globals';
import type { SantaPublicView } from '@fireside/shared/games/santa/types';
import { getTown } from '@fireside/shared/games/santa/town';
import { computeLayout } from './layout.js';
import { houseMarks, plateLook, routeChoiceLook } from './looks.js';
import type { Model } from './model.js';
import type { SceneState } from './scene-state.js';

const town = getTown('elfenbein');

function state(v: Partial<SantaPublicView>, over: Partial<SceneState> = {}, me = 0): SceneState {
  const view = {
    santa: 1,
    phase: 'pick',
    played: [null, null, null],
    picked: [true, true, false],
    order: [],
    turn: 0,
    mover: null,
    scores: [0, 0, 0],
    hands: [[1, 2], [3], [4]],
    winners: null,
    away: [],
    positions: [0, 1, 2],
    ...v,
  } as SantaPublicView;
  const model = { view, town, me, names: ['Mia', 'Basil', 'Cleo'], n: 3, secret: null, snap: {} } as unknown as Model;
  return {
    model,
    clickable: [],
    clickMode: null,
    routeTarget: null,
    routeChoices: [],
    myPick: null,
    canPick: false,
    orderDraft: null,
    plateChoice: [],
    sent: false,
    ...over,
  };
}

describe('Santa table looks', () => {
  it('mark the chosen house, the houses on its routes and the other destinations', () => {
    const s = state(
      { phase: 'move', mover: 0, played: [5, 3, 2] },
      {
        clickable: [4, 9],
        clickMode: 'move',
        routeTarget: 9,
        routeChoices: [
          [3, 9],
          [8, 9],
        ],
      },
    );
    const mark = houseMarks(s);
    expect([9, 3, 8, 4, 5].map(mark)).toEqual(['target', 'via', 'via', 'click', null]);
    expect(routeChoiceLook(s)).toEqual({
      seat: 0,
      from: 0,
      how: 'walk',
      routes: [
        [3, 9],
        [8, 9],
      ],
    });
  });

  it('show my own pick face up to me, a back for the others who picked, an empty slot for the rest', () => {
    const s = state({}, { myPick: 7 });
    const L = computeLayout(390, town, 3, true);
    expect([0, 1, 2].map((seat) => plateLook(s, L, seat).card)).toEqual([{ kind: 'face', card: 7, seat: 0, secret: true }, { kind: 'back' }, { kind: 'slot' }]);
  });

  it('ring the plates Santa may choose from, and number each in the order with the moves done', () => {
    const s = state({ phase: 'move', order: [2, 0, 1], turn: 1, mover: 0, played: [5, 3, 2] }, { plateChoice: [2] });
    const L = computeLayout(960, town, 3, true);
    expect([0, 1, 2].map((seat) => [plateLook(s, L, seat).ring, plateLook(s, L, seat).order])).toEqual([
      ['waiting', { index: 1, done: false }],
      [null, { index: 2, done: false }],
      ['choose', { index: 0, done: true }],
    ]);
  });
});
