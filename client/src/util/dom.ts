/** A tiny DOM toolkit: element creation and focus-preserving re-rendering. */

type Child = Node | string | number | null | undefined | false;
export type Children = Child | Children[];
type Attrs = Record<string, unknown> & {
  class?: string;
  style?: string | Partial<CSSStyleDeclaration> | Record<`--${string}`, string>;
  dataset?: Record<string, string>;
  testid?: string;
};

/**
 * Create an element. Attributes starting with "on" are event listeners,
 * `testid` sets data-testid (also the key used to restore focus), booleans
 * toggle attributes.
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs | null = null, ...children: Children[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === undefined || value === null || value === false) continue;
      if (key === 'class') el.className = String(value);
      else if (key === 'testid') el.dataset.testid = String(value);
      else if (key === 'dataset') Object.assign(el.dataset, value);
      else if (key === 'style' && typeof value === 'object') {
        for (const [prop, v] of Object.entries(value as Record<string, string>)) {
          if (prop.startsWith('--')) el.style.setProperty(prop, v);
          else (el.style as unknown as Record<string, string>)[prop] = v;
        }
      } else if (key.startsWith('on') && typeof value === 'function') {
        el.addEventListener(key.slice(2).toLowerCase(), value as EventListener);
      } else if (key === 'value' && 'value' in el) (el as HTMLInputElement).value = String(value);
      else if (key === 'checked' && 'checked' in el) (el as HTMLInputElement).checked = Boolean(value);
      else if (value === true) el.setAttribute(key, '');
      else el.setAttribute(key, String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el: Element, children: Children[]): void {
  for (const child of children) {
    if (Array.isArray(child)) append(el, child);
    else if (child === null || child === undefined || child === false) continue;
    else el.append(child instanceof Node ? child : String(child));
  }
}

/**
 * Replace the children of `container`, keeping keyboard focus on the element
 * with the same data-testid (or data-key) if it still exists: state updates
 * re-render whole panels without stealing focus from a keyboard player.
 */
export function patch(container: Element, ...children: Children[]): void {
  const active = document.activeElement as HTMLElement | null;
  let key: string | undefined;
  if (active && container.contains(active)) key = active.dataset.testid ?? active.dataset.key;
  // <details> keep the state the user gave them.
  const opened = new Map<string, boolean>();
  container
    .querySelectorAll<HTMLDetailsElement>('details[data-testid], details[data-key]')
    .forEach((d) => opened.set((d.dataset.testid ?? d.dataset.key)!, d.open));
  container.replaceChildren();
  append(container, children);
  if (opened.size) {
    container.querySelectorAll<HTMLDetailsElement>('details[data-testid], details[data-key]').forEach((d) => {
      const was = opened.get((d.dataset.testid ?? d.dataset.key)!);
      if (was !== undefined) d.open = was;
    });
  }
  if (key) {
    const next = container.querySelector<HTMLElement>(`[data-testid="${CSS.escape(key)}"], [data-key="${CSS.escape(key)}"]`);
    next?.focus({ preventScroll: true });
  }
}

export function clear(el: Element): void {
  el.replaceChildren();
}
