/** The room's connection banners (reconnecting on its own, or lost: Rejoin and Home) and the question before leaving a match. */
import { h } from '../util/dom.js';
import { t } from '../i18n/index.js';
import type { ConnectionStatus } from '../net/session.js';
import { navigate } from '../router.js';
import { confirmDialog } from '../ui/confirm.js';

export function reconnectingBanner(text: string): HTMLElement {
  return h('div', { class: 'banner banner-warn', role: 'status', testid: 'reconnecting' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), text);
}

export function disconnectedBanner(status: ConnectionStatus, rejoin: () => void): HTMLElement {
  const text = status === 'replaced' ? t('errors.replaced') : status === 'restarting' ? t('errors.restarting') : t('errors.disconnected');
  return h(
    'div',
    { class: 'banner banner-error', role: 'alert', testid: 'disconnected' },
    h('span', null, text),
    h(
      'span',
      { class: 'banner-actions' },
      h('button', { class: 'btn btn-primary', type: 'button', testid: 'rejoin', onclick: rejoin }, t('errors.rejoin')),
      h('button', { class: 'btn btn-ghost', type: 'button', onclick: () => navigate('/') }, t('errors.backHome')),
    ),
  );
}

/** Leaving hands the seat of a running match to a stand-in until the player comes back: ask first. */
export function confirmLeave(signal: AbortSignal): Promise<boolean> {
  return confirmDialog(
    { title: t('room.leaveConfirm.title'), body: t('room.leaveConfirm.body'), ok: t('room.leaveConfirm.leave'), cancel: t('room.leaveConfirm.stay') },
    signal,
  );
}

/** A card with a spinner: joining, loading the preview. */
export function loadingCard(text: string, testid = 'joining'): HTMLElement {
  return h('div', { class: 'loading-card', testid, role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), text);
}
