// The single-page app: hash routes, header, guest sign-in and accounts, the lobby.
//   #/            lobby (tables, create a table)
//   #/table/ID    a table (lobby seats, then the board)
//   #/replay/ID   a finished game's replay
//   #/decks       the deck library
//   #/howto/GAME  how to play a game (rules in short, the board, its cards)
//   #/account     guest sign-in, register, log in, log out

import { h, api, toast, fill } from './dom.js';
import { t, L, setLang, getLang, gameName } from './i18n.js';
import { mountTable } from './table.js';
import { mountReplay } from './replay.js';
import { mountDecks } from './decks.js';
import { mountHowto, HOWTO_GAMES } from './howto.js';
import { BOT_LEVELS, DEFAULT_BOT, levelOf, botName } from './bots.js';

export const session = { me: null, games: null };
let unmount = null;

export async function refreshMe() {
  try {
    session.me = await api('GET', '/api/me');
  } catch {
    session.me = null;
  }
  renderHeader();
  return session.me;
}

export async function loadGames() {
  if (!session.games) session.games = await api('GET', '/api/games');
  return session.games;
}

function renderHeader() {
  const hdr = document.getElementById('header');
  fill(hdr, 
    h('a.brand', { href: '#/' }, '🂠 ', t('app_title')),
    h(
      'nav',
      h('a', { href: '#/' }, t('nav_lobby')),
      h('a', { href: '#/decks' }, t('nav_decks')),
      h('a', { href: '#/account' }, t('nav_account')),
    ),
    h(
      'span.who',
      session.me
        ? [t('signed_in_as'), ' ', h('b#me-name', session.me.name), session.me.guest ? ` (${t('guest')})` : '']
        : h('a', { href: '#/account' }, t('not_signed_in')),
    ),
    h(
      'button.lang#lang-toggle',
      {
        title: 'English / 中文',
        on: {
          click: () => {
            setLang(getLang() === 'en' ? 'zh' : 'en');
            route();
          },
        },
      },
      t('lang_toggle'),
    ),
  );
}

// ---------- sign-in ----------

function guestForm(after) {
  const input = h('input#guest-name', { name: 'nickname', maxlength: 32, required: true, placeholder: t('nickname') });
  return h(
    'form.card-panel#guest-form',
    {
      on: {
        submit: async (e) => {
          e.preventDefault();
          try {
            await api('POST', '/api/guest', { name: input.value });
            await refreshMe();
            after();
          } catch (err) {
            toast(err.message, 'error');
          }
        },
      },
    },
    h('h2', t('sign_in_title')),
    h('label', t('nickname'), input),
    h('button.primary#guest-submit', { type: 'submit' }, t('play_as_guest')),
  );
}

function accountForm(after) {
  const name = h('input#acct-name', { maxlength: 32, autocomplete: 'username' });
  const pw = h('input#acct-password', { type: 'password', autocomplete: 'current-password' });
  const go = (path) => async (e) => {
    e.preventDefault();
    try {
      await api('POST', path, { name: name.value, password: pw.value });
      await refreshMe();
      after();
    } catch (err) {
      toast(err.message, 'error');
    }
  };
  return h(
    'form.card-panel#account-form',
    { on: { submit: go('/api/login') } },
    h('h2', t('account_title')),
    h('label', t('name'), name),
    h('label', t('password'), pw),
    h(
      'div.row',
      h('button.primary', { type: 'submit' }, t('login')),
      h('button', { type: 'button', on: { click: go('/api/register') } }, t('register')),
    ),
  );
}

function accountPage(root) {
  const done = () => (location.hash = '#/');
  root.append(
    h(
      'div.page.narrow',
      session.me
        ? h(
            'div.card-panel',
            h('p', t('signed_in_as'), ' ', h('b', session.me.name), session.me.guest ? ` (${t('guest')})` : ''),
            h(
              'button#logout',
              {
                on: {
                  click: async () => {
                    await api('POST', '/api/logout').catch((e) => toast(e.message, 'error'));
                    await refreshMe();
                    route();
                  },
                },
              },
              t('logout'),
            ),
          )
        : null,
      h('div.two-col', guestForm(done), accountForm(done)),
    ),
  );
}

