/**
 * Gift Trap's texts in English, loaded with the game (never on the home page).
 * Keys are used as `gifttrap.<key>`; ja.ts and fr.ts must have the same keys (checked by the type below).
 */
import type { Widen } from '../../../i18n/index.js';

const en = {
  options: {
    goal: 'Track length',
    goal20: '20 — quick',
    goal30: '30 — normal',
    goal40: '40 — long',
    doubleGifts: 'Double gifts (two gifts to each player)',
    doubleGiftsHint: 'Only with 3 or 4 players.',
    rules: 'Rules',
  },
  phase: {
    layout: 'Laying out the gifts',
    give: 'Giving gifts',
    want: 'Choosing wishes',
    reveal: 'Reveal',
    over: 'Game over',
  },
  tier: {
    black: 'Black — luxury',
    blue: 'Blue',
    red: 'Red',
    yellow: 'Yellow — cheap',
  },
  tierShort: {
    black: 'Black',
    blue: 'Blue',
    red: 'Red',
    yellow: 'Yellow',
  },
  parent: 'Parent',
  slot: 'Gift {{n}}',
  layout: {
    chooseTier: 'You are the parent: choose the tier of gifts.',
    flipHint: 'Turn any card over by clicking it (or its Flip button), then confirm.',
    flipHint_touch: 'Turn any card over by tapping it (or its Flip button), then confirm.',
    flip: 'Flip',
    flipSlot: 'Flip gift {{n}}',
    confirm: 'Confirm the layout',
    waiting: '{{name}} (parent) is laying out the gifts.',
  },
  give: {
    title: 'Give one gift to each player',
    titleDouble: 'Give two gifts to each player',
    hint: 'Choose a player, then a gift — or drag a player’s token onto a gift.',
    recipient: 'Give to {{name}}',
    noChoice: 'no gift yet',
    summary: 'Your gifts',
    submit: 'Give these gifts',
    update: 'Update my gifts',
    submitted: 'Gifts given. You can still change them until everyone has given.',
    incomplete_one: 'Choose {{count}} more gift.',
    incomplete_other: 'Choose {{count}} more gifts.',
    waiting: 'Waiting for the others to give.',
    spectator: 'The players are choosing gifts for each other.',
  },
  want: {
    title: 'Which gifts would you like?',
    hint: 'Choose a wish tile, then a gift — or drag a tile onto a gift.',
    great: 'Great',
    good: 'Good',
    ok: 'OK',
    noWay: 'No way',
    submit: 'Confirm my wishes',
    update: 'Update my wishes',
    submitted: 'Wishes set. You can still change them until everyone is done.',
    incomplete: 'Place all four wish tiles on different gifts.',
    spectator: 'The players are choosing what they would like.',
    yours: 'Your wishes',
  },
  reveal: {
    yourTurn: 'Your turn: open your gifts one by one (click a box).',
    yourTurn_touch: 'Your turn: open your gifts one by one (tap a box).',
    open: 'Open the gift from {{name}}',
    opening: '{{name}} is opening gifts.',
    wantsOf: '{{name}}’s wishes',
    log: 'Opened this round',
    result: '{{from}} → {{to}}: {{gift}} ({{value}})',
    noneYet: 'No gift opened yet.',
    recap: 'Round {{n}}: the gifts opened',
    closedFrom: 'Closed gift from {{name}}',
  },
  tracks: {
    give: 'GIVE',
    get: 'GET',
    goal: 'Goal {{goal}}',
  },
  scores: 'Scores',
  summary: {
    title: 'Round {{n}} is over',
    lastTitle: 'Round {{n}}, the last one, is over',
    openings: 'The gifts opened',
    pawns: 'The pawns',
  },
  tableLabel: 'Gift Trap table: the same actions are available with the buttons beside it.',
  end: {
    show: 'See the results',
    chart: 'Progress per round',
    give: 'GIVE track',
    get: 'GET track',
    round: 'round',
  },

  /** A refusal of this game's own (code `gifttrap/<key>`), worded for whoever's move it refused. */
  errors: {
    'bad-seat': 'There is no such player at this table.',
    'bad-slot': 'That gift is not on the table.',
    'double-gifts-players': 'The double-gifts variant is only for 3 or 4 players.',
    'no-tier': 'Choose a tier first.',
    'nothing-to-open': 'You have no closed gift from that player.',
    'player-count': 'Gift Trap is for 3 to 8 players.',
    'same-slot': 'Place your four wish tiles on four different gifts.',
    'self-gift': 'You cannot give a gift to yourself.',
    'slot-taken': 'Give a different gift to each player.',
    'tier-already-chosen': 'The tier of this round has already been chosen.',
    'tier-too-small': 'That tier’s deck has too few cards left.',
    'wrong-count': 'Give the number of gifts this round asks for.',
  },
};

export default en;

export type GiftTrapTexts = Widen<typeof en>;
