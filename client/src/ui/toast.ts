/** Short-lived notices at the bottom of the screen (copied, refused moves...). */
import { h } from '../util/dom.js';

let host: HTMLElement | null = null;

export function toast(text: string, kind: 'info' | 'error' = 'info', ms = 3500): void {
  if (!host) {
    host = h('div', { class: 'toasts', role: 'status', 'aria-live': 'polite', testid: 'toasts' });
    document.body.append(host);
  }
  const el = h('div', { class: `toast toast-${kind}` }, text);
  host.append(el);
  setTimeout(() => el.classList.add('toast-out'), ms - 300);
  setTimeout(() => el.remove(), ms);
}
