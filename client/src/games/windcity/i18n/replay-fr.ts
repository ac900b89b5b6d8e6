/** Wind City's replay step labels in French. */
import type { ReplayTexts } from './replay-en.js';

const fr: ReplayTexts = {
  hurricane: '{{name}} a placé l’ouragan dans la colonne {{col}}',
  place: '{{name}} a construit une maison en {{square}}',
  planned: '{{name}} a préparé son tour',
  plan: '{{name}} a joué la carte {{card}} : {{actions}}',
  sep: ', ',
  renew_one: '{{name}} a renouvelé l’assurance de {{count}} maison',
  renew_other: '{{name}} a renouvelé l’assurance de {{count}} maisons',
  renewNone: '{{name}} n’a renouvelé aucune assurance',
  ask_one: '{{name}} a demandé à assurer {{count}} maison',
  ask_other: '{{name}} a demandé à assurer {{count}} maisons',
  pass: '{{name}} n’a acheté aucune assurance',
  accept: '{{name}} a accepté la demande de {{buyer}}',
  decline: '{{name}} a refusé la demande de {{buyer}}',
  kauf: '{{name}} a acheté une deuxième maison en {{square}}',
};
export default fr;
