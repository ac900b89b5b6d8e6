/**
 * The seat colours stay apart for colour-blind players (issue 23, item 7):
 * every pair is at least ΔE 15 apart (CIE76, in CIELAB under D65) in normal
 * vision and under simulated protanopia, deuteranopia and tritanopia
 * (Machado, Oliveira & Fernandes 2009, severity 1, applied in linear sRGB).
 */
import { describe, expect, it } from '@jest/globals';
import { PLAYER_COLORS } from './colors.js';

type Matrix = [number[], number[], number[]];

const SIMULATIONS: Record<string, Matrix> = {
  normal: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

const MIN_DELTA_E = 15;

function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** CIELAB (D65) of linear sRGB. */
function lab([r, g, b]: number[]): [number, number, number] {
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** How a colour looks under a simulation, in CIELAB. */
function seen(hex: string, m: Matrix): [number, number, number] {
  const rgb = [1, 3, 5].map((i) => linear(parseInt(hex.slice(i, i + 2), 16)));
  return lab(m.map((row) => Math.min(1, Math.max(0, row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]))));
}

/** Every pair of seats closer than MIN_DELTA_E under a simulation: "2~5 deuteranopia ΔE 3.7" (seats counted from 1). */
function closePairs(colors: readonly string[]): string[] {
  const close: string[] = [];
  for (const [name, m] of Object.entries(SIMULATIONS)) {
    const labs = colors.map((c) => seen(c, m));
    for (let i = 0; i < labs.length; i++)
      for (let j = i + 1; j < labs.length; j++) {
        const dE = Math.hypot(labs[i][0] - labs[j][0], labs[i][1] - labs[j][1], labs[i][2] - labs[j][2]);
        if (dE < MIN_DELTA_E) close.push(`${i + 1}~${j + 1} ${name} ΔE ${dE.toFixed(1)}`);
      }
  }
  return close;
}

describe('seat colours', () => {
  it(`are at least ΔE ${MIN_DELTA_E} apart, in normal vision and for protanopes, deuteranopes and tritanopes`, () => {
    expect(PLAYER_COLORS).toHaveLength(8);
    expect(closePairs(PLAYER_COLORS)).toEqual([]);
  });

  it('the check catches the old palette (seats 2 and 5 under deuteranopia)', () => {
    const old = ['#e8553e', '#3d8bfd', '#2bb673', '#f2b632', '#a66cff', '#ff8a3d', '#ef5da8', '#22c3c9'];
    expect(closePairs(old)).toContain('2~5 deuteranopia ΔE 3.7');
  });
});
