import { SnapshotDecoder } from './snapshot.js';

describe("this seat's view in snapshots", () => {
  it('keeps its identity while its JSON is the same, so a table can compare it by reference', () => {
    const decoder = new SnapshotDecoder();
    const first = decoder.secret('{"myPick":3,"hand":[1,2]}');
    expect(first).toEqual({ myPick: 3, hand: [1, 2] });
    expect(decoder.secret('{"myPick":3,"hand":[1,2]}')).toBe(first);
  });

  it('is parsed anew when its JSON changes', () => {
    const decoder = new SnapshotDecoder();
    const first = decoder.secret('{"myPick":3}');
    const second = decoder.secret('{"myPick":4}');
    expect(second).not.toBe(first);
    expect(second).toEqual({ myPick: 4 });
  });

  it('is null when there is none or it is damaged', () => {
    const decoder = new SnapshotDecoder();
    expect(decoder.secret('')).toBeNull();
    expect(decoder.secret('{oops')).toBeNull();
  });
});
