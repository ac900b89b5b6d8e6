/** Santa's replay step labels in English (`santa.replay.<key>`, loaded with the replay viewer only). */
const en = {
  away: '{{name}} put an away marker on {{house}}',
  start: '{{name}} started at {{house}}',
  pick: '{{name}} chose card {{card}}',
  chooser: '{{name}} let {{other}} name the order',
  order: '{{name}} named the order: {{order}}',
  sep: ', ',
  moveOne: '{{name}} moved to {{house}}',
  move_one: '{{name}} moved to {{house}} ({{count}} house)',
  move_other: '{{name}} moved to {{house}} ({{count}} houses)',
  give: '{{name}} gave the present to {{kid}}',
};
export default en;
export type ReplayTexts = typeof en;
