/**
 * The end screen of a match: the game's own part (scores, charts; its code
 * loads as the match ends, see GameModule.loadEnd), "Play again" for the host,
 * the replay link, "New game" and "Home".
 */
import { h } from '../util/dom.js';
import { t } from '../i18n/index.js';
import type { RoomSnapshot } from '../net/snapshot.js';
import type { GameModule } from '../games/types.js';
import { replayLink } from '../games/common/replay-link.js';
import { iconEl } from '../art/icons.js';

export interface EndActions {
  again(): void;
  /** Leave the room for this page of the site (home by default). */
  leave(to?: string): void;
  /** The game's part has loaded: draw the screen again. */
  redraw(): void;
}

export class EndScreen {
  private view: { game: string; render: (snap: RoomSnapshot) => HTMLElement } | null = null;

  render(snap: RoomSnapshot, game: GameModule | null, a: EndActions): HTMLElement {
    const host = snap.members[snap.hostId];
    return h(
      'section',
      { class: 'panel end', testid: 'end-screen' },
      h('h2', { class: 'panel-title' }, t('game.over')),
      this.gamePart(snap, game, a),
      h(
        'div',
        { class: 'row end-actions' },
        snap.me.isHost
          ? h('button', { class: 'btn btn-primary btn-big', type: 'button', testid: 'play-again', onclick: () => a.again() }, '↻ ', t('game.playAgain'))
          : h('p', { class: 'hint' }, iconEl('hourglass'), ' ', t('game.waitingAgain'), host ? ` (${host.name})` : ''),
        replayLink(snap.lastMatchId),
      ),
      h(
        'div',
        { class: 'row end-actions end-leave' },
        h(
          'button',
          { class: 'btn', type: 'button', testid: 'end-new-game', onclick: () => a.leave(`/?game=${encodeURIComponent(snap.game)}`) },
          t('game.newGame'),
        ),
        h('button', { class: 'btn', type: 'button', testid: 'end-home', onclick: () => a.leave() }, t('game.home')),
      ),
    );
  }

  private gamePart(snap: RoomSnapshot, game: GameModule | null, a: EndActions): HTMLElement | null {
    if (!game) return null;
    if (this.view?.game === game.id) return this.view.render(snap);
    void game.loadEnd().then((render) => {
      this.view = { game: game.id, render };
      a.redraw();
    });
    return h('div', { class: 'loading-card', role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }));
  }
}
