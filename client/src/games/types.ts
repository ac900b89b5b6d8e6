/** What each game's client module provides to the common room screens. */
import type { RoomSnapshot } from '../net/snapshot.js';
import type { RoomSession } from '../net/session.js';

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

export interface GameModule {
  id: string;
  minPlayers: number;
  maxPlayers: number;
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

/** Texts by full key (`windcity.replay.place`): the page's t, or a test's own lookup. */
export type Translate = (key: string, vars?: Record<string, unknown>) => string;

/** One step of a replay, for its label. */
export interface ReplayStep {
  /** The logged action (already accepted by the engine). */
  action: unknown;
  seat: number;
  /** Every seat's name as the table shows it (bots' marked in the page's language). */
  names: readonly string[];
  /** The public view before the step. */
  before: unknown;
  /** The acting seat's own view before the step (the match is over: its secrets may be told). */
  mine: unknown;
  /** The page's language (for names the game data holds per language, e.g. Santa's houses). */
  lang: string;
}

/** A game's replay step in words, in the reader's language: "Bob gave 3 gifts" (issue 23). */
export type DescribeStep = (step: ReplayStep, tr: Translate) => string;
