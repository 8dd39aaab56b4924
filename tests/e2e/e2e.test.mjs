// End-to-end: guests play each game against a bot to the end, two browsers play each other,
// a reload rejoins the same seat, a spectator never sees a hand, and every board is photographed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, guest, createTable, playToEnd, playSome, shot, moveNo, joinFromLobby } from './lib.mjs';

// Small option values so that a random game ends quickly (only fields the options form has).
const QUICK = {
  fate: { plyLimit: 30 },
  ardent: { turn_cap: 20 },
  riftbound: { turn_limit: 12 },
};

let browser;
let offered = [];
before(async () => {
  browser = await launch();
  offered = (await (await fetch(`${BASE}/api/games`)).json()).map((g) => g.name);
});
after(async () => {
  await browser?.close();
});

for (const game of ['fate', 'ardent', 'riftbound']) {
  test(`a guest plays a whole game of ${game} against a bot to the end`, async (t) => {
    if (!offered.includes(game)) {
      // Loud, not silent: the server build must register every game (cli games.rs).
      t.skip(`NOT TESTED: the server does not offer ${game} (GET /api/games lists ${offered.join(', ')})`);
      return;
    }
    const { context, page } = await guest(browser, `Guest ${game}`);
    await createTable(page, game, ['me', 'bot:random'], QUICK[game]);
    await page.waitForSelector('.board');
    assert.ok(await page.$(`.${game === 'riftbound' ? 'rift' : game}-board`), `the ${game} board is drawn (not the JSON fallback)`);
    if (game === 'ardent') {
      // Clicking a card selects the legal actions that mention it.
      await page.waitForSelector('#actions button.action');
      // (A card with one action plays it at once; with several, they are offered beside the prompt.)
      const before = await page.textContent('.table-head');
      await page.click('.hand-zone .card.playable');
      await page.waitForFunction((b) => document.querySelector('#card-actions button.action') || document.querySelector('.table-head').textContent !== b, before);
      if (await page.$('#card-actions button.action')) {
        const notes = await page.$$eval('#card-actions button.action', (bs) => bs.map((b) => b.dataset.notation));
        const key = await page.$eval('.card.selected', (c) => c.dataset.key);
        assert.ok(notes.length > 0 && notes.every((n) => n.split(/\s+/).includes(key)), `the card's actions (${notes}) mention ${key}`);
        await page.click('#card-actions button.link');
      }
    }
    let phoneShot = false;
    const clicks = await playToEnd([page], {
      seed: 7,
      onClick: async (n) => {
        if (n === 6) {
          await shot(page, `${game}-1280x800`);
          await page.setViewportSize({ width: 390, height: 844 });
          await shot(page, `${game}-390x844`);
          await page.setViewportSize({ width: 1280, height: 800 });
          phoneShot = true;
        }
      },
    });
    await page.waitForSelector('#game-over');
    await shot(page, `${game}-game-over`);
    const banner = await page.textContent('#game-over');
    assert.match(banner, /Game over/);
    assert.ok(clicks > 0, 'the guest played at least one action');
    assert.ok(phoneShot || clicks < 6, 'screenshots were taken');
    // The replay of the finished game opens and steps.
    await page.click('#to-replay');
    await page.waitForSelector('#replay-actions li');
    await page.click('#rp-first');
    await page.waitForSelector('#replay-board[data-step="0"] .board');
    const start = await page.innerHTML('#replay-board .board');
    await page.click('#rp-next');
    assert.match(await page.textContent('#replay-step'), /Action 1 \//);
    // The board is redrawn at each step by the game's board renderer (not the JSON fallback).
    await page.waitForSelector(`#replay-board[data-step="1"] .${game === 'riftbound' ? 'rift' : game}-board`);
    await page.click('#rp-last');
    const total = (await page.$$('#replay-actions li')).length;
    await page.waitForSelector(`#replay-board[data-step="${total}"] .board`);
    assert.notEqual(await page.innerHTML('#replay-board .board'), start, 'the last step draws another board than the first');
    await shot(page, `${game}-replay`);
    if (game === 'fate') {
      // The computer analysis (issue #14): the solver's verdict on every move, blunders marked.
      await page.click('#rp-analyse');
      await page.waitForSelector('#replay-analysis[data-done="1"]', { timeout: 60000 });
      assert.match(await page.textContent('#replay-analysis'), /Computer analysis \(\d+ positions solved/);
      const marked = await page.$$('#replay-analysis li.blunder');
      const listed = await page.$$('#replay-actions li.blunder');
      assert.equal(marked.length, listed.length, 'every blunder is marked in the action list');
      if (marked.length === 0) assert.ok(await page.$('#replay-analysis .no-blunders'));
      await shot(page, 'fate-replay-analysis');
    }
    assert.deepEqual(page.errors, [], 'no script errors');
    await context.close();
  });
}

test('two browsers play each other; a spectator never sees a hand; a reload rejoins the same seat', async () => {
  const ann = await guest(browser, 'Ann');
  const bob = await guest(browser, 'Bob');
  const id = await createTable(ann.page, 'ardent', ['me', 'open'], QUICK.ardent);
  await ann.page.waitForSelector('#start');
  // Bob finds the table in the lobby and joins the open seat.
  await bob.page.goto(`${BASE}/#/`);
  await bob.page.click(`.table-item[data-table="${id}"] a.button`);
  await bob.page.click('.join-seat[data-seat="1"]');
  await bob.page.waitForSelector('.seat-chip.me');
  await ann.page.waitForFunction(() => !document.querySelector('#start')?.disabled);
  await ann.page.click('#start');
  await ann.page.waitForSelector('.board');
  await bob.page.waitForSelector('.board');

  // A spectator (a third person) watches: no hand card of either player may appear.
  const eve = await guest(browser, 'Eve');
  await eve.page.goto(`${BASE}/#/table/${id}`);
  await eve.page.waitForSelector('.board');
  assert.ok(await eve.page.$('#spectator-badge'), 'Eve is a spectator');
  const hands = async (p) =>
    p.$$eval('.player.mine .hand-zone .card:not(.back)', (cs) => cs.map((c) => ({ key: c.dataset.key, name: c.querySelector('.card-name').textContent })));
  const annHand = await hands(ann.page);
  const bobHand = await hands(bob.page);
  assert.ok(annHand.length > 0 && bobHand.length > 0, 'each player sees their own hand');
  const eveKeys = await eve.page.$$eval('[data-key]', (cs) => cs.map((c) => c.dataset.key));
  const eveHandText = await eve.page.$$eval('.hand-zone', (zs) => zs.map((z) => z.textContent).join(' '));
  for (const c of [...annHand, ...bobHand]) {
    assert.ok(!eveKeys.includes(c.key), `the spectator's page holds no element for hand card ${c.key}`);
    assert.ok(!eveHandText.includes(c.name), `the spectator's hand zones do not name ${c.name}`);
  }
  assert.equal(await eve.page.$$eval('.hand-zone .card:not(.back)', (cs) => cs.length), 0, 'the spectator sees only card backs in hands');
  assert.equal(await eve.page.$('#actions'), null, 'a spectator has no actions');
  await shot(eve.page, 'ardent-spectator');

  // Play a few moves, then Ann reloads: she is back in seat 1 (P1), with her hand.
  const seatBefore = await ann.page.textContent('.seat-chip.me');
  await playSome([ann.page, bob.page], { maxClicks: 4, seed: 3 });
  await ann.page.reload();
  await ann.page.waitForSelector('.board');
  assert.equal(await ann.page.textContent('.seat-chip.me'), seatBefore, 'the reload rejoined the same seat');
  assert.equal(await ann.page.$('#spectator-badge'), null, 'after the reload Ann is not a spectator');

  // Both play to the end.
  await playToEnd([ann.page, bob.page], { seed: 11 });
  await ann.page.waitForSelector('#game-over');
  await bob.page.waitForSelector('#game-over');
  await eve.page.waitForSelector('#game-over');
  await shot(ann.page, 'ardent-two-players-over');
  for (const p of [ann.page, bob.page, eve.page]) assert.deepEqual(p.errors, [], 'no script errors');
  await ann.context.close();
  await bob.context.close();
  await eve.context.close();
});

test('two browsers: the clock runs, a draw offer is declined, a move is taken back by agreement, a concession ends the game', async () => {
  const ann = await guest(browser, 'Cat');
  const bob = await guest(browser, 'Dan');
  const id = await createTable(ann.page, 'fate', ['me', 'open'], QUICK.fate, 600);
  await joinFromLobby(bob.page, id, 1);
  await ann.page.waitForFunction(() => !document.querySelector('#start')?.disabled);
  await ann.page.click('#start');
  const pages = [ann.page, bob.page];
  for (const p of pages) await p.waitForSelector('.board');
  // The secret setup first (its choices cannot be taken back), then a public move.
  let guard = 0;
  while ((await ann.page.textContent('.board-info')).includes('setup')) {
    await playSome(pages, { maxClicks: 1, seed: 5 + guard });
    if (++guard > 60) throw new Error('the Fate setup did not end');
  }
  // The clock of the human to act is shown.
  await ann.page.waitForFunction(() => /⏱/.test(document.querySelector('#clock').textContent));

  // A draw offer, declined.
  await ann.page.click('#offer-draw');
  await bob.page.waitForSelector('#draw-offer');
  await bob.page.click('#draw-offer button:nth-of-type(2)');
  await bob.page.waitForSelector('#draw-offer', { state: 'detached' });

  // A move, taken back by agreement.
  const actor = (await ann.page.$('#actions button.action')) ? ann.page : bob.page;
  const other = actor === ann.page ? bob.page : ann.page;
  await actor.waitForSelector('#actions button.action');
  const before = await moveNo(actor);
  await actor.click('#actions button.action');
  await actor.waitForFunction((m) => new RegExp(`Move ${m + 1}\\b`).test(document.querySelector('.table-head').textContent), before);
  await actor.click('#undo');
  await other.waitForSelector('#undo-offer');
  await other.click('#undo-offer button:nth-of-type(1)');
  await actor.waitForFunction((m) => new RegExp(`Move ${m}\\b`).test(document.querySelector('.table-head').textContent), before);
  assert.equal(await moveNo(other), before, 'both see the move taken back');

  // Dan concedes (two clicks: the button asks for confirmation).
  await bob.page.click('#concede');
  assert.match(await bob.page.textContent('#concede'), /Concede this game/);
  await bob.page.click('#concede');
  await ann.page.waitForSelector('#game-over');
  await bob.page.waitForSelector('#game-over');
  assert.match(await ann.page.textContent('#game-over'), /You win/);
  assert.match(await bob.page.textContent('#game-over'), /You lose/);
  for (const p of pages) assert.deepEqual(p.errors, [], 'no script errors');
  await ann.context.close();
  await bob.context.close();
});

test('the language toggle switches every label to Chinese and back, and is remembered', async () => {
  const { context, page } = await guest(browser, 'Lang');
  await page.goto(`${BASE}/#/`);
  await page.waitForSelector('#create-form');
  assert.match(await page.textContent('#header'), /Lobby/);
  await page.click('#lang-toggle');
  await page.waitForFunction(() => document.querySelector('#header').textContent.includes('大厅'));
  await page.reload();
  await page.waitForSelector('#create-form');
  assert.match(await page.textContent('#header'), /大厅/);
  assert.match(await page.textContent('#create-form'), /创建牌桌/);
  await page.click('#lang-toggle');
  await page.waitForFunction(() => document.querySelector('#header').textContent.includes('Lobby'));
  await shot(page, 'lobby-1280x800');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'lobby-390x844');
  await context.close();
});

test('the deck library: an Ardent deck is generated, shown, printed; Riftbound lists are validated and saved', async () => {
  const { context, page } = await guest(browser, 'Decks');
  await page.goto(`${BASE}/#/decks`);
  await page.waitForSelector('#ardent-decks');
  await page.fill('#ardent-count', '2');
  await page.click('#ardent-generate');
  // The last generated deck is shown with its 17 cards drawn as cards.
  await page.waitForSelector('#ardent-cards .card');
  assert.equal(await page.$$eval('#ardent-cards .card', (cs) => cs.length), 17, 'a deck holds 17 cards (spec §2.1)');
  const names = await page.$$eval('#ardent-cards .card .card-name', (ns) => ns.map((n) => n.textContent));
  assert.ok(names.every((n) => n && !n.startsWith('[')), `every card is named: ${names}`);
  await page.waitForFunction(() => document.querySelectorAll('#ardent-list .ardent-deck').length >= 2);
  // The print link answers with a PDF.
  const href = await page.getAttribute('#ardent-list .ardent-deck .deck-pdf', 'href');
  const pdf = await page.evaluate(async (u) => {
    const r = await fetch(u);
    const b = new Uint8Array(await r.arrayBuffer());
    return { status: r.status, type: r.headers.get('content-type'), head: String.fromCharCode(...b.slice(0, 4)) };
  }, href);
  assert.deepEqual(pdf, { status: 200, type: 'application/pdf', head: '%PDF' });
  // A filter by a card of the shown deck keeps that deck.
  const shownId = await page.getAttribute('#ardent-detail .deck-detail', 'data-id');
  const code = await page.$eval('#ardent-cards .card .card-sub', (s) => s.textContent.split(' · ')[0]);
  await page.fill('#ardent-filter-card', code);
  await page.click('#ardent-search');
  await page.waitForFunction((id) => [...document.querySelectorAll('#ardent-list .ardent-deck')].some((d) => d.dataset.id === id), shownId);
  await shot(page, 'decks-1280x800');
  await page.fill('#ardent-filter-card', '');
  await page.click('#ardent-search');

  // Riftbound: a bad list lists its problems; a starter list is legal and is saved.
  await page.fill('#rift-list', 'Legend: 1 Roxa, Wildfire Heart\nMain Deck:\n3 Blast Runner\n3 No Such Card');
  await page.click('#rift-validate');
  await page.waitForSelector('#rift-problems li');
  assert.ok((await page.$$('#rift-problems li')).length >= 1, 'the problems are listed');
  await page.waitForSelector('#rift-starters .rift-load');
  await page.click('#rift-starters .rift-load');
  await page.waitForSelector('#rift-ok');
  await page.fill('#rift-name', 'E2E Roxa');
  await page.click('#rift-save');
  await page.waitForFunction(() => [...document.querySelectorAll('#rift-saved .rift-deck')].some((d) => d.dataset.name === 'E2E Roxa'));
  await page.locator('#riftbound-decks').scrollIntoViewIfNeeded();
  await shot(page, 'decks-riftbound-1280x800');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${BASE}/#/decks`);
  await page.waitForSelector('#ardent-list .ardent-deck');
  await page.click('#ardent-list .ardent-deck .deck-show');
  await page.waitForSelector('#ardent-cards .card');
  await shot(page, 'decks-390x844');
  assert.deepEqual(page.errors, [], 'no script errors');
  await context.close();
});

test('a guest plays Ardent Reapers with library decks against the greedy bot to the end', async (t) => {
  if (!offered.includes('ardent')) {
    t.skip('NOT TESTED: the server does not offer ardent');
    return;
  }
  const { context, page } = await guest(browser, 'Greedy Foe');
  // Library decks exist (the deck test above made some; make sure when run alone).
  await page.evaluate(() => fetch('/api/decks/ardent/generate', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"count": 2}' }));
  const id = await createTable(page, 'ardent', ['me', 'bot:easy'], QUICK.ardent, null, [/AR\d+-/, /AR\d+-/]);
  await page.waitForSelector('.ardent-board');
  const summary = await (await fetch(`${BASE}/api/tables/${id}`)).json();
  assert.equal(summary.seats[1].bot, 'easy', `seat 2 is the easy bot: ${JSON.stringify(summary.seats[1])}`);
  await playToEnd([page], { seed: 21 });
  await page.waitForSelector('#game-over');
  await shot(page, 'ardent-greedy-over');
  // The game was dealt from the chosen library decks: every card named belongs to them.
  const replay = await (await fetch(`${BASE}/api/tables/${id}/replay`)).json();
  assert.equal(replay.setup.decks.length, 2);
  const library = await (await fetch(`${BASE}/api/decks/ardent`)).json();
  for (const d of replay.setup.decks) {
    assert.ok(library.some((l) => l.name === d.name && JSON.stringify(l.cards) === JSON.stringify(d.cards)), `${d.name} is a library deck`);
  }
  assert.deepEqual(page.errors, [], 'no script errors');
  await context.close();
});

test("the create form follows Riftbound's mode for its seat count and offers starter decks per seat", async (t) => {
  if (!offered.includes('riftbound')) {
    t.skip('NOT TESTED: the server does not offer riftbound');
    return;
  }
  const { context, page } = await guest(browser, 'Modes');
  await page.goto(`${BASE}/#/`);
  await page.waitForSelector('#create-form');
  await page.selectOption('#create-game', 'riftbound');
  await page.$eval('#options-details', (d) => (d.open = true));
  await page.waitForSelector('[data-seat="1"]');
  assert.equal(await page.$('[data-seat="2"]'), null, 'a Duel has two seats');
  // The mode is a choice list (the game's options_info).
  await page.selectOption('[data-opt="mode"]', 'ffa3');
  await page.dispatchEvent('[data-opt="mode"]', 'change');
  await page.waitForSelector('[data-seat="2"]');
  assert.equal(await page.$('[data-seat="3"]'), null, 'Skirmish (ffa3) has three seats (CR 486)');
  await page.waitForSelector('[data-deck-seat="2"] option:nth-child(2)', { state: 'attached' });
  await page.locator('#create-form').scrollIntoViewIfNeeded();
  await shot(page, 'create-riftbound-ffa3');
  const id = await createTable(page, 'riftbound', ['me', 'bot:random', 'bot:random'], { mode: 'ffa3', turn_limit: 6 }, null, ['Wildfire Rush', 'Lyceum Muster', 'Tailwind Roamers']);
  await page.waitForSelector('.rift-board');
  const summary = await (await fetch(`${BASE}/api/tables/${id}`)).json();
  assert.equal(summary.seats.length, 3);
  assert.match(await page.textContent('.rift-board'), /Roxa/, 'seat 1 plays the chosen Wildfire Rush (legend Roxa)');
  assert.deepEqual(page.errors, [], 'no script errors');
  await context.close();
});

test('an account is registered, logged out and logged in again', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  const name = `acct${Date.now() % 1000000}`;
  await page.goto(`${BASE}/#/account`);
  await page.fill('#acct-name', name);
  await page.fill('#acct-password', 'correct horse');
  await page.click('#account-form button[type=button]');
  await page.waitForFunction((n) => document.querySelector('#me-name')?.textContent === n, name);
  await page.goto(`${BASE}/#/account`);
  await page.click('#logout');
  await page.waitForSelector('#header a[href="#/account"]:not(nav a)');
  await page.fill('#acct-name', name);
  await page.fill('#acct-password', 'wrong password');
  await page.click('#account-form button[type=submit]');
  await page.waitForSelector('.toast-error');
  await page.fill('#acct-password', 'correct horse');
  await page.click('#account-form button[type=submit]');
  await page.waitForFunction((n) => document.querySelector('#me-name')?.textContent === n, name);
  await context.close();
});
