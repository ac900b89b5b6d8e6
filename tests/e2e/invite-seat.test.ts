/**
 * An invite link seats its friend in one step, in the browser: the nickname
 * form of a lobby with free seats offers them ("Sit at seat 2", the first
 * free one preselected) and "Just watch"; joining seats the friend at once.
 * A seat taken meanwhile ends in watching, with a notice in the reader's
 * language; a running match offers only to watch.
 *
 * Needs `npm run build` first, and Debian's Chromium at /usr/bin/chromium.
 * Screenshots: tests/artifacts/invite-seat-*.png (desktop 1280×720, phone 390×844).
 */
import '../../server/testing/ws-setup.js';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { createRoom, joinRoom, type Player } from '../../server/testing/harness.js';
import { ARTIFACTS, openPage, PHONE, tid } from './harness.js';
import { useBrowserAndServer } from './use-browser.js';

const shot = (name: string) => path.join(ARTIFACTS, `invite-seat-${name}.png`);
const DESKTOP = { viewport: { width: 1280, height: 720 } };
const t = useBrowserAndServer();

/** A page in a fresh profile, in `lang`. */
async function friendPage(lang: string, options: object): Promise<Page> {
  const page = await openPage(t.browser, options);
  await page.addInitScript((l) => localStorage.setItem('fireside:lang', l), lang);
  return page;
}

/** The seat options offered, in order: [testid, label, checked]. */
function seatOptions(page: Page): Promise<[string, string, boolean][]> {
  return page.$$eval('[data-testid="seat-choice"] label', (labels) =>
    labels.map((l) => [(l as HTMLElement).dataset.testid!, l.textContent!.trim(), (l.querySelector('input') as HTMLInputElement).checked]),
  );
}

