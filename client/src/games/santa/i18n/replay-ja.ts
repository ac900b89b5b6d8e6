/** Santa's replay step labels in Japanese. */
import type { ReplayTexts } from './replay-en.js';

const ja: ReplayTexts = {
  away: '{{name}}が{{house}}に留守マーカーを置いた',
  start: '{{name}}が{{house}}から出発した',
  pick: '{{name}}がカード{{card}}を選んだ',
  chooser: '{{name}}が順番を決める人に{{other}}を選んだ',
  order: '{{name}}が順番を決めた：{{order}}',
  sep: '、',
  moveOne: '{{name}}が{{house}}へ移動した',
  move_one: '{{name}}が{{house}}へ移動した（{{count}}軒）',
  move_other: '{{name}}が{{house}}へ移動した（{{count}}軒）',
  give: '{{name}}が{{kid}}にプレゼントを渡した',
};
export default ja;
