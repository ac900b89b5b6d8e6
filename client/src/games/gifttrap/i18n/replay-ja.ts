/** Gift Trap's replay step labels in Japanese. */
import type { ReplayTexts } from './replay-en.js';

const ja: ReplayTexts = {
  tier: '{{name}}が{{tier}}のプレゼントを選んだ',
  flip: '{{name}}が{{slot}}番のプレゼントを裏返した',
  layout: '{{name}}がプレゼントを並べ終えた',
  give_one: '{{name}}がプレゼントを{{count}}個贈った',
  give_other: '{{name}}がプレゼントを{{count}}個贈った',
  want: '{{name}}が欲しいものを決めた',
  open: '{{name}}が{{from}}からのプレゼントを開けた',
};
export default ja;
