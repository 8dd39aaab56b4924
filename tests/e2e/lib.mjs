// Helpers shared by the end-to-end tests: Chromium, guests, tables, and playing to the end.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BASE = process.env.E2E_BASE || 'http://127.0.0.1:8080';
export const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
fs.mkdirSync(SHOTS, { recursive: true });

export async function launch() {
  // playwright-core gives every launch a fresh, temporary --user-data-dir.
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A new context + page signed in as a guest called `name`. */
export async function guest(browser, name, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport, locale: 'en-US' });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.setDefaultTimeout(30000);
  await page.goto(`${BASE}/#/account`);
  await page.fill('#guest-name', name);
  await page.click('#guest-submit');
  await page.waitForSelector('#me-name');
  return { context, page };
}

/**
 * Create a table from the lobby form: seats like ['me', 'bot:random'] or ['me', 'open']; `decks`
 * picks each seat's deck by its label in the seat's deck menu (a RegExp or string). Returns its id.
 */
export async function createTable(page, game, seats, options = {}, clockSecs = null, decks = null) {
  await page.goto(`${BASE}/#/`);
  await page.waitForSelector('#create-form');
  await page.selectOption('#create-game', game);
  await page.$eval('#options-details', (d) => (d.open = true));
  for (const [k, v] of Object.entries(options)) {
    const sel = `[data-opt="${k}"]`;
    if (await page.$(sel)) {
      // Options with metadata are choice lists (<select>); the rest are fields.
      if (await page.$eval(sel, (el) => el.tagName === 'SELECT')) await page.selectOption(sel, String(v));
      else if (typeof v === 'boolean') await page.setChecked(sel, v);
      else await page.fill(sel, String(v));
      // Options may change the seat count (Riftbound's mode): the form listens for 'change'.
      await page.dispatchEvent(sel, 'change');
    } else throw new Error(`the ${game} options form has no field ${k}`);
  }
  await page.waitForSelector(`#create-form [data-seat="${seats.length - 1}"]`);
  for (const [i, s] of seats.entries()) {
    const [kind, spec] = s.split(':');
    await page.selectOption(`#create-form [data-seat="${i}"]`, kind);
    // The bot menu lists levels by their spec (web/bots.js); older forms have a text field.
    if (kind === 'bot') {
      const b = `[name="bot-${i}"]`;
      if (await page.$eval(b, (el) => el.tagName === 'SELECT')) await page.selectOption(b, spec);
      else await page.fill(b, spec);
    }
  }
  if (decks) {
    for (const [i, want] of decks.entries()) {
      const sel = `[data-deck-seat="${i}"]`;
      await page.waitForSelector(`${sel} option:nth-child(2)`, { state: 'attached' });
      const labels = await page.$$eval(`${sel} option`, (os) => os.map((o) => o.textContent));
      const label = labels.find((l) => (want instanceof RegExp ? want.test(l) : l.includes(want)));
      if (!label) throw new Error(`seat ${i} offers no deck matching ${want}: ${labels.join(' | ')}`);
      await page.selectOption(sel, { label });
    }
  }
  if (clockSecs) await page.fill('#create-clock', String(clockSecs));
  await page.click('#create-submit');
  await page.waitForURL(/#\/table\//);
  return page.url().split('#/table/')[1];
}

/** Click legal actions (a random one each time, seeded) until the game-over banner shows. */
export async function playToEnd(pages, { maxClicks = 4000, seed = 1, onClick } = {}) {
  let x = seed;
  const rnd = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
  let clicks = 0;
  // A table where no action is taken for 30 s (a bot that never moves, a prompt drawn without
  // action buttons, buttons that cannot be clicked) fails here with a screenshot, the prompt and
  // the server's table state, instead of spinning until the file's timeout.
  let lastAct = Date.now();
  let lastErr = null;
  for (;;) {
    let over = true;
    for (const p of pages) if (!(await p.$('#game-over'))) over = false;
    if (over) return clicks;
    if (clicks > maxClicks) throw new Error(`no game over after ${clicks} clicks`);
    let acted = false;
    for (const p of pages) {
      const buttons = await p.$$('#actions button.action');
      if (!buttons.length) continue;
      const b = buttons[Math.floor(rnd() * buttons.length)];
      try {
        await b.click({ timeout: 3000 });
        acted = true;
        clicks++;
        if (onClick) await onClick(clicks);
        // Wait for the table to move on (the clicked button goes away).
        await p.waitForFunction((el) => !el.isConnected, b, { timeout: 15000 }).catch(() => {});
      } catch (e) {
        // The board re-rendered under us (try again), or the button cannot be clicked (kept for the report).
        lastErr = e.message.split('\n').slice(0, 6).join(' / ');
      }
    }
    if (acted) lastAct = Date.now();
    else if (Date.now() - lastAct > 30000) {
      fs.mkdirSync('/tmp/shots', { recursive: true });
      await pages[0].screenshot({ path: '/tmp/shots/stuck.png', fullPage: true }).catch(() => {});
      const report = [];
      for (const p of pages) report.push(await stuckReport(p));
      const err = new Error(`no action taken and no game over for 30 s after ${clicks} clicks (screenshot /tmp/shots/stuck.png)\nlast click error: ${lastErr}\n${report.join('\n')}`);
      err.stuck = true;
      throw err;
    } else await pages[0].waitForTimeout(100);
  }
}

/** What a stuck table shows (the prompt's title, the #actions HTML) and what the server says of it. */
async function stuckReport(page) {
  const ui = await page
    .evaluate(() => ({
      title: document.querySelector('#your-turn')?.textContent || document.querySelector('#prompt .waiting-for')?.textContent || null,
      actions: document.querySelector('#actions')?.outerHTML?.slice(0, 4000) || null,
      prompt: document.querySelector('#prompt')?.outerHTML?.slice(0, 4000) || null,
    }))
    .catch((e) => ({ error: e.message }));
  const id = page.url().split('#/table/')[1];
  const server = id ? await fetch(`${BASE}/api/tables/${id}`).then((r) => r.json()).catch((e) => ({ error: e.message })) : null;
  return JSON.stringify({ url: page.url(), ...ui, server });
}

/** Run playToEnd for at most `maxClicks` clicks: running out of clicks is fine, a stuck table is not. */
export async function playSome(pages, opts) {
  await playToEnd(pages, opts).catch((e) => {
    if (e.stuck) throw e;
  });
}

export async function shot(page, name) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

/** The move number shown in the table header. */
export async function moveNo(page) {
  const text = await page.textContent('.table-head');
  return Number(/Move (\d+)/.exec(text)[1]);
}

/** Sit `page` at the open seat of table `id` from the lobby list. */
export async function joinFromLobby(page, id, seat) {
  await page.goto(`${BASE}/#/`);
  await page.click(`.table-item[data-table="${id}"] a.button`);
  await page.click(`.join-seat[data-seat="${seat}"]`);
  await page.waitForSelector('.seat-chip.me');
}
