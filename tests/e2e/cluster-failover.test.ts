/**
 * Failover seen from the browser (issue 13): three processes on one Redis and
 * one Postgres behind a front door that routes each process's public address
 * (`<door>/p<i>`, as Caddy routes `/f<i>` in docker-compose.cluster.yml), so
 * the page and its WebSocket share one origin, as in production.
 *
 * A player at a Santa table with bots; the process running the room is
 * killed (-9) while the match waits on her. The page says it is reconnecting,
 * finds the room where a survivor loaded it, by itself, and she plays on:
 * same room, same view, her secrets back, her next move accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startCluster, type TestCluster } from '../integration/helpers/cluster.js';
import { startFrontDoor, type FrontDoor } from '../integration/helpers/front-door.js';
import { ARTIFACTS, launchChromium, openPage, quietView, startBotTable, tid } from './harness.js';

let cluster: TestCluster;
let door: FrontDoor;
let browser: Browser;
beforeAll(async () => {
  door = await startFrontDoor(() => cluster.processes.map((p) => p.url));
  const doorHost = new URL(door.url).host;
  cluster = await startCluster(3, { FIRESIDE_BOT_DELAY_MS: '100' }, (_port, i) => `${doorHost}/p${i}`);
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await door?.stop();
  await cluster?.stop();
}, 60_000);

/** The room the page is connected to, and the URL of its WebSocket (which process it reached). */
function whereAmI(page: Page): Promise<{ roomId: string; open: boolean }> {
  return page.evaluate(() => {
    const room = (window as any).__fireside.room;
    return { roomId: room.roomId as string, open: !!room.connection?.isOpen };
  });
}

/** The houses the page offers to click (Santa's setup: an away marker or a starting house). */
const HOUSES = '[data-testid^="house-"]';

describe('a cluster process dies under a browser', () => {
  it('kill -9 of the room’s process: "reconnecting", then the same table on a survivor, and the next move is accepted', async () => {
    const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await startBotTable(page, door.url, 'santa', 'en');
    // Mia's turn in the setup: the bots wait for her.
    await page.waitForSelector(HOUSES, { timeout: 30_000 });
    const viewBefore = await quietView(page);
    const before = await whereAmI(page);
    expect(before.open).toBe(true);

    const counts = await Promise.all(cluster.processes.map((p) => p.rooms()));
    const home = counts.findIndex((n) => n > 0);
    expect(counts.filter((n) => n > 0)).toEqual([1]);
    const killedAt = Date.now();
    await cluster.processes[home].server.kill();

    await page.waitForSelector(tid('reconnecting'), { timeout: 15_000 });
    await page.waitForFunction(() => !document.querySelector('[data-testid="reconnecting"]'), null, { timeout: 30_000 });
    const back = Date.now() - killedAt;
    const after = await whereAmI(page);
    expect(after).toEqual({ roomId: before.roomId, open: true });
    expect(new URL(page.url()).pathname).toBe(`/room/${before.roomId}`);
    // Loaded again by exactly one survivor.
    const survivors = cluster.processes.filter((_, i) => i !== home);
    expect((await Promise.all(survivors.map((p) => p.rooms()))).reduce((a, b) => a + b, 0)).toBe(1);
    // Nothing lost: the same view, and her hand (her seat's secret) back.
    expect(await page.evaluate(() => (window as any).__fireside.viewJson() as string)).toBe(viewBefore);
    expect(await page.evaluate(() => (window as any).__fireside.room.state.seats[0].secret as string)).not.toBe('');
    console.log(`browser failover: back at the table ${back} ms after the kill`);

    // She plays on: a house clicked, the move accepted by the room's new process. (The bots wait on
    // her, so the view changes only by her move; the same house may be offered in the next step.)
    const house = (await page.$$eval(HOUSES, (els) => els.map((e) => (e as HTMLElement).dataset.testid!)))[0];
    await page.click(tid(house));
    await page.waitForFunction((v) => (window as any).__fireside.viewJson() !== v, viewBefore, { timeout: 10_000 });
    await page.screenshot({ path: path.join(ARTIFACTS, 'cluster-failover-browser.png') });
    await page.close();
  }, 120_000);
});