// ---------- lobby ----------

function statusText(s) {
  return t(`status_${s}`);
}

function seatText(s) {
  if (s.kind === 'open') return t('empty_seat');
  if (s.kind === 'bot') return botName(s.bot);
  if (s.kind === 'invited') return `${s.name} (${t('invited')})`;
  return s.name || s.kind;
}

/** Finished tables' outcomes (`GET /api/tables/{id}/outcome`), fetched once per table. */
const outcomes = new Map();

function outcomeOf(id) {
  if (!outcomes.has(id)) outcomes.set(id, api('GET', `/api/tables/${id}/outcome`).catch(() => null));
  return outcomes.get(id);
}

/** How many finished tables the lobby lists (their outcomes are fetched one by one). */
const FINISHED_SHOWN = 12;

async function lobbyPage(root) {
  const page = h('div.page');
  root.append(page);
  if (!session.me) page.append(h('p.notice', t('need_sign_in')), guestForm(() => route()));
  const openBox = h('div#tables-open', t('loading'));
  const playingBox = h('div#tables-playing');
  const finishedBox = h('div#tables-finished');
  const refresh = async () => {
    try {
      const tables = await api('GET', '/api/tables?status=all');
      fill(openBox, tableList(tables.filter((tb) => tb.status === 'lobby'), 'no_open_tables'));
      fill(playingBox, tableList(tables.filter((tb) => tb.status === 'playing'), 'no_playing_tables'));
      fill(finishedBox, tableList(tables.filter((tb) => tb.status === 'finished').slice(0, FINISHED_SHOWN), 'no_finished_tables'));
    } catch (e) {
      fill(openBox, h('p.error', e.message));
    }
  };
  page.append(
    h(
      'section.card-panel#lobby-tables',
      h('div.row.spread', h('h2', t('tables')), h('button#refresh', { on: { click: refresh } }, t('refresh'))),
      h('h3', t('tables_waiting')),
      openBox,
      h('h3', t('tables_playing')),
      playingBox,
      h('h3', t('tables_finished')),
      finishedBox,
    ),
  );
  const games = await loadGames().catch(() => []);
  page.append(
    h(
      'section.card-panel#howto-links',
      h('h2', t('howto_title')),
      h('div.row', games.filter((g) => HOWTO_GAMES.includes(g.name)).map((g) => h('a.button.howto-link', { href: `#/howto/${g.name}`, dataset: { game: g.name } }, `${gameName(g.name)} · ${t('howto_link')}`))),
    ),
  );
  if (session.me) page.append(await createForm());
  refresh();
  const timer = setInterval(refresh, 5000);
  return () => clearInterval(timer);
}

/** Winners and reason of a finished table, filled in when its outcome arrives. */
function outcomeLine(tb) {
  const el = h('div.ti-outcome', t('loading'));
  outcomeOf(tb.id).then((o) => {
    if (!o) return fill(el);
    const winners = o.winners.length
      ? [h('span.muted', `${t('winner')}: `), o.winners.map((w, i) => [i ? ', ' : '', h('b.winner', { dataset: { winnerSeat: w.seat } }, tb.seats[w.seat] ? seatText(tb.seats[w.seat]) : w.name), h('span.muted', ` (${t('seat')} ${w.seat + 1})`)])]
      : h('b', t('draw_result'));
    const reason = o.label ? L(o.label) : '';
    fill(el, winners, reason ? h('span.ti-reason', ` — ${reason}`) : null);
  });
  return el;
}

