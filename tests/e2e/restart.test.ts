/**
 * A server restart seen from the browser: the page says the server is
 * restarting (or that the connection was lost, after a crash), keeps trying
 * by itself, and comes back to the same table with the same seat — no click.
 * First a graceful stop (SIGTERM, a deploy) in the lobby, then a crash
 * (SIGKILL) in the middle of a match.
 */
import { describe, expect, it, beforeAll, afterAll } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS, launchChromium, openContext, quietView, startBuiltServer, tid, type ServerProcess } from './harness.js';

let server: ServerProcess;
let browser: Browser;
const dataDirs = new Set<string>();
beforeAll(async () => {
  server = await startBuiltServer();
  dataDirs.add(server.dataDir);
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
});

/** The room and member the page is connected to right now. */
function whereAmI(page: Page): Promise<{ roomId: string; sessionId: string } | null> {
  return page.evaluate(() => {
    const room = (window as unknown as { __fireside?: { room?: { roomId: string; sessionId: string; connection?: { isOpen: boolean } } } }).__fireside?.room;
    return room && room.connection?.isOpen ? { roomId: room.roomId, sessionId: room.sessionId } : null;
  });
}

async function restartSameServer(how: 'stop' | 'kill'): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)));
  await (how === 'stop' ? server.stop() : server.kill());
  const code = await exited;
  server = await startBuiltServer({ FIRESIDE_DATA_DIR: server.dataDir }, server.port);
  return code;
}

describe('server restart', () => {
  it('a deploy in the lobby: "restarting", then back at the same table with the same seat, by itself', async () => {
    const page = await (await openContext(browser, { viewport: { width: 1024, height: 700 } })).newPage();
    await page.goto(server.base);
    await page.fill(tid('nickname-input'), 'Alice');
    await page.click(tid('create-room'));
    await page.waitForSelector(tid('lobby'));
    // The creator takes the first seat by itself.
    await page.waitForFunction(() => [...((window as any).__fireside?.room?.state?.members?.values() ?? [])].some((m: any) => m.seat === 0), null, {
      timeout: 10_000,
    });
    const before = await whereAmI(page);
    expect(before).not.toBeNull();

    const stopping = restartSameServer('stop');
    await page.waitForSelector(tid('reconnecting'), { timeout: 10_000 });
    expect(await page.textContent(tid('reconnecting'))).toContain('restarting');
    await page.screenshot({ path: path.join(ARTIFACTS, 'restarting.png') });
    expect(await stopping).toBe(0);

    // Back by itself: same room, the banner gone, Alice still on seat 1.
    await page.waitForFunction(() => !document.querySelector('[data-testid="reconnecting"]'), null, { timeout: 30_000 });
    await page.waitForSelector(tid('lobby'));
    const after = await whereAmI(page);
    expect(after?.roomId).toBe(before!.roomId);
    expect(new URL(page.url()).pathname).toBe(`/room/${before!.roomId}`);
    const seat = await page.evaluate(() => {
      const room = (window as any).__fireside.room;
      const me = [...room.state.members.values()].find((m: any) => m.name === 'Alice');
      return { seat: me?.seat, host: room.state.hostId === me?.id };
    });
    expect(seat).toEqual({ seat: 0, host: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'restarted-lobby.png') });
  }, 90_000);

  it('a crash in the middle of a match: "reconnecting", then back in the same match', async () => {
    const page = await (await openContext(browser, { viewport: { width: 1024, height: 700 } })).newPage();
    await page.goto(server.base);
    await page.fill(tid('nickname-input'), 'Bea');
    await page.click(tid('create-room'));
    await page.waitForSelector(tid('lobby'));
    await page.waitForFunction(() => [...((window as any).__fireside?.room?.state?.members?.values() ?? [])].some((m: any) => m.seat === 0), null, {
      timeout: 10_000,
    });
    await page.click(tid('fill-bots'));
    await page.click(tid('start-game'));
    await page.waitForFunction(() => (window as any).__fireside?.room?.state?.status === 'playing', null, { timeout: 15_000 });
    // A quiet moment: the bots have done what they can and the match waits on Bea.
    const viewBefore = await quietView(page);
    const before = await whereAmI(page);

    const killed = restartSameServer('kill');
    await page.waitForSelector(tid('reconnecting'), { timeout: 15_000 });
    await killed;
    await page.waitForFunction(() => !document.querySelector('[data-testid="reconnecting"]'), null, { timeout: 30_000 });
    const after = await whereAmI(page);
    expect(after?.roomId).toBe(before!.roomId);
    const state = await page.evaluate(() => {
      const s = (window as any).__fireside.room.state;
      // The view travels in parts now: compare the decoded JSON, as viewBefore was taken.
      return { status: s.status, view: (window as any).__fireside.viewJson() as string, mine: s.seats[0].secret as string };
    });
    expect(state.status).toBe('playing');
    // Gift Trap's bots wait on the humans: the match is where the page left it.
    expect(state.view).toBe(viewBefore);
    expect(state.mine).not.toBe('');
    await page.screenshot({ path: path.join(ARTIFACTS, 'restarted-match.png') });
  }, 90_000);
});
