/** "0:42", "3:05", "1:02:03": a countdown or a time away, never negative. */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const s = total % 60;
  const m = Math.floor(total / 60) % 60;
  const hours = Math.floor(total / 3600);
  const mm = hours > 0 ? String(m).padStart(2, '0') : String(m);
  return `${hours > 0 ? `${hours}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}
