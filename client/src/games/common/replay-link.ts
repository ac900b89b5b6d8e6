/** The link to a finished match's replay (end screen, lobby): small, so the lobby need not load the end screen's charts. */
import { h } from '../../util/dom.js';
import { t } from '../../i18n/index.js';
import { replayPath } from '../../router.js';
import { iconEl } from '../../art/icons.js';

/** "Watch the replay" of a finished match (end screen, lobby); nothing until the room names the match. */
export function replayLink(matchId: string): HTMLElement | null {
  if (!matchId) return null;
  return h(
    'a',
    { class: 'btn btn-ghost replay-link', href: replayPath(matchId), 'data-link': true, testid: 'watch-replay' },
    iconEl('film'),
    ' ',
    t('replay.watch'),
  );
}
