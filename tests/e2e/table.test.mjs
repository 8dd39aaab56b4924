// End-to-end: the table shows the game (issue #12 item 3). For each game a whole game against a
// bot in which the test checks, along the way, that hovering a card shows its rules text, that a
// prompt names its source card, that clicking a highlighted card acts, and that the log holds a
// damage / death / score line written in words; Riftbound tables of 3 and 4 seats draw every
// seat with your own at the bottom; the same in Chinese for one game; a phone viewport for one
// game (the action panel never covers your own cards, no card text rotated, long-press zooms);
// the game-end summary and rematch; chat kept across a reload with an unread badge; a pending
// take-back shown to the one who asked. Screenshots go to tests/e2e/screenshots and /tmp/shots.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { BASE, launch, guest, createTable, playSome, shot, joinFromLobby } from './lib.mjs';

const QUICK = {
  fate: { plyLimit: 60 },
  ardent: { turn_cap: 20 },
  riftbound: { turn_limit: 14 },
};
const BOARD = { fate: 'fate-board', ardent: 'ardent-board', riftbound: 'rift-board' };
const EXTRA_SHOTS = '/tmp/shots';
fs.mkdirSync(EXTRA_SHOTS, { recursive: true });

let browser;
// Guest names are unique per run (a name already in use by another guest is refused).
const RUN = String(Date.now() % 100000);
let offered = [];
before(async () => {
  browser = await launch();
  offered = (await (await fetch(`${BASE}/api/games`)).json()).map((g) => g.name);
});
after(async () => {
  await browser?.close();
});

async function snap(page, name) {
  await shot(page, name);
  await page.screenshot({ path: path.join(EXTRA_SHOTS, `${name}.png`), fullPage: false });
}

