import { t } from '../i18n/index.js';

/** A bot's name as the server gives it ("Ada (bot)", server/src/rooms/seats.ts), marked in the page's language. */
export function botDisplayName(name: string): string {
  const bare = name.replace(/ \(bot\)$/, '');
  return bare === name ? name : t('lobby.botName', { name: bare });
}