function tableList(tables, empty) {
  if (!tables.length) return h('p.muted', t(empty));
  return h(
    'div.table-list',
    tables.map((tb) =>
      h(
        'div.table-item',
        { dataset: { table: tb.id, status: tb.status } },
        h('div.ti-game', h('b', gameName(tb.game)), ' ', h('span.badge', { class: `st-${tb.status}` }, statusText(tb.status))),
        h('div.ti-seats', tb.seats.map((s) => h('span.seat-chip', { class: `k-${s.kind}` }, seatText(s))), tb.status === 'finished' ? outcomeLine(tb) : null),
        h('div.ti-meta.muted', `${t('created_by')} ${tb.created_by} · ${new Date(tb.created_at).toLocaleString(getLang() === 'zh' ? 'zh-CN' : 'en')}`),
        h(
          'div.ti-actions',
          tb.status === 'finished'
            ? [
                h('a.button', { href: `#/table/${tb.id}` }, t('open')),
                h('a.button', { href: `#/replay/${tb.id}` }, t('replay')),
                savedSeat(tb.id) && session.me
                  ? h('button.rematch', { type: 'button', on: { click: () => rematch(tb.id).catch((e) => toast(e.message, 'error')) } }, t('lobby_rematch'))
                  : null,
              ]
            : tb.status === 'lobby' && tb.seats.some((s) => s.kind === 'open' || (s.kind === 'invited' && session.me && s.name === session.me.name))
              ? h('a.button.primary', { href: `#/table/${tb.id}` }, t('join'))
              : h('a.button', { href: `#/table/${tb.id}` }, tb.status === 'playing' ? t('watch') : t('open')),
          HOWTO_GAMES.includes(tb.game) ? h('a.howto-link.small', { href: `#/howto/${tb.game}`, title: t('howto_link') }, '?') : null,
        ),
      ),
    ),
  );
}

/** The string a choice's value is known by in a <select> (the value itself comes back typed). */
const choiceKey = (v) => (typeof v === 'string' ? v : JSON.stringify(v));

/**
 * A form for the game's options. Each option with metadata (`options_info`: name, description,
 * choices or min/max) gets its readable name, its description and a choice list or number field;
 * options without metadata fall back to a field named by their key (or the JSON textarea).
 */
function optionsEditor(defaults, info = []) {
  const box = h('div.options');
  const fields = [];
  const isFlat = defaults && typeof defaults === 'object' && !Array.isArray(defaults);
  const rest = {};
  const described = new Set();
  for (const o of info) {
    const def = isFlat && o.key in defaults ? defaults[o.key] : o.default;
    const name = L(o.name) || o.key;
    const desc = L(o.description);
    let input;
    if (o.choices && o.choices.length) {
      input = h('select', { name: `opt-${o.key}`, dataset: { opt: o.key } }, o.choices.map((c) => h('option', { value: choiceKey(c.value) }, L(c.label) || choiceKey(c.value))));
      input.value = choiceKey(def);
      fields.push([o.key, () => (o.choices.find((c) => choiceKey(c.value) === input.value) || { value: def }).value]);
    } else if (typeof def === 'boolean') {
      input = h('input', { type: 'checkbox', checked: def, name: `opt-${o.key}`, dataset: { opt: o.key } });
      fields.push([o.key, () => input.checked]);
    } else if (typeof def === 'number' || o.min != null || o.max != null) {
      input = h('input', { type: 'number', value: def ?? '', min: o.min ?? null, max: o.max ?? null, name: `opt-${o.key}`, dataset: { opt: o.key } });
      fields.push([o.key, () => (input.value === '' ? def : Number(input.value))]);
    } else if (typeof def === 'string' || def == null) {
      input = h('input', { value: def ?? '', name: `opt-${o.key}`, dataset: { opt: o.key } });
      fields.push([o.key, () => (input.value === '' ? def : input.value)]);
    } else continue; // a structured value: left to the JSON textarea below
    described.add(o.key);
    const range = o.min != null && o.max != null ? ` (${o.min}–${o.max})` : '';
    box.append(h('label.opt.described', { dataset: { optKey: o.key } }, h('span.opt-name', name, range), input, desc ? h('span.opt-desc.muted', desc) : null));
  }
  if (isFlat) {
    for (const [k, v] of Object.entries(defaults)) {
      if (described.has(k)) continue;
      if (typeof v === 'number') {
        const inp = h('input', { type: 'number', value: v, name: `opt-${k}`, dataset: { opt: k } });
        fields.push([k, () => (inp.value === '' ? v : Number(inp.value))]);
        box.append(h('label.opt', k, inp));
      } else if (typeof v === 'boolean') {
        const inp = h('input', { type: 'checkbox', checked: v, name: `opt-${k}`, dataset: { opt: k } });
        fields.push([k, () => inp.checked]);
        box.append(h('label.opt.inline', inp, k));
      } else if (typeof v === 'string') {
        const inp = h('input', { value: v, name: `opt-${k}`, dataset: { opt: k } });
        fields.push([k, () => inp.value]);
        box.append(h('label.opt', k, inp));
      } else rest[k] = v;
    }
  }
  const restJson = isFlat ? rest : defaults;
  const ta = h('textarea#options-json', { rows: 4, spellcheck: false }, JSON.stringify(restJson ?? {}, null, 1));
  if (!isFlat || Object.keys(rest).length) box.append(h('label.opt.wide', t('options_json'), ta));
  return {
    el: box,
    count: fields.length,
    value() {
      let base = {};
      if (!isFlat || Object.keys(rest).length) base = JSON.parse(ta.value || '{}');
      if (!isFlat && !fields.length) return base;
      const out = { ...base };
      for (const [k, get] of fields) out[k] = get();
      return out;
    },
  };
}

