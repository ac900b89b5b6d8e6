/** Santa Claus Is Comin' To Town: the lobby options and end screen are light; the table (with Pixi) loads lazily. */
import type { GameModule } from '../types.js';
import { optionsForPlayers, renderOptions } from './options.js';
import './santa.css';

const santa: GameModule = {
  id: 'santa',
  minPlayers: 3,
  maxPlayers: 4,
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
};

export default santa;
