import { sameInputs } from './same-inputs.js';

describe("a table's controls inputs", () => {
  const view = { phase: 'give', round: 2 };
  const secret = { myGifts: [] };

  it('are the same when every input is the very same value or object', () => {
    expect(sameInputs([view, secret, 1, 'en'], [view, secret, 1, 'en'])).toBe(true);
    expect(sameInputs([view, null, -1], [view, null, -1])).toBe(true);
  });

  it('differ when a part was replaced, even by an equal copy (a patch made it anew)', () => {
    expect(sameInputs([view, secret], [{ ...view }, secret])).toBe(false);
    expect(sameInputs([view, secret], [view, { myGifts: [] }])).toBe(false);
    expect(sameInputs([view, 1], [view, 2])).toBe(false);
    expect(sameInputs(['en'], ['fr'])).toBe(false);
  });

  it('compare lists (names, waiting flags) item by item, since each snapshot rebuilds them', () => {
    expect(
      sameInputs(
        [
          ['Ann', 'Bob'],
          [true, false],
        ],
        [
          ['Ann', 'Bob'],
          [true, false],
        ],
      ),
    ).toBe(true);
    expect(sameInputs([['Ann', 'Bob']], [['Ann', 'Bo']])).toBe(false);
    expect(sameInputs([[true, false]], [[true, false, false]])).toBe(false);
    // Only one level: a list of objects is the same when its items are the same objects.
    expect(sameInputs([[view]], [[view]])).toBe(true);
    expect(sameInputs([[view]], [[{ ...view }]])).toBe(false);
  });

  it('differ when an input is added or dropped', () => {
    expect(sameInputs([view], [view, 0])).toBe(false);
  });
});
