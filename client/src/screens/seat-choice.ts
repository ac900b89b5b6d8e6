/**
 * Where a newcomer sits, chosen on the invite page: one option per free seat
 * of a lobby ("Sit at seat 2", the first free one preselected) and "Just
 * watch". The join sends the choice (join option `seat`, docs/protocol.md),
 * and the server seats the newcomer in the join itself; if that seat was
 * taken meanwhile, `welcome.seating` says where it went, and so does a notice.
 */
import type { JoinOptions, SeatingOutcome } from '@fireside/shared/protocol/messages';
import { h } from '../util/dom.js';
import { t } from '../i18n/index.js';
import type { TableSummary } from '../net/tables.js';
import { playerColor } from '../games/colors.js';
import { toast } from '../ui/toast.js';

export type SeatChoice = NonNullable<JoinOptions['seat']>;

const FIELD = 'join-seat';

/** The seats a newcomer may ask for: the free ones of a lobby (none once the match is on). */
export function freeSeatsOf(table: TableSummary | null): number[] {
  if (!table || table.status !== 'lobby') return [];
  return table.seats.flatMap((s, i) => (s.kind === 'empty' ? [i] : []));
}

/** The choice made on a form still on the page (kept when it is drawn again, e.g. in another language). */
export function chosenSeat(root: ParentNode): SeatChoice | undefined {
  const value = root.querySelector<HTMLInputElement>(`input[name="${FIELD}"]:checked`)?.value;
  if (value === undefined) return undefined;
  return value === 'watch' ? 'watch' : Number(value);
}

function option(value: string, label: string, checked: boolean, testid: string, color?: string): HTMLElement {
  return h(
    'label',
    { class: 'seat-option', testid, style: color ? { '--seat-color': color } : undefined },
    h('input', { type: 'radio', name: FIELD, value, checked }),
    h('span', { class: 'seat-option-text' }, label),
  );
}

/** The options (radio buttons: arrow keys move between them, Enter joins); `read()` gives the choice. */
export function seatChoiceField(free: number[], previous: SeatChoice | undefined): { el: HTMLElement; read(): SeatChoice } {
  const chosen = previous === 'watch' || (previous !== undefined && free.includes(previous)) ? previous : free[0];
  const el = h(
    'fieldset',
    { class: 'seat-choice', testid: 'seat-choice' },
    h('legend', { class: 'field-label' }, t('room.seatChoice.legend')),
    free.map((i) => option(String(i), t('room.seatChoice.sit', { seat: i + 1 }), chosen === i, `seat-option-${i}`, playerColor(i))),
    option('watch', t('room.seatChoice.watch'), chosen === 'watch', 'seat-option-watch'),
  );
  return { el, read: () => chosenSeat(el) ?? 'watch' };
}

/** What the server did with the seat asked for, in the reader's language, or null when it is the one asked (or none was). */
export function seatingNoticeText(seating: SeatingOutcome | undefined): string | null {
  if (!seating?.why) return null;
  if (seating.why === 'started') return t('room.seatChoice.started');
  if (seating.seat < 0) return t('room.seatChoice.takenWatching', { seat: seating.asked + 1 });
  return t('room.seatChoice.takenMoved', { seat: seating.asked + 1, got: seating.seat + 1 });
}

/** Says so when the join did not get the seat asked for. */
export function announceSeating(seating: SeatingOutcome | undefined): void {
  const text = seatingNoticeText(seating);
  if (text) toast(text, 'info', 6000);
}
