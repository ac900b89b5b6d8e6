/**
 * Browser end-to-end test of a chat you notice (client/src/chat/chat.ts): on
 * a phone the chat sits below the table's panels, out of sight. Sam says
 * hello: Mia's phone shows a short toast with it and a pinned "Chat" button
 * with one unread message; tapping it brings the chat into view and the count
 * goes away. What was said before Mia arrived is not counted as news.
 *
 * Needs `npm run build` first, and Debian's Chromium at /usr/bin/chromium.
 */
import path from 'node:path';
import { ARTIFACTS, PHONE, openContext, tid } from './harness.js';
import { useBrowserAndServer } from './use-browser.js';

const env = useBrowserAndServer();

test('a friend’s message while the chat is out of sight: a toast, an unread count, a button that brings the chat into view', async () => {
  const { server, browser } = env;
  const samCtx = await openContext(browser, { viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
  const sam = await samCtx.newPage();
  await sam.goto(server.base + '/');
  await sam.click(tid('game-gifttrap'));
  await sam.fill(tid('nickname-input'), 'Sam');
  await sam.click(tid('create-room'));
  await sam.waitForSelector(tid('chat-input'), { timeout: 15_000 });
  await sam.fill(tid('chat-input'), 'before you came');
  await sam.press(tid('chat-input'), 'Enter');
  const link = await sam.inputValue(tid('invite-link'));

  const miaCtx = await openContext(browser, { ...PHONE, reducedMotion: 'reduce' });
  await miaCtx.addInitScript(() => localStorage.setItem('fireside:lang', 'en'));
  const mia = await miaCtx.newPage();
  await mia.goto(link);
  await mia.fill(tid('join-name'), 'Mia');
  await mia.tap(tid('join-submit'));
  await mia.waitForSelector(tid('lobby'), { timeout: 15_000 });
  await mia.waitForSelector(tid('chat-line'), { state: 'attached' });
  // The chat is below the lobby on a phone: out of sight; the line said before Mia came is not unread.
  expect(await mia.$(tid('chat-unread'))).toBeNull();
  expect(await mia.isVisible(tid('chat-jump'))).toBe(false);

  await sam.fill(tid('chat-input'), 'hello Mia!');
  await sam.press(tid('chat-input'), 'Enter');
  await mia.waitForFunction((sel) => (document.querySelector(sel)?.textContent ?? '').includes('Sam: hello Mia!'), tid('toasts'), { timeout: 10_000 });
  await mia.waitForSelector(`${tid('chat-jump')}:visible`, { timeout: 5000 });
  expect(await mia.textContent(tid('chat-unread'))).toBe('1');
  const box = await mia.locator(tid('chat-jump')).boundingBox();
  expect(box && box.y >= 0 && box.y + box.height <= 844).toBe(true); // in view without scrolling
  await mia.screenshot({ path: path.join(ARTIFACTS, 'chat-unread-phone-en.png') });

  await mia.tap(tid('chat-jump'));
  await mia.waitForSelector(tid('chat-unread'), { state: 'detached', timeout: 10_000 });
  expect(await mia.isVisible(tid('chat-jump'))).toBe(false);
  await samCtx.close();
  await miaCtx.close();
}, 90_000);
