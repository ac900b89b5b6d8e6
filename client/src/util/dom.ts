/** A tiny DOM toolkit: element creation, focus-preserving re-rendering, and morphing a panel in place. */

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
        const type = key.slice(2).toLowerCase();
        el.addEventListener(type, value as EventListener);
        listenersOf(el).set(type, value as EventListener);
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

/** The listeners h() attached, by event type: morph() swaps them for the new render's. */
const listeners = new WeakMap<Element, Map<string, EventListener>>();
function listenersOf(el: Element): Map<string, EventListener> {
  let map = listeners.get(el);
  if (!map) listeners.set(el, (map = new Map()));
  return map;
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

/**
 * Render fresh `children` into `container` by updating what is already
 * there: an element of the same tag and key (data-testid or data-key;
 * position otherwise) is kept and given the new one's attributes, listeners
 * and children. A state update that re-renders a whole panel then never
 * replaces the button under the pointer (a click between two renders still
 * lands), keeps keyboard focus and what is being typed, and leaves <details>
 * open or shut as the user had them. For panels rendered from scratch each
 * time (a game's controls, the lobby); `patch` is for placing live
 * components, whose elements must stay the very ones their owners hold.
 */
export function morph(container: Element, ...children: Children[]): void {
  const next = document.createElement('div');
  append(next, children);
  morphChildren(container, [...next.childNodes]);
}

const keyOf = (n: Node): string | undefined => (n instanceof HTMLElement ? (n.dataset.testid ?? n.dataset.key) : undefined);

function morphChildren(parent: Element, wanted: Node[]): void {
  const old = [...parent.childNodes];
  const byKey = new Map<string, Node>();
  for (const o of old) {
    const k = keyOf(o);
    if (k !== undefined && !byKey.has(k)) byKey.set(k, o);
  }
  const used = new Set<Node>();
  let cursor = 0;
  wanted.forEach((n, i) => {
    const k = keyOf(n);
    let match: Node | undefined;
    if (k !== undefined) match = byKey.get(k);
    else {
      while (cursor < old.length && (used.has(old[cursor]) || keyOf(old[cursor]) !== undefined)) cursor++;
      match = old[cursor];
    }
    if (match && !used.has(match) && sameKind(match, n)) {
      used.add(match);
      morphNode(match, n);
    } else match = n;
    // Keep the order of the new render.
    if (parent.childNodes[i] !== match) parent.insertBefore(match, parent.childNodes[i] ?? null);
  });
  for (const o of old) if (!used.has(o) && o.parentNode === parent) o.remove();
  while (parent.childNodes.length > wanted.length) parent.lastChild!.remove();
}

function sameKind(a: Node, b: Node): boolean {
  if (a.nodeType !== b.nodeType) return false;
  if (!(a instanceof Element) || !(b instanceof Element)) return true;
  return a.tagName === b.tagName && keyOf(a) === keyOf(b) && (a as HTMLInputElement).type === (b as HTMLInputElement).type;
}

function morphNode(o: Node, n: Node): void {
  if (!(o instanceof HTMLElement) || !(n instanceof HTMLElement)) {
    if (o.nodeValue !== n.nodeValue) o.nodeValue = n.nodeValue;
    return;
  }
  morphAttributes(o, n);
  // Listeners: the new render's, not the old one's (they close over the new state).
  const had = listenersOf(o);
  const has = listenersOf(n);
  for (const [type, fn] of had) if (has.get(type) !== fn) o.removeEventListener(type, fn);
  for (const [type, fn] of has) if (had.get(type) !== fn) o.addEventListener(type, fn);
  listeners.set(o, new Map(has));
  if (o instanceof HTMLInputElement || o instanceof HTMLTextAreaElement || o instanceof HTMLSelectElement) {
    // What the user is typing stays; anything else takes the render's value.
    const typing = document.activeElement === o && !(o instanceof HTMLSelectElement);
    if (!typing && o.value !== (n as HTMLInputElement).value) o.value = (n as HTMLInputElement).value;
    if (o instanceof HTMLInputElement) o.checked = (n as HTMLInputElement).checked;
  }
  morphChildren(o, [...n.childNodes]);
  if (o instanceof HTMLSelectElement) o.value = (n as HTMLSelectElement).value;
}

function morphAttributes(o: HTMLElement, n: HTMLElement): void {
  for (const { name } of [...o.attributes]) {
    // <details> keep the state the user gave them; the style goes through CSSOM (below).
    if (name === 'open' && o instanceof HTMLDetailsElement) continue;
    if (name !== 'style' && !n.hasAttribute(name)) o.removeAttribute(name);
  }
  for (const { name, value } of [...n.attributes]) {
    if (name === 'style' || (name === 'open' && o instanceof HTMLDetailsElement && keyOf(o) !== undefined)) continue;
    if (o.getAttribute(name) !== value) o.setAttribute(name, value);
  }
  // CSSOM, not the style attribute: the Content-Security-Policy allows no inline style attributes.
  if (o.style.cssText !== n.style.cssText) o.style.cssText = n.style.cssText;
}

export function clear(el: Element): void {
  el.replaceChildren();
}
