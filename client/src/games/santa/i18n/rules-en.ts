/**
 * Santa Claus's rules page in English: loaded when the rules are first opened
 * (rules-lazy.ts), not with the table. Keys: `santa.rules.<key>`.
 */
import type { Widen } from '../../../i18n/index.js';

const en = {
  title: 'Rules — Santa Claus Is Comin’ To Town',
  intro: 'Fireside plays these rules. Where the two published rule texts disagree, the room picks a variant: the ones on in this room are marked.',
  close: 'Close',
  on: 'on in this room',
  default: 'default',
  parts: {
    title: 'Players and parts',
    p1: '3 or 4 players. One is Santa (chosen by the host, or drawn at random); the others are kids.',
    p2: 'Each player holds 13 cards of one suit: A = 1, 2 to 10, J = 11, Q = 12, K = 13.',
    p3: 'Santa has a supply of 30 presents (the present on his starting house counts). There are 6 away markers.',
    p4: 'The town of Elfenbein: houses joined by streets (everyone may use them) and winding paths, drawn dashed and glowing (Santa only).',
  },
  setup: {
    title: 'Setup',
    p1: 'Away markers are placed in turn, starting with the player after Santa and going round the table (Santa included). Each goes on a house without a marker that is not next to a house with one (by street or path).',
    awayRound: 'One marker each: 4 with 4 players; with 3 players a second round, so 6.',
    awaySix: 'Round the table until 6 markers are placed.',
    p2: 'If no house is left for a marker, the remaining markers stay off the board.',
    p3: 'Then each kid, in seat order, puts their counter on any house (kids may share a house).',
    p4: 'Finally Santa puts his counter on any house. Unless it is away, a present goes there and Santa scores 1. No sighting is scored during setup.',
  },
  round: {
    title: 'A round (13 rounds: every card is played once)',
    p1: 'Pick: every player chooses a card from their hand, face down. Nobody learns a pick before everyone has picked (you may change yours until then). Then all are revealed together. Hands are public: played cards are known.',
    p2: 'Order: the player with the highest card names the order of all players for this round (any order, themself included).',
    tieLowestCard: 'Tied highest card: the player who played the single lowest card names the order; if the lowest card is tied too, Santa does.',
    tieLowestScore:
      'Tied highest card: among the tied players, the one with the lowest score names the order; if still tied, Santa chooses which of them names it.',
    p3: 'Moves: in that order each player moves once (no passing), scoring as below. The round’s card is then discarded.',
    p4: 'After round 13 the game ends. The highest score wins; equal scores share the win.',
  },
  moving: {
    title: 'Moving',
    p1: 'A step goes to a neighbouring house: kids along streets only, Santa along streets or paths. A move never enters the same house twice, nor the house it starts from.',
    p2: 'A to 5: 1 or 2 steps. 6 to 10: 1 to 3 steps. Always at least one step.',
    p3: 'J, Q, K for Santa: he flies to any other house; only that house is entered.',
    p4: 'J, Q, K for a kid: a bike jump — one step along a street in any direction, then as many further steps as you like in one straight line (the same direction or another), each along a street.',
    p5: 'A player with no legal move at all stays put.',
  },
  scoring: {
    title: 'Scoring — for each house entered during a move, in order',
    p1: 'Santa enters a house: if it is not away, holds no present and the supply is not empty, a present goes there and Santa scores 1.',
    p2: 'Then every kid on that house sees Santa: +3 each. If the house is not away and holds a present, one of those kids takes it: kid +1, Santa −1, and the house is left empty (Santa picks the kid when several are there).',
    p3: 'A kid enters the house where Santa is: the kid sees Santa, +3. If no kid has seen Santa earlier this round (either way), and the house is not away and holds a present, the kid takes it: kid +1, Santa −1.',
    p4: 'Passing through a house counts the same as stopping there.',
    p5: 'Presents taken by kids never return to the supply. Santa may visit an emptied house again and leave a new present while the supply lasts.',
  },
  hidden: {
    title: 'Hidden information',
    p1: 'Only the picks are secret, until they are revealed together. Everything else is public.',
  },
};

export default en;

export type SantaRulesTexts = Widen<typeof en>;