/** The bot menu of a seat: one entry per level, its spec as the value, its description beside. */
function botMenu(i, spec) {
  const sel = h(
    'select.bot-level',
    { name: `bot-${i}`, title: t('bot_strength') },
    BOT_LEVELS.map((l) => h('option', { value: l.spec, dataset: { level: l.id } }, t(`bot_${l.id}`))),
  );
  sel.value = levelOf(spec) ? spec : BOT_LEVELS.find((l) => l.id === DEFAULT_BOT).spec;
  const desc = h('span.bot-desc.muted');
  const sync = () => (desc.textContent = t(`bot_${levelOf(sel.value).id}_desc`));
  sel.addEventListener('change', sync);
  sync();
  return { sel, desc };
}

async function createForm() {
  const games = await loadGames();
  const gameSel = h('select#create-game', games.map((g) => h('option', { value: g.name }, gameName(g.name))));
  const remembered = localStorage.getItem('ct_last_game');
  if (remembered && games.some((g) => g.name === remembered)) gameSel.value = remembered;
  const optBox = h('div');
  const setupTa = h('textarea#setup-json', { rows: 2, spellcheck: false, placeholder: '{"decks": …}' });
  const clock = h('input#create-clock', { type: 'number', min: 5, max: 86400, placeholder: '—' });
  const seatsBox = h('div.seats-edit');
  const howto = h('a.howto-link#create-howto');
  let editor = null;
  const seatRows = [];
  let decks = []; // the deck choices of the chosen game: [{value, label, deck}]
  /** The decks a seat may bring: the Ardent library, or Riftbound saved and starter decks. */
  const loadDecks = async (game) => {
    try {
      if (game === 'ardent') {
        const lib = await api('GET', '/api/decks/ardent?limit=500');
        return lib.map((d) => ({ value: d.id, label: `${getLang() === 'zh' ? d.name_zh : d.name}${d.code ? ` (${d.code})` : ''}`, deck: { name: d.name, cards: d.cards } }));
      }
      if (game === 'riftbound') {
        const r = await api('GET', '/api/decks/riftbound');
        return [
          ...r.starters.map((d) => ({ value: `starter:${d.name}`, label: `★ ${d.name}`, deck: d.name })),
          ...r.saved.map((d) => ({ value: d.id, label: d.name, deck: d.list })),
        ];
      }
    } catch (e) {
      toast(e.message, 'error');
    }
    return [];
  };
  const buildSeats = (n) => {
    const old = seatRows.map((r) => ({ kind: r.kind.value, spec: r.spec.value, deck: r.deck ? r.deck.value : '' }));
    fill(seatsBox);
    seatRows.length = 0;
    for (let i = 0; i < n; i++) {
      const kind = h(
        'select',
        { name: `seat-${i}`, dataset: { seat: i } },
        h('option', { value: 'me' }, t('seat_me')),
        h('option', { value: 'open' }, t('seat_open')),
        h('option', { value: 'bot' }, t('seat_bot')),
      );
      kind.value = old[i] ? old[i].kind : i === 0 ? 'me' : 'bot';
      const bot = botMenu(i, old[i] ? old[i].spec : null);
      const spec = bot.sel;
      const sync = () => {
        const v = kind.value === 'bot' ? 'visible' : 'hidden';
        spec.style.visibility = v;
        bot.desc.style.visibility = v;
      };
      kind.addEventListener('change', sync);
      sync();
      const deck = decks.length
        ? h('select.seat-deck', { name: `deck-${i}`, dataset: { deckSeat: i }, title: t('seat_deck') }, h('option', { value: '' }, `${t('seat_deck')}: ${t('deck_default')}`), decks.map((d) => h('option', { value: d.value }, d.label)))
        : null;
      if (deck && old[i] && decks.some((d) => d.value === old[i].deck)) deck.value = old[i].deck;
      seatRows.push({ kind, spec, deck });
      seatsBox.append(h('div.seat-edit', h('span', `${t('seat')} ${i + 1}`), kind, spec, deck, bot.desc));
    }
  };
  /** The seat count for the options now in the form (Riftbound's mode changes it). */
  let seatAsk = 0;
  const resizeSeats = async () => {
    const g = games.find((x) => x.name === gameSel.value);
    let opts;
    try {
      opts = editor.value();
    } catch {
      return;
    }
    const ask = ++seatAsk;
    try {
      const r = await api('GET', `/api/games/${encodeURIComponent(g.name)}/seats?options=${encodeURIComponent(JSON.stringify(opts))}`);
      if (ask === seatAsk && r.seats !== seatRows.length) buildSeats(r.seats);
    } catch {
      /* bad options are reported when the table is created */
    }
  };
  const details = h('details#options-details', h('summary', t('options')), optBox);
  const build = async () => {
    const g = games.find((x) => x.name === gameSel.value);
    editor = optionsEditor(g.default_options, g.options_info || []);
    editor.el.addEventListener('change', resizeSeats);
    fill(optBox, editor.el);
    details.open = editor.count <= 8;
    if (HOWTO_GAMES.includes(g.name)) {
      howto.href = `#/howto/${g.name}`;
      howto.textContent = `${t('howto_link')}: ${gameName(g.name)}`;
      howto.style.display = '';
    } else howto.style.display = 'none';
    seatRows.length = 0;
    decks = [];
    buildSeats(g.seats || 2);
    const name = g.name;
    const loaded = await loadDecks(name);
    if (gameSel.value !== name) return;
    decks = loaded;
    buildSeats(seatRows.length);
  };
  gameSel.addEventListener('change', build);
  build();
  /** The setup JSON from the seats' deck choices, or undefined (the game deals its own decks). */
  const deckSetup = () => {
    const chosen = seatRows.map((r) => (r.deck && r.deck.value ? decks.find((d) => d.value === r.deck.value) : null));
    if (chosen.every((c) => !c)) return undefined;
    if (chosen.some((c) => !c)) throw new Error(t('decks_all_or_none'));
    if (gameSel.value === 'ardent') return { decks: chosen.map((c) => c.deck) };
    return { seats: chosen.map((c) => ({ deck: c.deck })) };
  };
  const submit = async (e) => {
    e.preventDefault();
    let options, setup;
    try {
      options = editor.value();
      setup = setupTa.value.trim() ? JSON.parse(setupTa.value) : undefined;
    } catch (err) {
      toast(`JSON: ${err.message}`, 'error');
      return;
    }
    if (setup === undefined) {
      try {
        setup = deckSetup();
      } catch (err) {
        toast(err.message, 'error');
        return;
      }
    }
    const mine = seatRows.map((r, i) => (r.kind.value === 'me' ? i : -1)).filter((i) => i >= 0);
    if (mine.length > 1) {
      toast(t('only_one_me'), 'error');
      return;
    }
    const seats = seatRows.map((r) => (r.kind.value === 'bot' ? { kind: 'bot', spec: r.spec.value } : { kind: 'open' }));
    const body = { game: gameSel.value, options, seats };
    if (setup !== undefined) body.setup = setup;
    if (clock.value) body.clock_secs = Number(clock.value);
    localStorage.setItem('ct_last_game', gameSel.value);
    try {
      const tb = await api('POST', '/api/tables', body);
      if (mine.length) {
        const j = await api('POST', `/api/tables/${tb.id}/join`, { seat: mine[0] });
        saveSeat(tb.id, j.seat, j.token);
        if (seatRows.every((r) => r.kind.value !== 'open')) await api('POST', `/api/tables/${tb.id}/start`, { token: j.token });
      }
      location.hash = `#/table/${tb.id}`;
    } catch (err) {
      toast(err.message, 'error');
    }
  };
  return h(
    'form.card-panel#create-form',
    { on: { submit } },
    h('h2', t('create_table')),
    h('div.row', h('label', t('game'), gameSel), howto),
    details,
    h('fieldset', h('legend', t('seats')), seatsBox),
    h('details', h('summary', t('setup_json')), setupTa, h('p.muted', t('use_in_setup'))),
    h('label', t('clock'), clock),
    h('button.primary#create-submit', { type: 'submit' }, t('create_and_play')),
  );
}

