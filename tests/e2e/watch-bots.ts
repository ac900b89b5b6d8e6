/**
 * A page that watches bots play: the room's host is an SDK client, not
 * seated; the page joins as a spectator ("Viewer") in `lang`, the host fills
 * every seat with bots and starts. Resolves once the table's canvas is there.
 * The host leaves when the page closes.
 */
import '../../server/testing/ws-setup.js';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { createRoom } from '../../server/testing/harness.js';
import { openPage, tid } from './harness.js';

export async function watchBots(
  env: { server: { base: string }; browser: Browser },
  game: string,
  players: number,
  lang: string,
  options: BrowserContextOptions = { viewport: { width: 1280, height: 900 } },
  /** Runs in the page before its own scripts (e.g. a probe that must see the match from its start). */
  init?: () => void,
): Promise<Page> {
  const host = await createRoom(env.server.base, { game, name: 'Hostess', players });
  const page = await openPage(env.browser, options);
  page.once('close', () => void host.leave().catch(() => undefined));
  await page.addInitScript((l) => {
    localStorage.setItem('fireside:lang', l);
    localStorage.setItem('fireside:nickname', 'Viewer');
  }, lang);
  if (init) await page.addInitScript(init);
  await page.goto(`${env.server.base}/room/${host.room.roomId}`);
  await page.check(`${tid('seat-option-watch')} input`); // a viewer: the invite form would seat her
  await page.click(tid('join-submit'));
  await page.waitForSelector(tid('lobby'));
  host.send('fillBots');
  await host.until((s) => s.seats.every((x: { kind: string }) => x.kind === 'bot'));
  host.send('start');
  await page.waitForSelector(tid('table-canvas'));
  return page;
}
