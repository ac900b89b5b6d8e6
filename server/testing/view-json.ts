/**
 * Tests read the public view as one JSON string (they parse it, compare it,
 * search it), as it travelled before it was sent in parts
 * (shared/src/protocol/view-wire.ts). This rebuilds that string from a
 * client's decoded parts, with the same decoder the clients use.
 */
import { ViewJsonDecoder, type ViewPartsLike } from '@fireside/shared';

export class ViewJson {
  private readonly decoder = new ViewJsonDecoder();

  /** JSON of the view the parts describe, or '' when there is none (the lobby). */
  of(parts: ViewPartsLike | null | undefined): string {
    this.decoder.decode(parts);
    return this.decoder.json();
  }
}

/** The decoded state as tests read it: every field as decoded, but `view` as JSON (see ViewJson). */
export function withViewJson(state: any, views: ViewJson): any {
  if (!state) return state;
  return new Proxy(state, {
    get(target, key) {
      if (key === 'view') return views.of(target.view);
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
