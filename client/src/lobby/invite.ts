/** The invite link with a Copy button (Clipboard API, with a select-and-copy fallback). */
import { h } from '../util/dom.js';
import { t } from '../i18n/index.js';
import { inviteLink } from '../router.js';
import { toast } from '../ui/toast.js';
import { iconEl } from '../art/icons.js';

export function renderInvite(roomId: string): HTMLElement {
  const link = inviteLink(roomId);
  const input = h('input', {
    class: 'input invite-input',
    readonly: true,
    value: link,
    testid: 'invite-link',
    'aria-label': t('lobby.invite'),
    onfocus: (e: Event) => (e.target as HTMLInputElement).select(),
  });
  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      toast(t('lobby.copied'));
    } catch {
      input.focus();
      input.select();
      let ok: boolean;
      try {
        ok = document.execCommand('copy');
      } catch {
        ok = false;
      }
      toast(ok ? t('lobby.copied') : t('lobby.copyManual'));
    }
  };
  return h(
    'div',
    { class: 'invite' },
    h('label', { class: 'field-label' }, t('lobby.invite')),
    h(
      'div',
      { class: 'invite-row' },
      input,
      h('button', { class: 'btn', type: 'button', testid: 'copy-invite', onclick: copy }, iconEl('clipboard'), ' ', t('lobby.copy')),
    ),
  );
}
