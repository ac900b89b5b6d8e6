/**
 * A game's rules in a modal dialog (Esc or the Close button closes it; focus
 * returns where it was). Each game makes one with its own test ids
 * (`<game>-rules-dialog`, `<game>-rules-close`), CSS prefix and texts
 * (`<game>.rules.title`, `<game>.rules.close`).
 */
import { h } from '../../util/dom.js';
import { t } from '../../i18n/index.js';
import './rules-dialog.css';
import { iconEl } from '../../art/icons.js';

export interface RulesDialog {
  /** Open the rules (closing them first if they are open already). */
  open(content: () => HTMLElement): void;
  close(): void;
}

export function rulesDialog(game: string, cssPrefix: string): RulesDialog {
  let open: HTMLDialogElement | null = null;
  return {
    open(content) {
      open?.close();
      const back = document.activeElement as HTMLElement | null;
      const close = () => dialog.close();
      const dialog = h(
        'dialog',
        { class: `rules-dialog ${cssPrefix}-rules`, testid: `${game}-rules-dialog`, 'aria-labelledby': `${cssPrefix}-rules-title` },
        h(
          'div',
          { class: `rules-dialog-head ${cssPrefix}-rules-head` },
          h('h2', { id: `${cssPrefix}-rules-title`, class: 'panel-title' }, iconEl('book', 22), ' ', t(`${game}.rules.title`)),
          h('button', { class: 'btn btn-small', type: 'button', testid: `${game}-rules-close`, onclick: close }, '✕ ', t(`${game}.rules.close`)),
        ),
        content(),
      );
      dialog.addEventListener('close', () => {
        dialog.remove();
        if (open === dialog) open = null;
        back?.focus?.({ preventScroll: true });
      });
      // A click on the backdrop (outside the box) closes it too.
      dialog.addEventListener('click', (e) => {
        if (e.target === dialog) close();
      });
      document.body.append(dialog);
      open = dialog;
      dialog.showModal();
    },
    close() {
      open?.close();
    },
  };
}
