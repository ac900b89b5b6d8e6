/** Round steps for chart axes (pure: no DOM, so unit tests can load it). */

/** The first of `steps` that cuts `span` into at most six parts (else twice the largest step). */
export function niceStep(span: number, steps: readonly number[]): number {
  for (const step of steps) if (span / step <= 6) return step;
  return 2 * steps[steps.length - 1];
}

/** The value lines of a track chart: whole numbers on a round step from 0, and the goal (the tracks hold whole points). */
export function trackTicks(goal: number): number[] {
  const step = niceStep(goal, [1, 2, 5, 10, 20, 25, 50]);
  const ticks: number[] = [];
  for (let v = 0; v < goal; v += step) ticks.push(v);
  return [...ticks, goal];
}
