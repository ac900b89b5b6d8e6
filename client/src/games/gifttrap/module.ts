/** Gift Trap's client module: the lobby options and end screen are light; the table (with Pixi) loads lazily. */
import type { GameModule } from '../types.js';
import { lazyReplayLabels } from '../common/replay-texts.js';
import { readOptions, renderOptions } from './options.js';

const giftTrap: GameModule = {
  id: 'gifttrap',
  renderOptions,
  // The end screen (charts) loads when a match ends, not with the lobby or the table.
  loadEnd: () => import('./end.js').then((m) => m.renderEnd),
  optionsForPlayers(snapshot, players) {
    const opts = readOptions(snapshot);
    return opts.doubleGifts && players > 4 ? { ...opts, doubleGifts: false } : undefined;
  },
  async createTable(hosts, session, snapshot, onResults) {
    const { GiftTrapTable } = await import('./table.js');
    return GiftTrapTable.create(hosts, session, snapshot, onResults);
  },
  preloadTable() {
    void import('./table.js');
  },
  loadReplayLabels: lazyReplayLabels('gifttrap', () => import('./replay-labels.js'), {
    en: () => import('./i18n/replay-en.js'),
    ja: () => import('./i18n/replay-ja.js'),
    fr: () => import('./i18n/replay-fr.js'),
  }),
};

export default giftTrap;
