/** What each game's client module provides to the common room screens. */
import type { RoomSnapshot } from '../net/snapshot.js';
import type { RoomSession } from '../net/session.js';
import type { DescribeStep } from './replay-types.js';

export type { DescribeStep, ReplayStep, Translate } from './replay-types.js';

export interface GameTable {
  /** The Pixi Application, exposed to tests (window.__fireside.app). */
  readonly app: unknown;
  update(snapshot: RoomSnapshot): void;
  /** The language changed: redraw every text. */
  relabel(): void;
  /** A summary of the match's last round is up: the room shows the results once it closes (the table calls onResults). */
  readonly holdsResults?: boolean;
  destroy(): void;
}

export interface TableHosts {
  /** Where the canvas goes (the table fills its width). */
  canvas: HTMLElement;
  /** Where the DOM controls go (beside the canvas on wide screens, below on narrow ones). */
  controls: HTMLElement;
  /** The frame around the canvas, for cards drawn over the table (round summaries); none in a replay. */
  frame?: HTMLElement;
}

/** A game's client code. Its player counts and minutes are in the catalogue (catalog.ts, from the game's meta). */
export interface GameModule {
  id: string;
  /** Lobby: the options editor (disabled unless `canEdit`). */
  renderOptions(snapshot: RoomSnapshot, canEdit: boolean, configure: (msg: { players?: number; options?: object }) => void): HTMLElement;
  /** Options to send along with a new player count (e.g. drop a variant that no longer fits). */
  optionsForPlayers?(snapshot: RoomSnapshot, players: number): object | undefined;
  /** The end screen's game-specific part (scores, chart), loaded when first needed. */
  loadEnd(): Promise<(snapshot: RoomSnapshot) => HTMLElement>;
  /** The table: loaded lazily, since it brings the renderer. */
  createTable(hosts: TableHosts, session: RoomSession, snapshot: RoomSnapshot, onResults: () => void): Promise<GameTable>;
  /** Start fetching the table's code early (in the lobby), so Start feels instant. */
  preloadTable?(): void;
  /** The replay viewer's step labels and their texts, loaded by the viewer only (not with the table). */
  loadReplayLabels(): Promise<DescribeStep>;
}
