/** Wind City: the lobby options and end screen are light; the table (with Pixi) loads lazily. */
import type { GameModule } from '../types.js';
import { renderOptions } from './options.js';
import { renderEnd } from './end.js';
import './windcity.css';

const windcity: GameModule = {
  id: 'windcity',
  minPlayers: 2,
  maxPlayers: 5,
  renderOptions,
  renderEnd,
  async createTable(hosts, session, snapshot, onResults) {
    const { WindCityTable } = await import('./table.js');
    return WindCityTable.create(hosts, session, snapshot, onResults);
  },
  preloadTable() {
    void import('./table.js');
  },
};

export default windcity;
