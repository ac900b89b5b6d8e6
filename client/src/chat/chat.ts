/**
 * The chat panel: works in the lobby, during the game and at the end. A
 * friend's message is hard to miss: while the chat is out of sight (scrolled
 * away, below the table on a phone) it shows as a short toast and counts as
 * unread on the panel's title and on a "Chat" button pinned to the screen's
 * edge, which brings the chat into view. Room-log lines about several players
 * at once (clocks run out in one step) arrive as one line.
 */
import { h } from '../util/dom.js';
import { listNames, t, tError } from '../i18n/index.js';
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
  /** Friends' messages up to this id have been seen (or were there when this page joined). */
  private seenId = -1;
  /** Messages up to this id have been toasted. */
  private toastedId = -1;
  private inView = false;
  private readonly jump: HTMLButtonElement;
  private readonly observer: IntersectionObserver | null = null;
  private readonly onVisibility = () => this.markSeen();

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
    this.jump = h('button', { class: 'btn chat-jump', type: 'button', testid: 'chat-jump', hidden: true, onclick: () => this.bringIntoView() });
    this.el = h('section', { class: 'panel chat', testid: 'chat' }, this.title, this.list, form, this.jump);
    if (typeof IntersectionObserver === 'function') {
      this.observer = new IntersectionObserver(
        (entries) => {
          this.inView = entries.some((e) => e.isIntersecting);
          this.markSeen();
        },
        { threshold: 0.25 },
      );
      this.observer.observe(this.list);
    } else this.inView = true;
    document.addEventListener('visibilitychange', this.onVisibility);
    this.relabel();
  }

  destroy(): void {
    this.observer?.disconnect();
    document.removeEventListener('visibilitychange', this.onVisibility);
  }

  private get seeing(): boolean {
    return this.inView && document.visibilityState === 'visible';
  }

  /** Friends' messages (not mine, not the room log) after `id`. */
  private friendsAfter(id: number): ChatLine[] {
    const me = this.snapshot?.me.memberId;
    return this.lines.filter((l) => l.id > id && !l.event && l.memberId !== me);
  }

  private markSeen(): void {
    if (!this.seeing) return;
    const last = this.lines.at(-1)?.id ?? -1;
    if (last <= this.seenId) return;
    this.seenId = last;
    this.renderUnread();
  }

  private renderUnread(): void {
    const unread = this.friendsAfter(this.seenId).length;
    const label = unread > 0 ? t('chat.unread', { count: unread }) : '';
    this.title.replaceChildren(
      t('chat.title'),
      unread > 0 ? h('span', { class: 'chat-unread', testid: 'chat-unread', 'aria-label': label }, String(unread)) : '',
    );
    this.jump.hidden = unread === 0 || this.inView;
    this.jump.replaceChildren(t('chat.title'), h('span', { class: 'chat-unread' }, String(unread)));
    this.jump.setAttribute('aria-label', label);
  }

  private bringIntoView(): void {
    this.el.scrollIntoView({ behavior: 'smooth', block: 'end' });
    this.input.focus({ preventScroll: true });
  }

  /** A friend's new message while the chat is out of sight: a short toast with who said what. */
  private toastNew(): void {
    const fresh = this.friendsAfter(this.toastedId);
    this.toastedId = this.lines.at(-1)?.id ?? this.toastedId;
    if (this.seeing || document.visibilityState !== 'visible') return;
    for (const l of fresh.slice(-2)) toast(`${l.name}: ${l.text}`, 'info', 4000);
  }

  relabel(): void {
    this.renderUnread();
    this.input.placeholder = t('chat.placeholder');
    this.input.setAttribute('aria-label', t('chat.placeholder'));
    this.sendBtn.textContent = t('chat.send');
    this.lastKey = '';
    this.render();
  }

  update(snapshot: RoomSnapshot): void {
    const first = this.snapshot === null;
    this.snapshot = snapshot;
    this.lines = snapshot.chat;
    // What was said before this page joined is history, not news.
    if (first) this.seenId = this.toastedId = this.lines.at(-1)?.id ?? -1;
    else this.toastNew();
    this.markSeen();
    this.renderUnread();
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
            t(`log.${l.event}`, { name: logNames(l), seat: l.text }),
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

/** Whom a room-log line is about: its name, and for a grouped line (`timeout`) the other names in its text, one per line. */
function logNames(l: ChatLine): string {
  if (l.event !== 'timeout' || !l.text) return l.name;
  return listNames([l.name, ...l.text.split('\n').filter(Boolean)]);
}