// ---------- rematch ----------

/**
 * Ask for a rematch of the finished table `id` and sit down at the new table (the same seat as
 * before); start it at once when every other seat is a bot. Resolves to the new table's id and
 * goes there. The table page's game-end summary calls this (import { rematch } from './app.js').
 */
export async function rematch(id) {
  const mine = savedSeat(id);
  const r = await api('POST', `/api/tables/${id}/rematch`, mine ? { token: mine.token } : {});
  const tb = await api('GET', `/api/tables/${r.id}`);
  const free = (s) => s.kind === 'open' || (s.kind === 'invited' && session.me && s.name === session.me.name);
  const seat = mine && tb.seats[mine.seat] && free(tb.seats[mine.seat]) ? mine.seat : tb.seats.find(free)?.index;
  if (tb.status === 'lobby' && seat != null) {
    try {
      const j = await api('POST', `/api/tables/${r.id}/join`, { seat });
      saveSeat(r.id, j.seat, j.token);
      if (tb.seats.every((s) => s.index === seat || s.kind === 'bot')) await api('POST', `/api/tables/${r.id}/start`, { token: j.token });
    } catch (e) {
      toast(e.message, 'error');
    }
  }
  location.hash = `#/table/${r.id}`;
  return r.id;
}

// ---------- seats remembered in this browser ----------

