/** Santa Claus Is Comin' To Town: the lobby options and end screen are light; the table (with Pixi) loads lazily. */
import type { GameModule } from '../types.js';
import { optionsForPlayers, renderOptions } from './options.js';
import { renderEnd } from './end.js';
import './santa.css';

const santa: GameModule = {
  id: 'santa',
  minPlayers: 3,
  maxPlayers: 4,
  renderOptions,
  renderEnd,
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
