// Gift Trap bots learn their table (docs/measurements.md, "Gift Trap bots
// learn"): seeded all-bot games, every bot with its own persona, engine only.
//   npm run build -w shared && node tests/load/gifttrap-bot-learning.mjs [games] [players]
//
// 1. What a giver's gifts score (the recipient's want tile on the slot, −1
//    with none), by round: in round 1 every recipient is a stranger.
// 2. The same gifts against a paired control: at every give phase each bot
//    also chooses with the history removed from its view (it has seen no
//    reveal: everybody is a stranger), same persona; both choices are scored
//    against the recipients' real wants of that round (wants do not depend on
//    the gifts given, so the comparison is fair). Only the real choice is
//    played.
// 3. Personas disagree: at every want phase, the bot's wants with its own
//    persona and with another persona, on the same view (both also weigh what
//    they expect to receive, which that view fixes), and the two tastes alone:
//    how often they name the same favourite among the laid gifts.
import { games, rngFromSeed } from '@fireside/shared';
import { giftIdOf, liking, personaTaste } from '../../shared/dist/games/gifttrap/taste.js';

const GAMES = Number(process.argv[2] ?? 300);
const PLAYERS = Number(process.argv[3] ?? 5);
const g = games.gifttrap;
const TILE = { great: 3, good: 2, ok: 1, noWay: -4 };

/** The want value of `slot` for these wants (−1 with no tile). */
function valueOf(wants, slot) {
  for (const [k, v] of Object.entries(TILE)) if (wants[k] === slot) return v;
  return -1;
}

const byRound = new Map(); // round → { sum, n }
const paired = { learned: 0, blind: 0, n: 0, better: 0, worse: 0 };
const agree = { great: 0, top3: 0, favourite: 0, n: 0 };
const add = (m, k, v) => {
  const e = m.get(k) ?? { sum: 0, n: 0 };
  e.sum += v;
  e.n++;
  m.set(k, e);
};

for (let i = 0; i < GAMES; i++) {
  const persona = (seat) => `learning-${i}-${seat}`;
  let s = g.setup(PLAYERS, { goal: 40, doubleGifts: false }, `learning-${i}`);
  const rng = rngFromSeed(`learning-bots-${i}`);
  let chosen = []; // this round's real and blind gifts, per giver
  while (s.phase !== 'over') {
    const seat = g.awaiting(s)[0];
    const view = g.publicView(s);
    const own = g.seatView(s, seat);
    const action = g.botAction(view, own, seat, rng, persona(seat));
    if (s.phase === 'give') {
      const blind = g.botAction({ ...view, history: [] }, own, seat, rngFromSeed(`blind-${i}-${s.round}-${seat}`), persona(seat));
      chosen.push({ seat, real: action.tiles, blind: blind.tiles });
    }
    if (s.phase === 'want') {
      const other = g.botAction(view, own, seat, rngFromSeed(`other-${i}`), `someone-else-${i}-${seat}`);
      const top3 = (w) => [w.great, w.good, w.ok].sort().join();
      agree.n++;
      if (other.wants.great === action.wants.great) agree.great++;
      if (top3(other.wants) === top3(action.wants)) agree.top3++;
      const favourite = (persona) => {
        const like = view.slots.map((slot) => liking(personaTaste(persona), giftIdOf(slot)));
        return like.indexOf(Math.max(...like));
      };
      if (favourite(persona(seat)) === favourite(`someone-else-${i}-${seat}`)) agree.favourite++;
    }
    const r = g.apply(s, seat, action);
    if (!r.ok) throw new Error(r.error.message);
    const before = s;
    s = r.value;
    if (before.phase === 'want' && s.phase !== 'want') {
      // Every want is in: score this round's gifts, real and blind.
      for (const { real, blind } of chosen) {
        for (let k = 0; k < real.length; k++) {
          const to = real[k].to;
          const v = valueOf(s.wants[to], real[k].slot);
          const b = valueOf(s.wants[blind[k].to], blind[k].slot);
          add(byRound, Math.min(before.round, 4), v);
          if (before.round >= 2) {
            paired.learned += v;
            paired.blind += b;
            paired.n++;
          }
        }
        if (before.round >= 2) {
          const sum = (tiles) => tiles.reduce((a, t) => a + valueOf(s.wants[t.to], t.slot), 0);
          if (sum(real) > sum(blind)) paired.better++;
          if (sum(real) < sum(blind)) paired.worse++;
        }
      }
      chosen = [];
    }
  }
}

const f = (x) => x.toFixed(2);
console.log(`${GAMES} games, ${PLAYERS} players, goal 40, every bot with its own persona`);
console.log('mean score of a gift (the recipient’s want value), by round:');
for (const [round, e] of [...byRound].sort((a, b) => a[0] - b[0])) {
  console.log(`  round ${round === 4 ? '4+' : round}${round === 1 ? ' (all strangers)' : ''}: ${f(e.sum / e.n)} (${e.n} gifts)`);
}
console.log(
  `rounds 2+, same giver and round: learned ${f(paired.learned / paired.n)} a gift, with the history hidden (strangers) ${f(paired.blind / paired.n)} ` +
    `(${paired.n} gifts; a giver's round better ${paired.better}, worse ${paired.worse}, equal ${paired.n / (PLAYERS - 1) - paired.better - paired.worse})`,
);
const pc = (x) => `${((100 * x) / agree.n).toFixed(0)}%`;
console.log(
  `two personas on the same view: same GREAT ${pc(agree.great)}, same top three ${pc(agree.top3)}; ` +
    `their tastes alone name the same favourite ${pc(agree.favourite)} (chance: ${pc(agree.n / (PLAYERS + 1))}) (${agree.n} want phases)`,
);
