/** Santa's replay step labels in French. */
import type { ReplayTexts } from './replay-en.js';

const fr: ReplayTexts = {
  away: '{{name}} a posé un marqueur d’absence sur {{house}}',
  start: '{{name}} est parti de {{house}}',
  pick: '{{name}} a choisi la carte {{card}}',
  chooser: '{{name}} a laissé {{other}} fixer l’ordre',
  order: '{{name}} a fixé l’ordre : {{order}}',
  sep: ', ',
  moveOne: '{{name}} est allé à {{house}}',
  move_one: '{{name}} est allé à {{house}} ({{count}} maison)',
  move_other: '{{name}} est allé à {{house}} ({{count}} maisons)',
  give: '{{name}} a donné le cadeau à {{kid}}',
};
export default fr;
