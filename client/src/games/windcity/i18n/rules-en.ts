/**
 * Wind City's rules page in English: loaded when the rules are first opened
 * (rules-lazy.ts), not with the table. Keys: `windcity.rules.<key>`.
 */
import type { Widen } from '../../../i18n/index.js';

const en = {
  title: 'Wind City — the rules',
  close: 'Close',
  intro:
    'A hurricane crosses the city. Each turn, the active player secretly plans where it goes; everyone else may buy insurance from them. Keep your houses standing.',
  parts: {
    title: 'The parts',
    p1: '2–5 players. Each has 12 houses and starts with 40 coins. The bank never runs out.',
    p2: 'The city is a grid 8 squares wide (columns A–H, west to east) and 15 rows deep (rows 1–15, south to north). Rows 1–3 are the sea; then come four land sections of three rows each (rows 4–6, 7–9, 10–12, 13–15). Row 4, the first land row, is the beach.',
    p3: 'The sea and each section have 2 observatories on fixed squares; no house may stand on one.',
    p4: 'The deck has 25 cards, each with 5 numbered actions: a move of the hurricane (north, south, east or west, 1–4 squares, costing 1–4 coins) or a Buy (a house, costing 3–5). When the draw pile is empty, the discards are shuffled into a new one.',
  },
  setup: {
    title: 'Setup',
    p1: 'The first player puts the hurricane on any square of row 1, the southern edge of the sea.',
    p2: 'Then, from the second player on and round the table, each places one house at a time on an empty land square, until everyone’s 12 houses are placed.',
    p3: 'Sections in play: with 5 players all four (3 houses each per section); with 4 players the three southern ones (4 each); with 2–3 players the two southern ones (6 each). The other sections are greyed out: no house stands there, but the hurricane crosses them.',
    p4: 'Every player must have at least 1 and at most 3 houses on the beach row (at most 2 with 5 players). A house that would make anyone’s quota impossible to complete is refused: only the squares you may use are highlighted.',
  },
  turn: {
    title: 'A turn',
    p1: 'The active player’s insurance expires: all of their houses become uninsured.',
    p2: 'They draw a card (only they see it).',
    p3: 'Plan, in secret: choose 1 to 3 different actions of the card, in an order. Their total cost may not exceed the player’s coins. A player who cannot afford even the cheapest action of the card is bankrupt: out of the game, their houses leave the board.',
    p4: 'Renew: the active player may renew, at the bank, the insurance of their houses that were insured when the turn began (the insurance that just expired), 2 coins each (3 for a beach or double house), keeping enough coins for the plan. A house that was not insured cannot be insured now: the active player never buys insurance, only renews it.',
    p5: 'Insurance market: every other player may ask the active player to insure any of their own uninsured houses, 3 coins each (6 for a beach or double house), paid to the active player, who accepts or declines each request. The market closes when everyone has asked or passed and every request is answered (the room’s clock limits it: {{s}} seconds at the normal pace).',
    p6: 'Act: the card and the plan are revealed; the actions run in the chosen order, and the player pays their total to the bank.',
    p7: 'Play passes to the next player still in the game.',
  },
  act: {
    title: 'The hurricane moves',
    p1: 'A move goes step by step. East and west wrap around the board: off the east edge, the hurricane comes back on the west edge of the same row, and the other way round.',
    p2: 'A south step off row 1 is not taken. A north step off row 15 ends the game at once.',
    p3: 'Entering a square with an uninsured house destroys it (both houses of a double): they return to their owner’s stock. Insured houses are passed unharmed, and their insurance stays.',
    p4: 'After its last step, a move that stands on an insured house goes one more step the same way (again, if needed).',
    p5: 'A move that stops on an observatory pays the active player 5.',
    p6: 'At the end of the turn, if the hurricane moved at least one step, entered no square with a house (insured ones included) and stands on land, the active player gets 3. A plan that does not move the hurricane (Buy only, or south moves refused at row 1) earns nothing.',
    p7: 'Insurance lasts until its owner’s next turn begins.',
  },
  kauf: {
    title: 'Buy (a house)',
    p1: 'Put one house from your stock (your houses destroyed earlier) on one of your own uninsured, single, non-beach houses in a row north of the hurricane’s row, making a double house. You choose the square when the action runs.',
    p2: 'Not possible with an empty stock, nor while the hurricane is in the top three rows (13–15), nor without such a house: the Buy then does nothing (and is still paid for).',
  },
  end: {
    title: 'End and score',
    p1: 'The game ends when the hurricane leaves the north edge. Each surviving house scores 10; a beach house or a double house scores 20.',
    p2: 'Most points wins. Coins break ties; still equal, players share the place.',
  },
  hidden: {
    title: 'Hidden information',
    p1: 'The draw pile’s order: nobody.',
    p2: 'The drawn card and the plan: the active player only, until the act.',
    p3: 'Insurance requests: the buyer and the active player only, until answered. Accepted insurance is public; a declined request is never shown, and nobody else can tell who asked from who passed: everyone sees only who may buy in the market, and the insurance accepted.',
  },
  decisions: {
    title: 'How Fireside settles what the rules leave open',
    p1: 'The first player places the hurricane; house placement starts with the second player and goes round the table; the first player takes the first turn.',
    p2: 'A plan names 1–3 different actions of the card. Every planned action is paid for at the end of the act, even one with no effect (a south move at row 1, a Buy that cannot be carried out).',
    p3: 'Buy may always be planned. When it can run, the act pauses while the active player names the square (even with a single choice).',
    p4: 'A north step off the top row ends the game at once: the rest of the plan does not run, and nothing more is paid or earned (the plan included).',
    p5: 'A move that takes no step stops nowhere: no observatory pay. The extra step after an insured house repeats at most once round the board’s width.',
    p6: 'The +3 needs the hurricane to have taken at least one step during the act, to have entered no house square during the whole act, and to stand on land at the end.',
    p7: 'Market: each other player makes one request (for any of their uninsured houses, within their coins) or passes; players who cannot buy anything pass automatically. The active player accepts or declines each request as a whole; the buyer pays on acceptance.',
    p8: 'The market is timed by the room’s clock: {{s}} seconds at the normal pace, twice that at the relaxed pace, half at the fast one (10 seconds at least), no limit with the clock off. When a player’s time runs out, a bot makes their decisions still due (ask or pass, accept or decline), from what that player may see.',
    p9: 'Bankrupt players keep their coins but rank after every player still in the game (the later out, the better). When only one player is left, the game ends at once.',
  },
  board: {
    title: 'On this table',
    p1: 'Houses are drawn in their owner’s colour; a double house is two houses; a gold star marks a house worth 20 (beach or double); a white frame and a shield mark an insured house. Observatories are white domes. Greyed, hatched sections are not in play.',
    p2: 'Squares you may click glow gold. While you plan, your plan’s path is drawn on the board: numbered stops, red crosses on houses it would blow away, white lines for extra steps, dots at the edges where it wraps. Keys 1–5 pick the card’s actions. Every action also has a button in the side panel.',
  },
};

export default en;

export type WindCityRulesTexts = Widen<typeof en>;