describe('an invite link seats you', () => {
  const sdk: Player[] = [];
  afterAll(() => Promise.all(sdk.map((p) => p.leave())));

  it('offers the free seats with the first preselected, and joining seats the friend at once (desktop in French, keyboard)', async () => {
    const host = await createRoom(t.server.base, { game: 'gifttrap', name: 'Hôte', players: 4 });
    sdk.push(host);
    host.send('sit', { seat: 0 });
    host.send('addBot', { seat: 2 });
    await host.until((s) => s.seats[0].kind === 'human' && s.seats[2].kind === 'bot', 'host seated, a bot on seat 3');
    const link = `${t.server.base}/room/${host.room.roomId}`;

    const page = await friendPage('fr', DESKTOP);
    await page.goto(link);
    await page.waitForSelector(tid('seat-choice'), { timeout: 15_000 });
    expect(await seatOptions(page)).toEqual([
      ['seat-option-1', 'S’asseoir à la place 2', true],
      ['seat-option-3', 'S’asseoir à la place 4', false],
      ['seat-option-watch', 'Juste regarder', false],
    ]);
    expect(await page.textContent(tid('join-submit'))).toBe('Rejoindre');
    await page.fill(tid('join-name'), 'Amélie');
    await page.screenshot({ path: shot('desktop'), fullPage: true });

    // Keyboard: Tab reaches the checked seat, arrows move the choice, Enter in the name joins.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('1');
    await page.keyboard.press('ArrowDown');
    expect((await seatOptions(page)).map((o) => o[2])).toEqual([false, true, false]);
    await page.keyboard.press('ArrowUp');
    expect((await seatOptions(page)).map((o) => o[2])).toEqual([true, false, false]);
    await page.focus(tid('join-name'));
    await page.keyboard.press('Enter');

    // Seated by the join itself: the lobby shows her seat, and the host sees her there.
    await page.waitForSelector(tid('stand-up'), { timeout: 15_000 });
    await host.until((s) => s.seats[1].kind === 'human' && s.seats[1].name === 'Amélie', 'Amélie seen on seat 2');
    expect(await page.$(tid('take-first-seat'))).toBeNull();
    await page.close();

    // The last free seat (4) is preselected for the next friend, on a phone; someone takes it first: she watches, told so.
    const phone = await friendPage('en', PHONE);
    await phone.goto(link);
    await phone.waitForSelector(tid('seat-choice'), { timeout: 15_000 });
    expect(await seatOptions(phone)).toEqual([
      ['seat-option-3', 'Sit at seat 4', true],
      ['seat-option-watch', 'Just watch', false],
    ]);
    await phone.fill(tid('join-name'), 'Zoé');
    await phone.screenshot({ path: shot('phone'), fullPage: true });
    const quicker = await joinRoom(t.server.base, host.room.roomId, { name: 'Quick', seat: 3 });
    sdk.push(quicker);
    expect(quicker.welcome!.seating).toEqual({ asked: 3, seat: 3 });
    await phone.tap(tid('join-submit'));
    await phone.waitForSelector(tid('watch-banner'), { timeout: 15_000 });
    await phone.waitForFunction(
      () => [...document.querySelectorAll('[data-testid="toasts"] .toast')].some((x) => x.textContent === 'Seat 4 was taken; you are watching.'),
      null,
      { timeout: 10_000 },
    );
    await phone.screenshot({ path: shot('phone-taken'), fullPage: true });
    await host.until((s) => s.spectators === 1, 'Zoé watching');
    await phone.close();
  }, 90_000);

  it('on a phone, a tap chooses another seat (kept through a change of language); a running match offers only to watch', async () => {
    const host = await createRoom(t.server.base, { game: 'gifttrap', name: 'Host', players: 3 });
    sdk.push(host);
    host.send('sit', { seat: 0 });
    await host.until((s) => s.seats[0].kind === 'human', 'host seated');
    const link = `${t.server.base}/room/${host.room.roomId}`;

    const phone = await friendPage('ja', PHONE);
    await phone.goto(link);
    await phone.waitForSelector(tid('seat-choice'), { timeout: 15_000 });
    expect((await seatOptions(phone)).map((o) => o[0])).toEqual(['seat-option-1', 'seat-option-2', 'seat-option-watch']);
    await phone.tap(tid('seat-option-2'));
    expect((await seatOptions(phone)).map((o) => o[2])).toEqual([false, true, false]);
    await phone.fill(tid('join-name'), 'Ken');
    // Another language redraws the form: the choice and the name stay.
    await phone.selectOption(tid('lang-select'), 'en');
    await phone.waitForFunction(() => document.querySelector('[data-testid="seat-option-2"]')?.textContent === 'Sit at seat 3', null, { timeout: 10_000 });
    expect((await seatOptions(phone)).map((o) => o[2])).toEqual([false, true, false]);
    expect(await phone.inputValue(tid('join-name'))).toBe('Ken');
    await phone.selectOption(tid('lang-select'), 'ja');
    await phone.waitForFunction(() => document.querySelector('[data-testid="seat-option-2"]')?.textContent === '3番の席に座る', null, { timeout: 10_000 });
    await phone.screenshot({ path: shot('phone-ja'), fullPage: true });
    await phone.tap(tid('join-submit'));
    await phone.waitForSelector(tid('stand-up'), { timeout: 15_000 });
    await host.until((s) => s.seats[2].name === 'Ken', 'Ken on seat 3');
    await phone.close();

    host.send('fillBots');
    await host.until((s) => s.seats[1].kind === 'bot', 'bots on the free seats');
    host.send('start');
    await host.until((s) => s.status === 'playing', 'the match started');
    const late = await friendPage('fr', DESKTOP);
    await late.goto(link);
    await late.waitForSelector(tid('join-submit'), { timeout: 15_000 });
    expect(await late.$(tid('seat-choice'))).toBeNull();
    expect(await late.textContent(tid('join-submit'))).toBe('Regarder');
    await late.screenshot({ path: shot('playing'), fullPage: true });
    await late.fill(tid('join-name'), 'Léa');
    await late.click(tid('join-submit'));
    await late.waitForSelector(tid('table-canvas'), { timeout: 20_000 });
    await host.until((s) => s.spectators === 1, 'Léa watching');
    await late.close();
  }, 90_000);
});
