/** Gift Trap's client module: the lobby options and end screen are light; the table (with Pixi) loads lazily. */
import type { GameModule } from '../types.js';
import { readOptions, renderOptions } from './options.js';
import { renderEnd } from './end.js';

const giftTrap: GameModule = {
  id: 'gifttrap',
  minPlayers: 3,
  maxPlayers: 8,
  renderOptions,
  renderEnd,
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
};

export default giftTrap;
