/** Wind City's replay step labels in Japanese. */
import type { ReplayTexts } from './replay-en.js';

const ja: ReplayTexts = {
  hurricane: '{{name}}がハリケーンを{{col}}列に置いた',
  place: '{{name}}が{{square}}に家を建てた',
  planned: '{{name}}が手番の計画を立てた',
  plan: '{{name}}がカード{{card}}を使った：{{actions}}',
  sep: '、',
  renew_one: '{{name}}が家{{count}}軒の保険を更新した',
  renew_other: '{{name}}が家{{count}}軒の保険を更新した',
  renewNone: '{{name}}は保険を更新しなかった',
  ask_one: '{{name}}が家{{count}}軒の保険を申し込んだ',
  ask_other: '{{name}}が家{{count}}軒の保険を申し込んだ',
  pass: '{{name}}は保険を買わなかった',
  accept: '{{name}}が{{buyer}}の申し込みを受けた',
  decline: '{{name}}が{{buyer}}の申し込みを断った',
  kauf: '{{name}}が{{square}}に2軒目の家を買った',
};
export default ja;
