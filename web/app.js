// The single-page app: hash routes, header, guest sign-in and accounts, the lobby.
//   #/            lobby (tables, create a table)
//   #/table/ID    a table (lobby seats, then the board)
//   #/replay/ID   a finished game's replay
//   #/decks       the deck library
//   #/account     guest sign-in, register, log in, log out

import { h, api, toast, fill } from './dom.js';
import { t, setLang, getLang, gameName } from './i18n.js';
import { mountTable } from './table.js';
import { mountReplay } from './replay.js';
import { mountDecks } from './decks.js';

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
  if (s.kind === 'bot') return `bot: ${s.bot}`;
  return s.name || s.kind;
}

async function lobbyPage(root) {
  const page = h('div.page');
  root.append(page);
  if (!session.me) page.append(h('p.notice', t('need_sign_in')), guestForm(() => route()));
  const listBox = h('div#table-list', t('loading'));
  const showAll = h('input#show-finished', { type: 'checkbox', checked: localStorage.getItem('ct_show_all') === '1' });
  const refresh = async () => {
    localStorage.setItem('ct_show_all', showAll.checked ? '1' : '0');
    try {
      const tables = await api('GET', `/api/tables${showAll.checked ? '?status=all' : ''}`);
      fill(listBox, tableList(tables));
    } catch (e) {
      fill(listBox, h('p.error', e.message));
    }
  };
  showAll.addEventListener('change', refresh);
  page.append(
    h(
      'section.card-panel',
      h('div.row.spread', h('h2', t('tables')), h('div.row', h('label.inline', showAll, t('show_finished')), h('button#refresh', { on: { click: refresh } }, t('refresh')))),
      listBox,
    ),
  );
  if (session.me) page.append(await createForm());
  refresh();
  const timer = setInterval(refresh, 5000);
  return () => clearInterval(timer);
}

function tableList(tables) {
  if (!tables.length) return h('p.muted', t('no_tables'));
  return h(
    'div.table-list',
    tables.map((tb) =>
      h(
        'div.table-item',
        { dataset: { table: tb.id } },
        h('div.ti-game', h('b', gameName(tb.game)), h('span.badge', { class: `st-${tb.status}` }, statusText(tb.status))),
        h('div.ti-seats', tb.seats.map((s) => h('span.seat-chip', { class: `k-${s.kind}` }, seatText(s)))),
        h('div.ti-meta.muted', `${t('created_by')} ${tb.created_by} · ${new Date(tb.created_at).toLocaleString()}`),
        h(
          'div.ti-actions',
          tb.status === 'finished'
            ? [h('a.button', { href: `#/table/${tb.id}` }, t('open')), h('a.button', { href: `#/replay/${tb.id}` }, t('replay'))]
            : tb.status === 'lobby' && tb.seats.some((s) => s.kind === 'open')
              ? h('a.button.primary', { href: `#/table/${tb.id}` }, t('join'))
              : h('a.button', { href: `#/table/${tb.id}` }, tb.status === 'playing' ? t('watch') : t('open')),
        ),
      ),
    ),
  );
}

/** A form for the game's options, generated from its default options (JSON textarea for the rest). */
function optionsEditor(defaults) {
  const box = h('div.options');
  const fields = [];
  const isFlat = defaults && typeof defaults === 'object' && !Array.isArray(defaults);
  const rest = {};
  if (isFlat) {
    for (const [k, v] of Object.entries(defaults)) {
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
    value() {
      let base = {};
      if (!isFlat || Object.keys(rest).length) base = JSON.parse(ta.value || '{}');
      if (!isFlat) return base;
      const out = { ...base };
      for (const [k, get] of fields) out[k] = get();
      return out;
    },
  };
}

const BOT_SPECS = ['random', 'greedy', 'mcts:200', 'mcts:1000'];

async function createForm() {
  const games = await loadGames();
  const gameSel = h('select#create-game', games.map((g) => h('option', { value: g.name }, gameName(g.name))));
  const remembered = localStorage.getItem('ct_last_game');
  if (remembered && games.some((g) => g.name === remembered)) gameSel.value = remembered;
  const optBox = h('div');
  const setupTa = h('textarea#setup-json', { rows: 2, spellcheck: false, placeholder: '{"decks": …}' });
  const clock = h('input#create-clock', { type: 'number', min: 5, max: 86400, placeholder: '—' });
  const seatsBox = h('div.seats-edit');
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
      const spec = h('input', { list: 'bot-specs', value: old[i] ? old[i].spec : 'random', name: `bot-${i}`, title: t('bot_strength') });
      const sync = () => (spec.style.visibility = kind.value === 'bot' ? 'visible' : 'hidden');
      kind.addEventListener('change', sync);
      sync();
      const deck = decks.length
        ? h('select.seat-deck', { name: `deck-${i}`, dataset: { deckSeat: i }, title: t('seat_deck') }, h('option', { value: '' }, `${t('seat_deck')}: ${t('deck_default')}`), decks.map((d) => h('option', { value: d.value }, d.label)))
        : null;
      if (deck && old[i] && decks.some((d) => d.value === old[i].deck)) deck.value = old[i].deck;
      seatRows.push({ kind, spec, deck });
      seatsBox.append(h('div.seat-edit', h('span', `${t('seat')} ${i + 1}`), kind, spec, deck));
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
  const build = async () => {
    const g = games.find((x) => x.name === gameSel.value);
    editor = optionsEditor(g.default_options);
    editor.el.addEventListener('change', resizeSeats);
    fill(optBox, editor.el);
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
      toast(`${t('seat_me')}: 1`, 'error');
      return;
    }
    const seats = seatRows.map((r) => (r.kind.value === 'bot' ? { kind: 'bot', spec: r.spec.value.trim() || 'random' } : { kind: 'open' }));
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
    h('datalist#bot-specs', BOT_SPECS.map((s) => h('option', { value: s }))),
    h('label', t('game'), gameSel),
    h('details#options-details', { open: (games.find((x) => x.name === gameSel.value)?.default_options ? Object.keys(games.find((x) => x.name === gameSel.value).default_options).length : 0) <= 6 }, h('summary', t('options')), optBox),
    h('fieldset', h('legend', t('seats')), seatsBox),
    h('details', h('summary', t('setup_json')), setupTa, h('p.muted', t('use_in_setup'))),
    h('label', t('clock'), clock),
    h('button.primary#create-submit', { type: 'submit' }, t('create_and_play')),
  );
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
    else if (page === 'account') accountPage(root);
    else unmount = await lobbyPage(root);
  } catch (e) {
    root.append(h('p.error', e.message));
  }
}

window.addEventListener('hashchange', route);
setLang(getLang());
refreshMe().then(route);
