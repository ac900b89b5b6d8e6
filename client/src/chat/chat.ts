/** The chat panel: works in the lobby, during the game and at the end. */
import { h } from '../util/dom.js';
import { t, tError } from '../i18n/index.js';
import type { ErrorMessage } from '@fireside/shared/protocol/messages';
import { toast } from '../ui/toast.js';
import type { RoomSnapshot, ChatLine } from '../net/snapshot.js';
import { playerColor } from '../games/colors.js';
import { iconEl } from '../art/icons.js';

interface Notice {
  id: string;
  text: string;
  at: number;
}

export class ChatPanel {
  readonly el: HTMLElement;
  private list: HTMLElement;
  private input: HTMLInputElement;
  private lines: ChatLine[] = [];
  private notices: Notice[] = [];
  private lastKey = '';
  private snapshot: RoomSnapshot | null = null;
  private title: HTMLElement;
  private sendBtn: HTMLButtonElement;

  constructor(private send: (text: string) => void) {
    this.list = h('ol', { class: 'chat-list', testid: 'chat-list', 'aria-live': 'polite' });
    this.input = h('input', { class: 'input chat-input', type: 'text', maxlength: '200', testid: 'chat-input', autocomplete: 'off' });
    this.sendBtn = h('button', { class: 'btn btn-small', type: 'submit', testid: 'chat-send' });
    this.title = h('h2', { class: 'panel-title' });
    const form = h(
      'form',
      {
        class: 'chat-form',
        onsubmit: (e: Event) => {
          e.preventDefault();
          const text = this.input.value.trim();
          if (!text) return;
          this.send(text.slice(0, 200));
          this.input.value = '';
        },
      },
      this.input,
      this.sendBtn,
    );
    this.el = h('section', { class: 'panel chat', testid: 'chat' }, this.title, this.list, form);
    this.relabel();
  }

  relabel(): void {
    this.title.textContent = t('chat.title');
    this.input.placeholder = t('chat.placeholder');
    this.input.setAttribute('aria-label', t('chat.placeholder'));
    this.sendBtn.textContent = t('chat.send');
    this.lastKey = '';
    this.render();
  }

  update(snapshot: RoomSnapshot): void {
    this.snapshot = snapshot;
    this.lines = snapshot.chat;
    this.render();
  }

  /** A refusal from the server, in the reader's language: here, and as a toast unless it was about the chat itself. */
  refused(e: ErrorMessage): void {
    const text = tError(e.code, e.message);
    this.notice(text);
    if (e.type !== 'chat') toast(text, 'error');
  }

  /** A local line (a refused message, a connection problem), shown only here. */
  notice(text: string): void {
    this.notices.push({ id: `n${Date.now()}${Math.random()}`, text, at: Date.now() });
    this.notices = this.notices.slice(-5);
    this.lastKey = '';
    this.render();
  }

  private render(): void {
    const key = `${this.lines.map((l) => l.id).join(',')}|${document.documentElement.lang}|${this.notices.length}|${this.notices.at(-1)?.id ?? ''}|${this.snapshot?.me.memberId}`;
    if (key === this.lastKey) return;
    this.lastKey = key;
    const atBottom = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 40;
    type Item = { at: number; node: HTMLElement };
    const items: Item[] = this.lines.map((l) => {
      const member = this.snapshot?.members[l.memberId];
      const seat = member?.seat ?? -1;
      const mine = l.memberId === this.snapshot?.me.memberId;
      // A room-log line, worded in the reader's language.
      if (l.event) {
        return {
          at: l.at,
          node: h(
            'li',
            { class: `chat-line log log-${l.event}`, testid: 'log-line', dataset: { event: l.event } },
            t(`log.${l.event}`, { name: l.name, seat: l.text }),
          ),
        };
      }
      return {
        at: l.at,
        node: h(
          'li',
          { class: `chat-line${mine ? ' mine' : ''}`, testid: 'chat-line' },
          h('span', { class: 'chat-name', style: seat >= 0 ? { color: playerColor(seat) } : undefined }, l.name),
          h('span', { class: 'chat-text' }, l.text),
        ),
      };
    });
    for (const n of this.notices) {
      items.push({ at: n.at, node: h('li', { class: 'chat-line notice', testid: 'chat-notice', role: 'alert' }, iconEl('warning', 16), ' ', n.text) });
    }
    items.sort((a, b) => a.at - b.at);
    if (items.length === 0) this.list.replaceChildren(h('li', { class: 'chat-empty' }, t('chat.empty')));
    else this.list.replaceChildren(...items.map((i) => i.node));
    if (atBottom || this.notices.length) this.list.scrollTop = this.list.scrollHeight;
  }
}
