/** Santa Claus Is Comin' To Town: the lobby options and end screen are light; the table (with Pixi) loads lazily. */
import type { GameModule } from '../types.js';
import { lazyReplayLabels } from '../common/replay-texts.js';
import { optionsForPlayers, renderOptions } from './options.js';
import './santa.css';
import './santa-end.css';

const santa: GameModule = {
  id: 'santa',
  renderOptions,
  // The end screen (charts) loads when a match ends, not with the lobby or the table.
  loadEnd: () => import('./end.js').then((m) => m.renderEnd),
  optionsForPlayers,
  async createTable(hosts, session, snapshot, onResults) {
    const { SantaTable } = await import('./table.js');
    return SantaTable.create(hosts, session, snapshot, onResults);
  },
  preloadTable() {
    void import('./table.js');
  },
  loadReplayLabels: lazyReplayLabels('santa', () => import('./replay-labels.js'), {
    en: () => import('./i18n/replay-en.js'),
    ja: () => import('./i18n/replay-ja.js'),
    fr: () => import('./i18n/replay-fr.js'),
  }),
};

export default santa;
