/**
 * A widget's last inputs: `changed` is true when they differ from the
 * previous call's. Widgets give it only the few fields they draw from (never
 * the whole view), so an unrelated change redraws nothing.
 */
export class Memo {
  private last = '';

  changed(...parts: unknown[]): boolean {
    const key = JSON.stringify(parts);
    if (key === this.last) return false;
    this.last = key;
    return true;
  }
}
