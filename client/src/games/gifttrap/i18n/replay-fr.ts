/** Gift Trap's replay step labels in French. */
import type { ReplayTexts } from './replay-en.js';

const fr: ReplayTexts = {
  tier: '{{name}} a choisi les cadeaux : {{tier}}',
  flip: '{{name}} a retourné le cadeau de l’emplacement {{slot}}',
  layout: '{{name}} a fini de disposer les cadeaux',
  give_one: '{{name}} a offert {{count}} cadeau',
  give_other: '{{name}} a offert {{count}} cadeaux',
  want: '{{name}} a placé ses souhaits',
  open: '{{name}} a ouvert un cadeau de {{from}}',
};
export default fr;
