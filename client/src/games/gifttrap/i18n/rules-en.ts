/**
 * Gift Trap's rules page in English: loaded when the rules are first opened
 * (rules-lazy.ts), not with the table. Keys: `gifttrap.rules.<key>`.
 */
import type { Widen } from '../../../i18n/index.js';

const en = {
  title: 'Rules — Gift Trap',
  intro:
    'Fireside plays these rules. Give each player the gift you think they will like, then say which gifts you would like yourself: your GIVE pawn moves when your gifts please, your GET pawn when you receive what you wished for. The settings of this room are marked.',
  close: 'Close',
  on: 'this room',
  default: 'default',
  room: 'This room: {{players}} players, goal {{goal}}, {{slots}} gifts laid out each round, one gift to each other player.',
  roomDouble: 'This room: {{players}} players, goal {{goal}}, double gifts: {{slots}} gifts laid out each round, two gifts to each other player.',
  parts: {
    title: 'Players and parts',
    p1: '3 to 8 players. Each has two pawns on the score track, a GIVE pawn and a GET pawn, both starting at 0.',
    goal: 'The track ends at the goal, chosen for the room:',
    p2: 'The gifts come in four tiers, from the most to the least valuable: black (luxury) > blue > red > yellow (cheap). Each tier has its own deck.',
    p3: 'Every card is double-sided: two different gifts of the same tier. The decks are shuffled at the start of the match; a card that has been used goes to the bottom of its deck.',
  },
  round: {
    title: 'A round',
    layoutName: 'Lay out.',
    layout:
      'The round’s parent chooses a tier. The first parent is drawn at random; after that the role passes to the next player on the left. N+1 cards of that tier (N = the number of players) are laid out on slots 1 to N+1; the parent chooses which side of each card faces up, then confirms.',
    giveName: 'Give (all at once, in secret).',
    give: 'Each player assigns a different slot to each other player: the gift meant for them. You may change your gifts until everyone has submitted.',
    wantName: 'Wish (all at once, in secret).',
    want: 'Once every gift is in, each player puts the wish tiles +3 (Great), +2 (Good), +1 (OK) and −4 (No way) on four different slots. You may change them until everyone has submitted.',
    revealName: 'Reveal.',
    reveal:
      'Starting with the parent and going round the table to the left, each player reveals in turn: their four wishes become public, then they open the gifts they received one at a time, in the order they choose.',
    valueName: 'Scoring.',
    value:
      'An opened gift is worth the revealer’s wish tile on its slot, or −1 if they put none there. The revealer’s GET pawn and the giver’s GIVE pawn both move by that value (backwards when it is negative).',
    clampName: 'Limits.',
    clamp: 'Pawns stay between 0 and the goal ({{goal}} in this room). A pawn that has reached the goal never moves again.',
    endName: 'End of the round.',
    end: 'Everyone whose two pawns are both at the goal wins; several players can share the win. Otherwise the cards go back to the bottom of their decks and the next round begins.',
  },
  double: {
    title: 'Variant: double gifts',
    item: 'Double gifts (3 or 4 players only)',
    p1: 'Twice as many gifts are laid out, at most 9: 8 slots with 3 players, 9 with 4.',
    p2: 'Each player gives two different slots to each other player; all the slots one player gives are different. The wish tiles are unchanged.',
    p3: 'When you open your gifts you choose whose comes next; which of that player’s two gifts turns up is left to chance.',
    off: 'Not used in this room: one gift to each player.',
    unavailable: 'Not available with {{n}} players.',
  },
  hidden: {
    title: 'Hidden information',
    p1: 'Who gave which gift to whom: only the giver knows, until the recipient opens it. Meanwhile everyone sees that a wrapped gift from a given player lies before a recipient, and who has already submitted.',
    p2: 'A player’s wishes: only that player knows them, until their reveal turn.',
    p3: 'The order of the decks: nobody — the server never sends it.',
    p4: 'Everything else is public: the layout, the pawns, and every gift once it is opened.',
  },
};

export default en;

export type GiftTrapRulesTexts = Widen<typeof en>;
