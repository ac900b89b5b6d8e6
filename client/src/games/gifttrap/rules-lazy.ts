/** The rules dialog, loaded when first opened (from the lobby or the table): see common/lazy.ts. */
import { lazyRules } from '../common/lazy.js';

export const rules = lazyRules(() => import('./rules-page.js'));
