import { t } from '../i18n/index.js';
import type { JoinError } from '../net/session.js';

/** What to tell of a failure other than the ones with a text of their own (the server's limits say what and for how long). */
export function joinFailureText(err: Pick<JoinError, 'kind' | 'message'>): string {
  if (err.kind === 'unreachable') return t('errors.unreachable');
  if (err.kind === 'limited') return t('errors.limited', { message: err.message });
  if (err.kind === 'busy') return t('errors.busy', { message: err.message });
  return t('errors.generic', { message: err.message });
}