export function saveSeat(tableId, seat, token) {
  const all = JSON.parse(localStorage.getItem('ct_seats') || '{}');
  all[tableId] = { seat, token };
  localStorage.setItem('ct_seats', JSON.stringify(all));
}

export function savedSeat(tableId) {
  const all = JSON.parse(localStorage.getItem('ct_seats') || '{}');
  return all[tableId] || null;
}

export function forgetSeat(tableId) {
  const all = JSON.parse(localStorage.getItem('ct_seats') || '{}');
  delete all[tableId];
  localStorage.setItem('ct_seats', JSON.stringify(all));
}

// ---------- router ----------

export async function route() {
  if (unmount) {
    try {
      unmount();
    } catch {}
    unmount = null;
  }
  renderHeader();
  const root = document.getElementById('main');
  fill(root);
  const [, page, id] = (location.hash || '#/').replace(/^#\/?/, '/').split('/');
  try {
    if (page === 'table' && id) unmount = await mountTable(root, id);
    else if (page === 'replay' && id) unmount = await mountReplay(root, id);
    else if (page === 'decks') unmount = await mountDecks(root);
    else if (page === 'howto' && id) unmount = await mountHowto(root, id);
    else if (page === 'account') accountPage(root);
    else unmount = await lobbyPage(root);
  } catch (e) {
    root.append(h('p.error', e.message));
  }
}

window.addEventListener('hashchange', route);
setLang(getLang());
refreshMe().then(route);
