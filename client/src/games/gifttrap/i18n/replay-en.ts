/** Gift Trap's replay step labels in English (`gifttrap.replay.<key>`, loaded with the replay viewer only). */
const en = {
  tier: '{{name}} chose the {{tier}} gifts',
  flip: '{{name}} turned over the gift in slot {{slot}}',
  layout: '{{name}} finished laying out the gifts',
  give_one: '{{name}} gave {{count}} gift',
  give_other: '{{name}} gave {{count}} gifts',
  want: '{{name}} placed their wishes',
  open: '{{name}} opened a gift from {{from}}',
};
export default en;
export type ReplayTexts = typeof en;