/** A label that is the engine's default (the event's debug text), not words. */
const DEBUG = /^[A-Z][A-Za-z]+ \{|\bSeat\(\d\)|CardRef \{/;

/** Hover the first card on the board that has catalogue rules text; return the zoom's text. */
async function hoverForRules(page) {
  const cards = await page.$$('#board .card[data-card]:not(.back)');
  for (const c of cards.slice(0, 12)) {
    try {
      await c.hover({ timeout: 1000 });
    } catch {
      continue;
    }
    const txt = await page.$eval('#zoom #zoom-text', (z) => z.textContent).catch(() => '');
    if (txt && !/No rules text|没有规则文字/.test(txt)) return txt;
  }
  return null;
}

/**
 * Play to the end against bots, checking along the way: the zoom shows rules text on hover, a
 * prompt names its source card, and clicking a highlighted board card acts.
 */
async function playChecking(page, { seed = 5, maxClicks = 3000, shots = null } = {}) {
  let x = seed;
  const rnd = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
  const seen = { rules: null, source: null, boardClick: false, clicks: 0 };
  for (;;) {
    if (await page.$('#game-over')) return seen;
    if (seen.clicks > maxClicks) throw new Error(`no game over after ${seen.clicks} clicks`);
    const buttons = await page.$$('#actions button.action');
    if (!buttons.length) {
      await page.waitForTimeout(80);
      continue;
    }
    if (!seen.rules) seen.rules = await hoverForRules(page);
    if (!seen.source) {
      const src = await page.$('#prompt-source .card-link');
      if (src) {
        const name = (await src.textContent()).trim();
        if (name) {
          await src.click();
          const z = await page.waitForSelector('#zoom.sticky', { timeout: 3000 }).catch(() => null);
          seen.source = { name, title: await page.textContent('#your-turn'), zoom: z ? await z.textContent() : '' };
          await page.mouse.move(1, 1);
          if (z) await page.click('#zoom.sticky');
        }
      }
    }
    // Now and then act by clicking a highlighted card instead of a button.
    const hi = await page.$$('#board .card.playable[data-id]');
    if (hi.length && (rnd() < 0.35 || !seen.boardClick)) {
      const before = await page.textContent('.table-head');
      const c = hi[Math.floor(rnd() * hi.length)];
      try {
        await c.click({ timeout: 2000 });
        const ok = await page
          .waitForFunction((b) => document.querySelector('#card-actions') || document.querySelector('.table-head').textContent !== b, before, { timeout: 8000 })
          .then(() => true)
          .catch(() => false);
        if (ok) {
          seen.boardClick = true;
          const inPanel = await page.$$('#card-actions button.action');
          if (inPanel.length) await inPanel[Math.floor(rnd() * inPanel.length)].click({ timeout: 2000 }).catch(() => {});
          seen.clicks++;
          await page.waitForTimeout(60);
          continue;
        }
      } catch {
        /* re-rendered under us */
      }
    }
    // Skills and effects ask follow-up questions that name their source card: try one sometimes.
    const skills = seen.source ? [] : await page.$$('#actions button.action[data-kind="activate"], #actions button.action[data-kind="play"]');
    const b = skills.length && rnd() < 0.6 ? skills[Math.floor(rnd() * skills.length)] : buttons[Math.floor(rnd() * buttons.length)];
    try {
      await b.click({ timeout: 3000 });
      seen.clicks++;
      if (shots) await shots(seen.clicks);
      await page.waitForFunction((el) => !el.isConnected, b, { timeout: 15000 }).catch(() => {});
    } catch {
      /* the board re-rendered under us: try again */
    }
  }
}

/** The log lines of these kinds, as text. */
async function logLines(page, kinds) {
  return page.$$eval(
    '#log li',
    (lis, ks) => lis.filter((li) => ks.some((k) => li.classList.contains(`k-${k}`))).map((li) => li.textContent.replace(/^\d+\.\s*/, '')),
    kinds,
  );
}

for (const game of ['fate', 'ardent', 'riftbound']) {
  test(`${game}: a game against a bot — card text on hover, prompts name their source, the log in words, the end summary`, async (t) => {
    if (!offered.includes(game)) {
      t.skip(`NOT TESTED: the server does not offer ${game}`);
      return;
    }
    const { context, page } = await guest(browser, `Tab ${game} ${RUN}`);
    const started = Date.now();
    await createTable(page, game, ['me', 'bot:random'], QUICK[game]);
    await page.waitForSelector(`.${BOARD[game]}`);
    assert.ok(await page.$('#howto-link[href="#/howto/' + game + '"]'), 'the table links to how to play');
    let names = null;
    const seen = await playChecking(page, {
      seed: 9,
      shots: async (n) => {
        if (n >= 8 && names == null) {
          // Every card face on the board carries a name.
          names = await page.$$eval('#board .card:not(.back) .card-name', (ns) => ns.map((x) => x.textContent.trim()));
          await snap(page, `table-${game}-1280x800`);
          await page.setViewportSize({ width: 390, height: 844 });
          await snap(page, `table-${game}-390x844`);
          await page.setViewportSize({ width: 1280, height: 800 });
        }
      },
    });
    await page.waitForSelector('#game-over');
    const secs = Math.round((Date.now() - started) / 1000);
    console.log(`# ${game}: ${seen.clicks} clicks, ${secs} s; a board click acted: ${seen.boardClick}`);
    assert.ok(names && names.length && names.every((n) => n && !/^\S?\s*\?$/.test(n)), `every card is named: ${names}`);
    assert.ok(seen.rules, 'hovering a card showed its rules text');
    if (game === 'fate' && !seen.source) {
      // Fate's prompts name a source card only inside skills and resource attacks (King of
      // Cups, Queen of Swords…), which a random game may never reach: say so, loudly.
      console.log('# fate: NOT CHECKED in this game — no prompt with a source card arose');
    } else {
      assert.ok(seen.source, 'a prompt named its source card');
      assert.ok(seen.source.zoom.includes(seen.source.name), `the source card's zoom opens (${seen.source.name})`);
    }
    // A card named in the log opens the same zoom.
    const link = await page.$('#log .card-link');
    assert.ok(link, 'the log names cards');
    const linkName = (await link.textContent()).trim();
    await link.click();
    const z = await page.waitForSelector('#zoom.sticky');
    assert.ok((await z.textContent()).includes(linkName), `the log's card ${linkName} opens its zoom`);
    await page.click('#zoom.sticky');
    const words = await logLines(page, ['damage', 'death', 'score']);
    assert.ok(words.length > 0, 'the log holds a damage, death or score line');
    for (const w of words) assert.doesNotMatch(w, DEBUG, `a log line in words, not a dump: ${w}`);
    assert.ok((await page.$$('#log li.sep')).length > 0, 'the log has turn/phase separators');
    // The end: who won, why in words, scores, rematch and back to the lobby.
    const reason = await page.textContent('#outcome-reason');
    assert.doesNotMatch(reason, DEBUG);
    assert.ok(reason.replace(/^Reason:\s*/, '').trim().length > 3, `the reason in words: ${reason}`);
    assert.ok(await page.$('#to-lobby'), 'back to the lobby');
    await snap(page, `table-${game}-over`);
    assert.deepEqual(page.errors, [], 'no script errors');
    // Rematch: a new table of the same game.
    await page.click('#rematch');
    const moved = await page
      .waitForFunction((old) => location.hash.startsWith('#/table/') && !location.hash.includes(old), page.url().split('#/table/')[1], { timeout: 20000 })
      .then(() => true)
      .catch(() => false);
    assert.ok(moved, `the rematch opened a new table (${(await page.textContent('#rematch-error').catch(() => '')) || 'no error shown'})`);
    await page.waitForSelector('.table-head h2');
    await context.close();
  });
}

for (const [mode, n] of [
  ['ffa3', 3],
  ['ffa4', 4],
]) {
  test(`riftbound ${mode}: every one of the ${n} seats is drawn, your own at the bottom with its hand`, async (t) => {
    if (!offered.includes('riftbound')) {
      t.skip('NOT TESTED: the server does not offer riftbound');
      return;
    }
    const { context, page } = await guest(browser, `Rift ${n} ${RUN}`);
    const seats = ['me', ...Array.from({ length: n - 1 }, () => 'bot:random')];
    await createTable(page, 'riftbound', seats, { mode, turn_limit: 6 });
    await page.waitForSelector('.rift-board');
    const drawn = await page.$$eval('.rift-board section.player', (ps) => ps.map((p) => ({ seat: Number(p.dataset.seat), mine: p.classList.contains('mine') })));
    assert.equal(drawn.length, n, `${n} players drawn: ${JSON.stringify(drawn)}`);
    assert.deepEqual([...new Set(drawn.map((d) => d.seat))].sort(), Array.from({ length: n }, (_, i) => i), 'each seat once');
    assert.deepEqual(drawn[drawn.length - 1], { seat: 0, mine: true }, 'your own seat is drawn last (at the bottom)');
    assert.ok((await page.$$('.player.mine .hand-zone .card:not(.back)')).length > 0, 'your own hand is shown face up');
    // The board keeps every seat while the game goes on.
    await playSome([page], { maxClicks: 6, seed: 4 });
    assert.equal((await page.$$('.rift-board section.player')).length, n);
    await snap(page, `table-riftbound-${mode}-1280x800`);
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, `table-riftbound-${mode}-390x844`);
    assert.deepEqual(page.errors, [], 'no script errors');
    await context.close();
  });
}

test('in Chinese: a game of Ardent Reapers against a bot — names, prompts, log and the end in Chinese', async (t) => {
  if (!offered.includes('ardent')) {
    t.skip('NOT TESTED: the server does not offer ardent');
    return;
  }
  const { context, page } = await guest(browser, `Zh ${RUN}`);
  await page.evaluate(() => localStorage.setItem('ct_lang', 'zh'));
  await page.reload();
  await page.waitForSelector('#header');
  await createTable(page, 'ardent', ['me', 'bot:random'], QUICK.ardent);
  await page.waitForSelector('.ardent-board');
  assert.match(await page.textContent('.table-head h2'), /热诚收割者/);
  const seen = await playChecking(page, { seed: 13 });
  await page.waitForSelector('#game-over');
  const han = /[\u4e00-\u9fff]/;
  assert.match(seen.rules || '', han, `the card text is Chinese: ${seen.rules}`);
  assert.ok(seen.source, 'a prompt named its source card');
  assert.match(seen.source.title, han, `the prompt title is Chinese: ${seen.source.title}`);
  const words = await logLines(page, ['damage', 'death', 'score']);
  assert.ok(words.length > 0 && words.every((w) => han.test(w)), `log lines in Chinese: ${words.slice(0, 3)}`);
  assert.match(await page.textContent('#game-over'), /对局结束/);
  assert.match(await page.textContent('#outcome-reason'), han);
  const body = await page.textContent('main');
  assert.doesNotMatch(body, /\[[a-z_]+\]/, 'no missing UI string');
  await snap(page, 'table-ardent-zh-over');
  assert.deepEqual(page.errors, [], 'no script errors');
  await context.close();
});

test('phone: the action panel never covers your own cards, no card is drawn rotated, a long press shows the card', async (t) => {
  if (!offered.includes('riftbound')) {
    t.skip('NOT TESTED: the server does not offer riftbound');
    return;
  }
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', hasTouch: true, isMobile: true });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(`${BASE}/#/account`);
  await page.fill('#guest-name', `Phone ${RUN}`);
  await page.click('#guest-submit');
  await page.waitForSelector('#me-name');
  await createTable(page, 'riftbound', ['me', 'bot:random'], QUICK.riftbound);
  await page.waitForSelector('.rift-board');
  const check = async () => {
    // No card turned by more than a small lean (text stays readable).
    const angles = await page.$$eval('#board .card', (cs) =>
      cs.map((c) => {
        let el = c;
        let a = 0;
        while (el && el !== document.body) {
          const m = getComputedStyle(el).transform;
          if (m && m !== 'none') {
            const [p, q] = m.slice(7, -1).split(',').map(Number);
            a += (Math.atan2(q, p) * 180) / Math.PI;
          }
          el = el.parentElement;
        }
        return Math.abs(a);
      }),
    );
    assert.ok(angles.every((a) => a <= 10), `no card rotated past 10°: ${Math.max(...angles)}`);
    // The action panel does not lie over any of your own cards, wherever the page is scrolled.
    for (const y of [0, 400, 800, 1600, 4000]) {
      await page.evaluate((yy) => window.scrollTo(0, yy), y);
      const overlap = await page.evaluate(() => {
        const p = document.querySelector('#prompt');
        if (!p || !p.getBoundingClientRect().height) return null;
        const a = p.getBoundingClientRect();
        for (const c of document.querySelectorAll('.player.mine .card')) {
          if (c.closest('details:not([open])')) continue; // a folded pile (trash) shows no card
          const b = c.getBoundingClientRect();
          if (b.height && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) return `${c.textContent} (card ${Math.round(b.top)}–${Math.round(b.bottom)}, panel ${Math.round(a.top)}–${Math.round(a.bottom)})`;
        }
        return null;
      });
      if (overlap) await page.screenshot({ path: '/tmp/shots/fail-phone.png', fullPage: true });
      assert.equal(overlap, null, `the action panel covers your card ${overlap} at scroll ${y}`);
    }
  };
  await check();
  // A long press on a card of your hand shows it whole.
  const card = await page.$('.player.mine .hand-zone .card:not(.back)');
  assert.ok(card, 'a card in hand');
  const box = await card.boundingBox();
  await card.dispatchEvent('pointerdown', { pointerType: 'touch', clientX: box.x + 10, clientY: box.y + 10, isPrimary: true });
  await page.waitForSelector('#zoom.sticky', { timeout: 3000 });
  await card.dispatchEvent('pointerup', { pointerType: 'touch' });
  await snap(page, 'table-riftbound-phone-zoom');
  await page.click('#zoom .zoom-close');
  // Highlighting the cards an action names (what hovering its button does) never moves a card.
  // It used to (the prompt's `.hint` margin also matched `.card.hint`): the button under the
  // pointer then moved away, the highlight went off, the button moved back, on every frame, and
  // Playwright's clicks on the phone found the button "not stable" and stopped going through.
  const moved = await page.$$eval('#board .card', (cs) =>
    cs.map((c) => {
      const a = c.getBoundingClientRect();
      c.classList.add('hint');
      const b = c.getBoundingClientRect();
      c.classList.remove('hint');
      return b.top - a.top || b.height - a.height;
    }),
  );
  assert.ok(moved.length > 0, 'the board shows cards');
  assert.deepEqual(moved.filter((d) => d !== 0), [], 'a highlighted card keeps its place and size');
  await playSome([page], { maxClicks: 12, seed: 2 });
  await check();
  await snap(page, 'table-riftbound-phone');
  assert.deepEqual(page.errors, [], 'no script errors');
  await context.close();
});

test('two players: chat beside the board with an unread badge, kept across a reload; a pending take-back is shown to the asker', async () => {
  const ann = await guest(browser, `Ada ${RUN}`);
  const bob = await guest(browser, `Ben ${RUN}`);
  const id = await createTable(ann.page, 'ardent', ['me', 'open'], QUICK.ardent);
  await joinFromLobby(bob.page, id, 1);
  await ann.page.waitForFunction(() => !document.querySelector('#start')?.disabled);
  await ann.page.click('#start');
  for (const p of [ann.page, bob.page]) await p.waitForSelector('.board');
  assert.ok(await ann.page.isVisible('#chat-input'), 'the chat is open beside the board');
  // Ann folds her chat away; Bob writes; Ann sees a badge.
  await ann.page.$eval('#chat-box', (d) => (d.open = false));
  await bob.page.fill('#chat-input', 'hello from Ben');
  await bob.page.press('#chat-input', 'Enter');
  await ann.page.waitForFunction(() => document.querySelector('#chat-unread')?.textContent === '1');
  await ann.page.$eval('#chat-box', (d) => (d.open = true));
  await ann.page.waitForFunction(() => document.querySelector('#chat-unread')?.textContent === '');
  await ann.page.reload();
  await ann.page.waitForSelector('.board');
  assert.match(await ann.page.textContent('#chat'), /hello from Ben/, 'the chat is kept across a reload');
  // Whoever is to act offers a draw: they see whom they wait for, the other sees the offer.
  const actor = (await ann.page.$('#actions button.action')) ? ann : bob;
  const other = actor === ann ? bob : ann;
  await actor.page.click('#offer-draw');
  await actor.page.waitForSelector('#draw-pending');
  assert.match(await actor.page.textContent('#draw-pending'), /Waiting for P\d .+ to answer your draw offer/);
  await other.page.waitForSelector('#draw-offer');
  await other.page.click('#draw-offer button:has-text("Decline")');
  await actor.page.waitForSelector('#draw-pending', { state: 'detached' });
  // Then plays once and asks to take it back. Ardent's plays show a card from the hand, so the
  // server refuses (a take-back never crosses a reveal, issue #18); where it is allowed the
  // asker sees whom they wait for.
  await actor.page.click('#actions button.action');
  await actor.page.waitForTimeout(500);
  await actor.page.click('#undo');
  const outcome = await Promise.race([
    actor.page.waitForSelector('#undo-pending').then(() => 'pending'),
    actor.page.waitForSelector('.toast-error:has-text("cannot be taken back")').then(() => 'refused'),
  ]);
  if (outcome === 'pending') {
    assert.match(await actor.page.textContent('#undo-pending'), /Waiting for P\d .+ to answer your take-back request/);
    await other.page.waitForSelector('#undo-offer');
  }
  await snap(actor.page, 'table-undo-pending');
  for (const p of [ann.page, bob.page]) assert.deepEqual(p.errors, [], 'no script errors');
  await ann.context.close();
  await bob.context.close();
});
