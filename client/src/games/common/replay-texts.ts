/** The replay viewer's step labels of a game, with their texts (`<game>.replay.…`): fetched by the viewer only, never with the table. */
import { useTexts, type TextLoaders } from '../../i18n/index.js';
import type { DescribeStep } from '../replay-types.js';

export function lazyReplayLabels(game: string, code: () => Promise<{ describeStep: DescribeStep }>, texts: TextLoaders): () => Promise<DescribeStep> {
  return async () => (await Promise.all([code(), useTexts(`${game}.replay`, texts)]))[0].describeStep;
}
