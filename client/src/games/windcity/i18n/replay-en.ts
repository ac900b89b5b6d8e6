/** Wind City's replay step labels in English (`windcity.replay.<key>`, loaded with the replay viewer only). */
const en = {
  hurricane: '{{name}} put the hurricane in column {{col}}',
  place: '{{name}} built a house on {{square}}',
  planned: '{{name}} planned their turn',
  plan: '{{name}} played card {{card}}: {{actions}}',
  sep: ', ',
  renew_one: '{{name}} renewed the insurance of {{count}} house',
  renew_other: '{{name}} renewed the insurance of {{count}} houses',
  renewNone: '{{name}} renewed no insurance',
  ask_one: '{{name}} asked to insure {{count}} house',
  ask_other: '{{name}} asked to insure {{count}} houses',
  pass: '{{name}} bought no insurance',
  accept: "{{name}} accepted {{buyer}}'s request",
  decline: "{{name}} declined {{buyer}}'s request",
  kauf: '{{name}} bought a second house on {{square}}',
};
export default en;
export type ReplayTexts = typeof en;
