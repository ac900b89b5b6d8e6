/**
 * Every field of each game's seat view (its SeatView type in
 * shared/src/games/<id>/types.ts), in the order its `seatView` writes them,
 * `seat` first. The leak scan reports a seat view with any other field
 * (scan.ts): a new field must be reviewed here first, since it could carry
 * another seat's secret in a form no byte search knows.
 */
export const SEAT_VIEW_KEYS: Record<string, string[]> = {
  gifttrap: ['seat', 'myGifts', 'myWants'],
  santa: ['seat', 'role', 'myPick'],
  windcity: ['seat', 'card', 'plan', 'deciding', 'myRequest', 'requests', 'undecided'],
};
