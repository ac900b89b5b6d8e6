/**
 * A modal yes/no question in the page's language (window.confirm cannot be
 * translated, styled or tested). Resolves true for the confirming button,
 * false for the other one, Escape or a click outside.
 */
import { h } from '../util/dom.js';

export interface ConfirmTexts {
  title: string;
  body: string;
  ok: string;
  cancel: string;
}

/** `signal`: the page that asked is going away (e.g. Back while the question is open): the answer is no. */
export function confirmDialog(texts: ConfirmTexts, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    let answered = false;
    const done = (yes: boolean) => {
      if (answered) return;
      answered = true;
      dialog.close();
      dialog.remove();
      resolve(yes);
    };
    const cancel = h('button', { class: 'btn', type: 'button', testid: 'confirm-cancel', onclick: () => done(false) }, texts.cancel);
    const dialog = h(
      'dialog',
      { class: 'confirm-dialog', testid: 'confirm-dialog', 'aria-labelledby': 'confirm-title', oncancel: () => done(false) },
      h('h2', { class: 'card-title', id: 'confirm-title' }, texts.title),
      h('p', null, texts.body),
      h(
        'div',
        { class: 'row confirm-actions' },
        cancel,
        h('button', { class: 'btn btn-primary', type: 'button', testid: 'confirm-ok', onclick: () => done(true) }, texts.ok),
      ),
    );
    // A click on the backdrop lands on the dialog element itself, outside its box.
    dialog.addEventListener('click', (e) => {
      const r = dialog.getBoundingClientRect();
      const outside = e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom;
      if (e.target === dialog && outside) done(false);
    });
    signal?.addEventListener('abort', () => done(false), { once: true });
    document.body.append(dialog);
    dialog.showModal();
    // The safe answer has the focus: Enter does not leave by accident.
    cancel.focus();
  });
}
