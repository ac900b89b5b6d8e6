/** Fireside web client: boot, routing between home, rooms and replays, language switching. */
import './styles.css';
import { initI18n, languageChanged, t } from './i18n/index.js';
import { currentRoute, navigate, roomPath, routeChanged, type Route } from './router.js';
import { renderHeader } from './ui/header.js';
import { renderHome } from './screens/home.js';
import type { RoomScreen } from './screens/room.js';
import type { RoomSession } from './net/session.js';
import { renderNotFound } from './screens/not-found.js';
import { toast } from './ui/toast.js';
import { h, patch } from './util/dom.js';
import { loadArt } from './art/icons.js';
import './testing.js';

const appEl = document.getElementById('app')!;
const headerSlot = h('div', { class: 'header-slot' });
const screenSlot = h('div', { class: 'screen-slot' });
appEl.replaceChildren(headerSlot, screenSlot);

let headerInfo: Node | null = null;
let room: RoomScreen | null = null;
/** The replay viewer (loaded lazily: it brings the game engines). */
let replay: { dispose(): void; relabel(): void } | null = null;
let showing = 0;
/** A session just created on the home page, handed to the room screen. */
let created: RoomSession | null = null;

function drawHeader(): void {
  patch(headerSlot, renderHeader(headerInfo));
}

function setHeaderInfo(node: Node | null): void {
  headerInfo = node;
  const slot = headerSlot.querySelector('.topbar-info');
  if (slot) patch(slot, node);
  else drawHeader();
}

/** What a lazily loaded screen shows while its code arrives. */
function loadingCard(text: string): HTMLElement {
  return h('div', { class: 'loading-card', role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), text);
}

async function show(route: Route): Promise<void> {
  if (route.name === 'room' && room && room.roomId === route.roomId) return;
  const token = ++showing;
  replay?.dispose();
  replay = null;
  if (room) {
    const old = room;
    room = null;
    // Back (or a confirmed leave) from a running match: the seat is kept, and the home page lists the table.
    if (old.holdsSeatInMatch) toast(t('room.seatKept'));
    void old.dispose();
  }
  headerInfo = null;
  drawHeader();
  if (route.name === 'home') {
    document.title = t('app.name');
    patch(
      screenSlot,
      renderHome({
        onCreated: (session) => {
          created = session;
          navigate(roomPath(session.roomId));
        },
      }),
    );
  } else if (route.name === 'room') {
    document.title = `${t('app.name')} · ${route.roomId}`;
    const session = created && created.roomId === route.roomId ? created : null;
    created = null;
    // The room screen brings the Colyseus SDK: fetched on the way into a room, so the home page stays light.
    patch(screenSlot, loadingCard(t('room.joining')));
    const { RoomScreen } = await import('./screens/room.js');
    if (token !== showing) {
      void session?.leave();
      return;
    }
    room = new RoomScreen(route.roomId, session, setHeaderInfo);
    patch(screenSlot, room.el);
  } else if (route.name === 'replay') {
    document.title = `${t('app.name')} · ${t('replay.title')}`;
    patch(screenSlot, loadingCard(t('replay.loading')));
    const { ReplayScreen } = await import('./screens/replay.js');
    if (token !== showing) return;
    const screen = new ReplayScreen(route.matchId);
    replay = screen;
    patch(screenSlot, screen.el);
  } else {
    document.title = `${t('app.name')} · ${t('notFound.title')}`;
    patch(screenSlot, renderNotFound());
  }
  window.scrollTo(0, 0);
}

routeChanged.on((r) => void show(r));
languageChanged.on(() => {
  drawHeader();
  if (room) room.relabel();
  else if (replay) replay.relabel();
  else void show(currentRoute());
});

// The texts and the art's frame map, together: every render after this places its icons at once.
await Promise.all([initI18n(), loadArt()]);
void show(currentRoute());
