// A table page: seats before the game, then the board, the prompt built from the legal actions,
// the log, chat, the clock, offers (draw, undo), concede, and reconnection with the seat token.

import { h, api, toast, fill } from './dom.js';
import { t, L, gameName, getLang } from './i18n.js';
import { session, saveSeat, savedSeat, forgetSeat, refreshMe } from './app.js';
import { boardFor } from './boards/index.js';
import { logText, namesIn } from './boards/logtext.js';
import { tokensOf, hideZoom } from './cards.js';

export async function mountTable(root, id) {
  const st = {
    id,
    ws: null,
    closed: false,
    msg: null, // the last state/update message
    seats: [],
    log: [],
    newLog: new Set(), // indices of log entries that arrived with the last update
    selected: null,
    prevSigs: new Map(),
    retry: 0,
    clockTimer: null,
    chat: [],
    filter: '',
    concedeArmed: false,
  };
  const el = {
    head: h('div.table-head'),
    banner: h('div.banner-slot'),
    seats: h('div.seats-bar'),
    lobby: h('div.lobby-slot'),
    recent: h('div.recent#recent'),
    board: h('div.board-slot#board'),
    prompt: h('div.prompt-panel#prompt'),
    controls: h('div.controls#controls'),
    log: h('ol.log#log'),
    chatList: h('ul.chat-list#chat'),
    conn: h('span.conn#conn', t('connecting')),
    clock: h('span.clock#clock'),
  };
  const chatInput = h('input#chat-input', { maxlength: 500, placeholder: t('chat') });
  const chatForm = h(
    'form.chat-form',
    {
      on: {
        submit: (e) => {
          e.preventDefault();
          if (chatInput.value.trim()) send({ type: 'chat', text: chatInput.value });
          chatInput.value = '';
        },
      },
    },
    chatInput,
    h('button', { type: 'submit' }, t('send')),
  );
  root.append(
    h(
      'div.page.table-page',
      { dataset: { table: id } },
      el.head,
      el.banner,
      el.seats,
      el.lobby,
      h(
        'div.table-grid',
        h('div.main-col', el.recent, el.board),
        h(
          'aside.side-col',
          el.prompt,
          el.controls,
          h('details.log-box', { open: window.innerWidth > 700 }, h('summary', t('log')), el.log),
          h('details.chat-box', h('summary', t('chat')), el.chatList, chatForm),
        ),
      ),
    ),
  );

  const you = () => {
    const v = st.msg?.you;
    return v && typeof v === 'object' && 'seat' in v ? v.seat : null;
  };
  const seatName = (i) => {
    const s = st.seats[i];
    const n = s ? s.name || (s.kind === 'open' ? t('empty_seat') : s.kind) : `P${i + 1}`;
    return `P${i + 1} ${n}${i === you() ? ` (${t('you')})` : ''}`;
  };

  function send(obj) {
    if (st.ws && st.ws.readyState === 1) st.ws.send(JSON.stringify(obj));
    else toast(t('reconnecting'), 'error');
  }

  function connect() {
    const saved = savedSeat(id);
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    // No token in the URL: the server finds the seat from the HttpOnly seat/session cookies;
    // a token saved by this page is sent as the first message instead (docs/protocol.md).
    const ws = new WebSocket(`${proto}://${location.host}/api/tables/${id}/ws`);
    st.ws = ws;
    ws.onopen = () => {
      if (saved && saved.token) ws.send(JSON.stringify({ type: 'auth', token: saved.token }));
      st.retry = 0;
      el.conn.textContent = t('connected');
      el.conn.className = 'conn ok';
    };
    ws.onmessage = (ev) => {
      let m;
      try {
        m = JSON.parse(ev.data);
      } catch {
        return;
      }
      onMessage(m);
    };
    ws.onclose = () => {
      if (st.closed || st.ws !== ws) return;
      el.conn.textContent = t('reconnecting');
      el.conn.className = 'conn bad';
      st.retry = Math.min(st.retry + 1, 6);
      setTimeout(() => !st.closed && connect(), 300 * 2 ** st.retry);
    };
  }

  function reconnect() {
    const old = st.ws;
    st.ws = null;
    if (old) old.close();
    connect();
  }

  function onMessage(m) {
    switch (m.type) {
      case 'welcome':
        break;
      case 'state':
      case 'update': {
        if (m.type === 'state') {
          st.seats = m.seats || st.seats;
          const prevLen = st.log.length;
          st.log = m.log || [];
          st.newLog = new Set();
          // A full state after a reconnect: mark nothing as new unless it grew.
          if (prevLen && st.log.length > prevLen) for (let i = prevLen; i < st.log.length; i++) st.newLog.add(i);
        } else {
          const from = st.log.length;
          st.log = st.log.concat(m.log || []);
          st.newLog = new Set();
          for (let i = from; i < st.log.length; i++) st.newLog.add(i);
        }
        const seqChanged = st.msg && st.msg.seq !== m.seq;
        st.msg = m;
        if (seqChanged) st.selected = null;
        st.concedeArmed = false;
        const y = you();
        if (y != null && savedSeat(id) == null) {
          /* seated by cookie only */
        }
        render();
        break;
      }
      case 'error':
        if (m.kind === 'unauthorised' && /seat token/.test(m.message)) forgetSeat(id);
        toast(`${t('error')}: ${m.message}`, 'error');
        break;
      case 'offer':
        if (st.msg) {
          if (m.offer === 'draw') st.msg.draw_offer = m.agreed;
          else st.msg.undo_request = m.agreed;
          renderControls();
        }
        break;
      case 'declined':
        if (st.msg) {
          if (m.offer === 'draw') st.msg.draw_offer = null;
          else st.msg.undo_request = null;
          renderControls();
        }
        toast(`${m.offer}: ${t('declined')}`);
        break;
      case 'chat':
        el.chatList.append(h('li', h('b', `${m.from}: `), m.text));
        el.chatList.scrollTop = el.chatList.scrollHeight;
        break;
      default:
        break;
    }
  }

  // ---------- rendering ----------

  function outcomeOf(m) {
    if (m.status && m.status.over) return m.status.over;
    if (m.table_status === 'finished' && m.result) return m.result;
    return null;
  }

  function render() {
    const m = st.msg;
    const y = you();
    const outcome = outcomeOf(m);
    const toAct = m.status && 'to_act' in m.status ? m.status.to_act : null;
    fill(el.head, 
      h('h2', gameName(m.game)),
      h('span.muted', `${t('move')} ${m.seq}`),
      el.clock,
      el.conn,
      y == null ? h('span.badge.spectator#spectator-badge', t('spectating')) : null,
    );
    fill(el.seats, 
      ...st.seats.map((s, i) =>
        h(
          'span.seat-chip',
          { class: `k-${s.kind}${i === y ? ' me' : ''}${toAct === i && !outcome ? ' acting' : ''}` },
          seatName(i),
          s.kind === 'bot' && !(s.name || '').includes(s.bot) ? ` [${s.bot}]` : '',
        ),
      ),
    );
    renderBanner(outcome, y);
    renderLobby();
    renderRecent();
    renderBoard();
    renderPrompt();
    renderControls();
    renderLog();
    renderClock();
  }

  function renderBanner(outcome, y) {
    if (!outcome) {
      fill(el.banner);
      return;
    }
    const winners = outcome.winners || [];
    let headline = t('draw_result');
    if (winners.length) {
      if (y != null) headline = winners.includes(y) ? t('you_win') : t('you_lose');
      else headline = `${t('winner')}: ${winners.map(seatName).join(', ')}`;
    }
    fill(el.banner, 
      h(
        'div.banner#game-over',
        { role: 'status' },
        h('h2', `${t('game_over')} — ${headline}`),
        h('p', `${t('reason')}: ${outcome.reason || ''}`),
        outcome.scores && outcome.scores.length ? h('p', `${t('scores')}: ${outcome.scores.map((s, i) => `P${i + 1} ${s}`).join(' · ')}`) : null,
        h('div.row', h('a.button#to-lobby', { href: '#/' }, t('back_to_lobby')), h('a.button#to-replay', { href: `#/replay/${id}` }, t('view_replay'))),
      ),
    );
  }

  function renderLobby() {
    const m = st.msg;
    if (m.table_status !== 'lobby') {
      fill(el.lobby);
      return;
    }
    const y = you();
    fill(el.lobby, 
      h(
        'div.card-panel.lobby-panel',
        h('p', t('lobby_seats_wait')),
        !session.me ? h('p.notice', h('a', { href: '#/account' }, t('need_sign_in'))) : null,
        h(
          'div.row',
          st.seats.map((s, i) =>
            s.kind === 'open' && y == null && session.me
              ? h('button.primary.join-seat', { dataset: { seat: i }, on: { click: () => join(i) } }, `${t('join')} ${t('seat')} ${i + 1}`)
              : null,
          ),
          y != null ? h('button#leave', { on: { click: leave } }, t('leave')) : null,
          h('button.primary#start', { disabled: st.seats.some((s) => s.kind === 'open'), on: { click: start } }, t('start')),
        ),
      ),
    );
  }

  async function join(seat) {
    try {
      const j = await api('POST', `/api/tables/${id}/join`, { seat });
      saveSeat(id, j.seat, j.token);
      reconnect();
    } catch (e) {
      toast(e.message, 'error');
    }
  }
  async function leave() {
    const saved = savedSeat(id);
    try {
      await api('POST', `/api/tables/${id}/leave`, saved ? { token: saved.token } : undefined);
      forgetSeat(id);
      reconnect();
    } catch (e) {
      toast(e.message, 'error');
    }
  }
  async function start() {
    const saved = savedSeat(id);
    try {
      await api('POST', `/api/tables/${id}/start`, saved ? { token: saved.token } : undefined);
    } catch (e) {
      toast(e.message, 'error');
    }
  }

  /** The newest log entries (those that came with the last change), shown above the board. */
  function renderRecent() {
    const items = [...st.newLog].map((i) => st.log[i]).filter(Boolean);
    fill(el.recent, 
      items.length ? h('span.recent-label', `${t('last_action')}: `) : null,
      ...items.slice(-4).map((e) => h('span.recent-item', logText(st.msg.game, e.event, seatName, namesIn(st.msg.view)))),
    );
  }

  function legalKeys() {
    const keys = new Map();
    for (const a of st.msg.legal || []) for (const tok of tokensOf(a.notation)) {
      if (!keys.has(tok)) keys.set(tok, []);
      keys.get(tok).push(a);
    }
    return keys;
  }

  function renderBoard() {
    const m = st.msg;
    const board = boardFor(m.game);
    const keys = legalKeys();
    const ctx = {
      you: you(),
      seats: st.seats,
      seatName,
      legalKeys: keys,
      selected: st.selected,
      select: (key) => {
        st.selected = st.selected === key ? null : key;
        renderBoard();
        renderPrompt();
      },
    };
    let node;
    try {
      node = board.render(m.view, ctx);
    } catch (e) {
      console.error(e);
      node = h('div', h('p.error', `board: ${e.message}`), boardFor('').render(m.view, ctx));
    }
    hideZoom();
    fill(el.board, node);
    // Highlight what changed since the last message (cards carry data-key and data-sig).
    const sigs = new Map();
    for (const c of el.board.querySelectorAll('[data-key][data-sig]')) {
      const k = c.dataset.key;
      sigs.set(k, c.dataset.sig);
      const before = st.prevSigs.get(k);
      if (st.prevSigs.size && before !== c.dataset.sig && st.newLog.size) c.classList.add('changed');
    }
    if (st.newLog.size || !st.prevSigs.size) st.prevSigs = sigs;
  }

  function actionButton(a) {
    return h(
      'button.action',
      { title: a.notation, dataset: { notation: a.notation }, on: { click: () => act(a.notation) } },
      L(a.label) || a.notation,
    );
  }

  function act(notation) {
    st.selected = null;
    send({ type: 'act', action: notation, seq: st.msg.seq });
  }

  function renderPrompt() {
    const m = st.msg;
    const y = you();
    const legal = m.legal || [];
    const outcome = outcomeOf(m);
    const toAct = m.status && 'to_act' in m.status ? m.status.to_act : null;
    const board = boardFor(m.game);
    const ask = board.prompt ? board.prompt(m.view, { you: y, seatName }) : '';
    if (outcome || m.table_status === 'lobby') {
      fill(el.prompt);
      el.prompt.className = 'prompt-panel';
      return;
    }
    if (!legal.length) {
      el.prompt.className = 'prompt-panel waiting';
      fill(el.prompt, h('p.waiting-for', `${t('waiting_for')} ${toAct != null ? seatName(toAct) : ''}…`), ask ? h('p.ask', ask) : null);
      return;
    }
    el.prompt.className = 'prompt-panel mine';
    const parts = [h('h3#your-turn', `${t('your_turn')}: ${t('choose_action')}`), ask ? h('p.ask', ask) : null];
    if (st.selected) {
      const mine = legal.filter((a) => tokensOf(a.notation).includes(st.selected));
      parts.push(
        h(
          'div.card-actions#card-actions',
          h('h4', t('actions_for_card')),
          mine.length ? mine.map(actionButton) : h('p.muted', t('no_actions_for_card')),
          h('button.link', { on: { click: () => ctxSelect(null) } }, t('clear_selection')),
        ),
      );
    }
    const list = h('div.action-list#actions');
    const fillList = () => {
      const f = st.filter.toLowerCase();
      fill(list, ...legal.filter((a) => !f || L(a.label).toLowerCase().includes(f) || a.notation.toLowerCase().includes(f)).map(actionButton));
    };
    fillList();
    const filter =
      legal.length > 10
        ? h('input.filter', {
            placeholder: t('filter_actions'),
            value: st.filter,
            on: {
              input: (e) => {
                st.filter = e.target.value;
                fillList();
              },
            },
          })
        : null;
    parts.push(h('h4', `${t('all_actions')} (${legal.length})`), filter, list, h('p.muted.hint', t('zoom_hint')));
    fill(el.prompt, ...parts);
  }

  function ctxSelect(k) {
    st.selected = k;
    renderBoard();
    renderPrompt();
  }

  function renderControls() {
    const m = st.msg;
    if (!m) return;
    const y = you();
    if (y == null || m.table_status !== 'playing') {
      fill(el.controls);
      return;
    }
    const draw = m.draw_offer;
    const undo = m.undo_request;
    const parts = [];
    if (draw && !draw.includes(y)) {
      parts.push(
        h(
          'div.offer#draw-offer',
          h('span', t('draw_offered')),
          h('button', { on: { click: () => send({ type: 'accept_draw' }) } }, t('accept_draw')),
          h('button', { on: { click: () => send({ type: 'decline_draw' }) } }, t('decline_draw')),
        ),
      );
    }
    if (undo && !undo.includes(y)) {
      parts.push(
        h(
          'div.offer#undo-offer',
          h('span', t('undo_requested')),
          h('button', { on: { click: () => send({ type: 'accept_undo' }) } }, t('accept_undo')),
          h('button', { on: { click: () => send({ type: 'decline_undo' }) } }, t('decline_undo')),
        ),
      );
    }
    parts.push(
      h(
        'div.row',
        h('button#undo', { on: { click: () => send({ type: 'request_undo' }) } }, t('request_undo')),
        h('button#offer-draw', { disabled: !!(draw && draw.includes(y)), on: { click: () => send({ type: 'offer_draw' }) } }, t('offer_draw')),
        h(
          'button.danger#concede',
          {
            on: {
              click: () => {
                if (!st.concedeArmed) {
                  st.concedeArmed = true;
                  renderControls();
                  return;
                }
                st.concedeArmed = false;
                send({ type: 'concede' });
              },
            },
          },
          st.concedeArmed ? t('confirm_concede') : t('concede'),
        ),
      ),
    );
    fill(el.controls, ...parts);
  }

  function renderLog() {
    const names = namesIn(st.msg.view);
    fill(el.log, 
      ...st.log.map((e, i) => h('li', { class: st.newLog.has(i) ? 'new' : '' }, h('span.seq', `${e.seq}.`), ' ', logText(st.msg.game, e.event, seatName, names))),
    );
    el.log.scrollTop = el.log.scrollHeight;
  }

  function renderClock() {
    clearInterval(st.clockTimer);
    const c = st.msg.clock;
    if (!c || outcomeOf(st.msg)) {
      el.clock.textContent = '';
      return;
    }
    const until = Date.now() + c.remaining_ms;
    const tick = () => {
      const ms = Math.max(0, until - Date.now());
      const s = Math.ceil(ms / 1000);
      el.clock.textContent = `⏱ ${seatName(c.seat)} ${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
      el.clock.className = `clock${s <= 10 ? ' low' : ''}`;
    };
    tick();
    st.clockTimer = setInterval(tick, 250);
  }

  if (!session.me) await refreshMe();
  connect();
  const ping = setInterval(() => st.ws && st.ws.readyState === 1 && st.ws.send('{"type":"ping"}'), 25000);
  void getLang;
  return () => {
    st.closed = true;
    clearInterval(ping);
    clearInterval(st.clockTimer);
    if (st.ws) st.ws.close();
  };
}
