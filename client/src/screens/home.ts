/** Home: pick a game, a nickname, create a room. */
import { h } from '../util/dom.js';
import { t } from '../i18n/index.js';
import { GAMES } from '../games/catalog.js';
import { storage, NICKNAME_KEY, cleanName } from '../util/storage.js';
import type { RoomSession, JoinError } from '../net/session.js';
import { YourTables } from '../home/your-tables.js';
import { joinFailureText } from './join-failure.js';
import { iconEl } from '../art/icons.js';

export interface HomeDeps {
  /** A room was created: the app takes over the session and shows the room. */
  onCreated(session: RoomSession): void;
}

let chosenGame = GAMES[0].id;

export function renderHome(deps: HomeDeps): HTMLElement {
  // "New game" from an end screen comes here as /?game=<id>: that game is chosen.
  const asked = new URLSearchParams(location.search).get('game');
  if (asked && GAMES.some((g) => g.id === asked)) chosenGame = asked;
  const error = h('p', { class: 'form-error', role: 'alert', testid: 'home-error' });
  const nickname = h('input', {
    id: 'nickname',
    class: 'input',
    testid: 'nickname-input',
    type: 'text',
    maxlength: '24',
    autocomplete: 'nickname',
    placeholder: t('home.nicknamePlaceholder'),
    value: storage.get(NICKNAME_KEY) ?? '',
  });
  const createBtn = h('button', { class: 'btn btn-primary btn-big', type: 'submit', testid: 'create-room' }, t('home.create'));

  const gameCards: HTMLElement[] = GAMES.map((g) => gameCard(g, (): HTMLElement[] => gameCards));

  const form = h(
    'form',
    {
      class: 'card home-card',
      onsubmit: (e: Event) => {
        e.preventDefault();
        void createRoom(nickname, createBtn, error, deps);
      },
    },
    h('h2', { class: 'card-title' }, t('home.chooseGame')),
    h('div', { class: 'game-list' }, gameCards),
    h('label', { class: 'field-label', for: 'nickname' }, t('home.nickname')),
    nickname,
    h('p', { class: 'hint' }, t('home.nicknameHint')),
    createBtn,
    error,
  );

  return h(
    'main',
    { class: 'home', testid: 'home' },
    h(
      'div',
      { class: 'home-side' },
      h(
        'section',
        { class: 'hero' },
        h('div', { class: 'hero-fire', 'aria-hidden': 'true' }, iconEl('fire', 64)),
        h('h1', null, t('app.name')),
        h('p', { class: 'tagline' }, t('app.tagline')),
        h('p', { class: 'how' }, t('home.how')),
      ),
      // Tables this browser has a seat token for: back to a match after Back, a closed tab or a lost link.
      new YourTables().el,
    ),
    form,
    // Twemoji's licence (CC-BY 4.0) asks for a credit where the pictures are shown.
    h(
      'footer',
      { class: 'home-credit', testid: 'art-credit' },
      h('a', { href: 'https://creativecommons.org/licenses/by/4.0/', rel: 'license noopener', target: '_blank' }, t('home.artCredit')),
    ),
  );
}

/** A game to choose: choosing it marks it (and unmarks the others) in place. */
function gameCard(g: (typeof GAMES)[number], all: () => HTMLElement[]): HTMLElement {
  return h(
    'button',
    {
      type: 'button',
      class: `game-card${g.id === chosenGame ? ' selected' : ''}`,
      testid: `game-${g.id}`,
      'aria-pressed': String(g.id === chosenGame),
      onclick: () => {
        chosenGame = g.id;
        for (const c of all()) {
          const on = c.dataset.testid === `game-${g.id}`;
          c.classList.toggle('selected', on);
          c.setAttribute('aria-pressed', String(on));
        }
      },
    },
    h('span', { class: 'game-icon', 'aria-hidden': 'true' }, iconEl(g.icon, 40)),
    h(
      'span',
      { class: 'game-text' },
      h('span', { class: 'game-name' }, t(`games.${g.id}.name`)),
      h(
        'span',
        { class: 'game-meta' },
        `${t('home.players', { min: g.minPlayers, max: g.maxPlayers })} · ${t('home.minutes', { min: g.minutes[0], max: g.minutes[1] })}`,
      ),
      h('span', { class: 'game-desc' }, t(`games.${g.id}.description`)),
    ),
  );
}

/** Create a room of the chosen game with this nickname; a failure is said under the form. */
async function createRoom(nickname: HTMLInputElement, createBtn: HTMLButtonElement, error: HTMLElement, deps: HomeDeps): Promise<void> {
  const name = cleanName(nickname.value);
  if (!name) {
    error.textContent = t('home.nicknameRequired');
    nickname.focus();
    return;
  }
  storage.set(NICKNAME_KEY, name);
  error.textContent = '';
  createBtn.disabled = true;
  createBtn.textContent = t('home.creating');
  createBtn.classList.add('loading');
  try {
    // The session brings the Colyseus SDK: fetched when a room is created, not with the home page.
    const { RoomSession } = await import('../net/session.js');
    const session = await RoomSession.create(chosenGame, name);
    // The creator takes the first free seat straight away (they can still stand up and watch).
    const free = session.snapshot?.seats.find((x) => x.kind === 'empty');
    if (free && session.snapshot && session.snapshot.me.seat < 0) session.send('sit', { seat: free.index });
    deps.onCreated(session);
  } catch (err) {
    error.textContent = joinFailureText(err as JoinError);
    createBtn.disabled = false;
    createBtn.textContent = t('home.create');
    createBtn.classList.remove('loading');
  }
}
