// End-to-end: a seat that is not to act concedes (issue #13 item 3). Riftbound with conceding on
// (`allow_concede`, CR 649) in a best-of-3 match offers the seat's out-of-turn actions
// (docs/protocol.md `out_of_turn`): "concede P2" (the current game) and "concede P2 match", shown
// with the controls while the other seat decides; the idle seat concedes the game (the match goes
// on to game 2), then the match (the table shows the game over). Fate and Ardent offer no
// out-of-turn actions of their own: the server's Concede ends the game, out of turn too.
// Screenshot of the out-of-turn controls: tests/e2e/screenshots/ooturn-*.png and /tmp/ooturn.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, guest, createTable, joinFromLobby, shot } from './lib.mjs';

let browser;
let offered = [];
// Guest names are unique per run (a name already in use by another guest is refused).
const RUN = String(Date.now() % 100000);
before(async () => {
  browser = await launch();
  offered = (await (await fetch(`${BASE}/api/games`)).json()).map((g) => g.name);
});
after(async () => {
  await browser?.close();
});

/** Two guests at a new started table of `game`: seat 0 creates it, seat 1 joins from the lobby. */
async function twoSeats(game, options, names) {
  const a = await guest(browser, `${names[0]}${RUN}`);
  const b = await guest(browser, `${names[1]}${RUN}`);
  const id = await createTable(a.page, game, ['me', 'open'], options);
  await joinFromLobby(b.page, id, 1);
  await a.page.waitForFunction(() => !document.querySelector('#start')?.disabled);
  await a.page.click('#start');
  for (const p of [a.page, b.page]) await p.waitForSelector('.board');
  return [a, b];
}

/** Once both pages show the same move: [index of the seat that is not to act, its page, the other page]. */
async function idleSeat(pages) {
  for (let tries = 0; tries < 200; tries++) {
    const seen = [];
    for (const p of pages)
      seen.push(
        await p.evaluate(() => ({
          move: document.querySelector('.table-head')?.textContent.match(/\d+/)?.[0],
          mine: !!document.querySelector('#prompt.mine'),
          waiting: !!document.querySelector('#prompt.waiting'),
        })),
      );
    if (seen[0].move === seen[1].move && seen[0].mine !== seen[1].mine && seen.every((s) => s.mine || s.waiting)) {
      const i = seen[0].mine ? 1 : 0;
      return [i, pages[i], pages[1 - i]];
    }
    await pages[0].waitForTimeout(100);
  }
  throw new Error('no page settled as the one to act');
}

/** Click a two-click concession: the first click asks for confirmation (`confirm`), the second plays it. */
async function clickTwice(page, sel, confirm) {
  await page.click(sel);
  await page.waitForFunction((s) => document.querySelector(s)?.dataset.armed === 'true', sel);
  assert.match(await page.textContent(sel), confirm);
  await page.click(sel);
}

test('riftbound: the seat not to act concedes the current game, then the match, from the out-of-turn controls (CR 649)', async (t) => {
  if (!offered.includes('riftbound')) {
    t.skip('NOT TESTED: the server does not offer riftbound');
    return;
  }
  const seats = await twoSeats('riftbound', { allow_concede: true, match: 'bo3' }, ['Ivy', 'Jon']);
  const pages = seats.map((s) => s.page);

  // Game 1: the idle seat sees its two concessions (in the game's words), not the plain Concede.
  const [i, idle, other] = await idleSeat(pages);
  const p = `P${i + 1}`;
  const game = `#any-time button[data-notation="concede ${p}"]`;
  const match = `#any-time button[data-notation="concede ${p} match"]`;
  await idle.waitForSelector(game);
  assert.match(await idle.textContent('#any-time h4'), /not your turn/);
  assert.equal(await idle.textContent(game), `${p} concedes`);
  assert.equal(await idle.textContent(match), `${p} concedes the match`);
  assert.ok(!(await idle.$('#concede')), 'the game offers its own concessions: no plain Concede beside them');
  assert.ok(!(await idle.$('#actions')), 'the idle seat has no legal actions');
  // The seat to act finds its own concessions with the controls, not among its legal actions.
  const q = `P${2 - i}`;
  await other.waitForSelector(`#any-time button[data-notation="concede ${q}"]`);
  assert.ok(!(await other.$(`#actions button[data-notation^="concede"]`)), 'concessions are not in the list of legal actions');
  assert.match(await idle.textContent('#match-record'), /Best of 3, game 1/);
  await shot(idle, 'ooturn-riftbound');
  await idle.screenshot({ path: '/tmp/ooturn.png' });

  await clickTwice(idle, game, new RegExp(`Click again to confirm: ${p} concedes$`));
  // The other seat wins game 1; the match goes on.
  for (const pg of pages) await pg.waitForFunction(() => /game 2/.test(document.querySelector('#match-record')?.textContent || ''));
  const won = `${i === 0 ? 'P1 0 · P2 1' : 'P1 1 · P2 0'}`;
  for (const pg of pages) assert.match(await pg.textContent('#match-record'), new RegExp(won));
  assert.match(await other.textContent('#log'), new RegExp(`${p}.* conceded and left the game \\(CR 649\\)`));
  assert.ok(!(await idle.$('#game-over')), 'conceding a game of the match does not end the table');

  // Game 2, in Chinese for the seat that concedes: the match.
  const [j, idle2, other2] = await idleSeat(pages);
  await idle2.evaluate(() => localStorage.setItem('ct_lang', 'zh'));
  await idle2.reload();
  const p2 = `P${j + 1}`;
  const match2 = `#any-time button[data-notation="concede ${p2} match"]`;
  await idle2.waitForSelector(match2);
  assert.match(await idle2.textContent('#any-time h4'), /随时可用/);
  assert.equal(await idle2.textContent(match2), `玩家${j + 1}认输整场比赛`);
  await shot(idle2, 'ooturn-riftbound-zh');
  await clickTwice(idle2, match2, /再次点击以确认：/);
  await idle2.waitForSelector('#game-over');
  await other2.waitForSelector('#game-over');
  assert.match(await idle2.textContent('#game-over'), /你输了/);
  assert.match(await other2.textContent('#game-over'), /You win/);
  assert.match(await other2.textContent('#outcome-reason'), /conceded the match/);
  assert.ok(!(await idle2.$('#any-time')), 'nothing is offered once the table is over');
  for (const pg of pages) assert.deepEqual(pg.errors, [], 'no script errors');
  for (const s of seats) await s.context.close();
});

for (const game of ['fate', 'ardent']) {
  test(`${game}: no out-of-turn actions of its own; the seat not to act concedes with the plain Concede`, async (t) => {
    if (!offered.includes(game)) {
      t.skip(`NOT TESTED: the server does not offer ${game}`);
      return;
    }
    const seats = await twoSeats(game, {}, [`K${game}`, `L${game}`]);
    const pages = seats.map((s) => s.page);
    const [, idle, other] = await idleSeat(pages);
    await idle.waitForSelector('#concede');
    assert.ok(!(await idle.$('#any-time')), `${game} offers no out-of-turn actions`);
    await clickTwice(idle, '#concede', /Concede this game/);
    await idle.waitForSelector('#game-over');
    await other.waitForSelector('#game-over');
    assert.match(await idle.textContent('#game-over'), /You lose/);
    assert.match(await other.textContent('#game-over'), /You win/);
    for (const pg of pages) assert.deepEqual(pg.errors, [], 'no script errors');
    for (const s of seats) await s.context.close();
  });
}
