// A table page: seats before the game, then the board, the prompt (its title, source card, picks
// left, cancel) with the legal actions (cards named by an action are highlighted on the board and
// clicking one acts), the log of what happened, chat (kept per table in localStorage), the clock,
// offers (draw, undo), concede and the other out-of-turn actions (offered whether or not you are to
// act), the game-end summary with rematch, and reconnection.

import { h, api, toast, fill } from './dom.js';
import { t, L, gameName, getLang } from './i18n.js';
import { session, saveSeat, savedSeat, forgetSeat, refreshMe } from './app.js';
import * as appMod from './app.js';
import { boardFor } from './boards/index.js';
import { logText, namesIn, realLabel } from './boards/logtext.js';
import { tokensOf, hideZoom, loadCatalogue, cardLink, refName } from './cards.js';

/** The chat of a table kept in this browser (the server does not replay it on reconnect). */
function loadChat(id) {
  try {
    const v = JSON.parse(localStorage.getItem(`ct_chat_${id}`) || '[]');
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}
function saveChat(id, chat) {
  try {
    localStorage.setItem(`ct_chat_${id}`, JSON.stringify(chat));
  } catch {
    /* storage full: the chat is simply not kept */
  }
}
/** `{}` in a string replaced by `arg`. */
function fmt(s, arg) {
  return s.replace('{}', arg);
}

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
    chat: loadChat(id),
    unread: 0,
    filter: '',
    armed: null, // the concession clicked once (`concede` or an out-of-turn notation): a second click plays it
    myLast: Number(localStorage.getItem(`ct_last_${id}`) || 0), // the seq of my own last action
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
    chatBadge: h('span.unread#chat-unread'),
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
          (el.chatBox = h(
            'details.chat-box#chat-box',
            { open: window.innerWidth > 700, on: { toggle: () => el.chatBox.open && markRead() } },
            h('summary', t('chat'), ' ', el.chatBadge),
            el.chatList,
            chatForm,
          )),
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
        // A concession clicked once stays armed while it is still offered (a bot may move between the clicks).
        if (st.armed !== 'concede' && !(m.out_of_turn || []).some((a) => a.notation === st.armed)) st.armed = null;
        // The board draws card faces from the catalogue: fetch it once before the first drawing.
        loadCatalogue(m.game, m.custom_cards ? m.table : null).then(() => st.msg === m && !st.closed && render());
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
        st.chat.push({ from: m.from, seat: m.seat, text: m.text, at: Date.now() });
        if (st.chat.length > 200) st.chat = st.chat.slice(-200);
        saveChat(id, st.chat);
        el.chatList.append(chatLine(m));
        el.chatList.scrollTop = el.chatList.scrollHeight;
        if (!el.chatBox.open || document.hidden || !isVisible(el.chatList)) st.unread++;
        renderUnread();
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
    if (!m) return;
    const y = you();
    const outcome = outcomeOf(m);
    const toAct = m.status && 'to_act' in m.status ? m.status.to_act : null;
    st.index = indexLegal(m.legal || []);
    fill(
      el.head,
      h('h2', gameName(m.game)),
      h('span.muted', `${t('move')} ${m.seq} `),
      el.clock,
      el.conn,
      y == null ? h('span.badge.spectator#spectator-badge', t('spectating')) : null,
      h('a.howto-link#howto-link', { href: `#/howto/${m.game}` }, ` ${t('how_to_play')}`),
    );
    fill(
      el.seats,
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
    renderUnread();
  }

  function renderBanner(outcome, y) {
    if (!outcome) {
      fill(el.banner);
      return;
    }
    const m = st.msg;
    const winners = outcome.winners || [];
    let headline = t('draw_result');
    if (winners.length) {
      if (y != null) headline = winners.includes(y) ? t('you_win') : t('you_lose');
      else headline = `${t('winner')}: ${winners.map(seatName).join(', ')}`;
    }
    const reason = m.outcome_label ? L(m.outcome_label) : outcome.reason || '';
    const err = h('p.error#rematch-error');
    const rematch = async (e) => {
      e.target.disabled = true;
      try {
        // The lobby's rematch (app.js) also sits you down and starts a table of bots.
        if (typeof appMod.rematch === 'function') await appMod.rematch(id);
        else {
          const saved = savedSeat(id);
          const r = await api('POST', `/api/tables/${id}/rematch`, saved ? { token: saved.token } : {});
          if (!r || !r.id) throw new Error(t('rematch_failed'));
          location.hash = `#/table/${r.id}`;
        }
      } catch (ex) {
        e.target.disabled = false;
        err.textContent = `${t('rematch_failed')}: ${ex.message}`;
      }
    };
    fill(
      el.banner,
      h(
        'div.banner#game-over',
        { role: 'status' },
        h('h2', `${t('game_over')} — ${headline}`),
        winners.length ? h('p#winners', `${winners.length > 1 ? t('winners') : t('winner')}: ${winners.map(seatName).join(', ')}`) : null,
        h('p#outcome-reason', `${t('reason')}: ${reason}`),
        outcome.scores && outcome.scores.length
          ? h('table.scores#scores', h('tbody', outcome.scores.map((sc, i) => h('tr', { class: winners.includes(i) ? 'won' : '' }, h('td', seatName(i)), h('td', String(sc))))))
          : null,
        h(
          'div.row',
          y != null ? h('button.primary#rematch', { on: { click: rematch } }, t('rematch')) : null,
          h('a.button#to-lobby', { href: '#/' }, t('back_to_lobby')),
          h('a.button#to-replay', { href: `#/replay/${id}` }, t('view_replay')),
        ),
        err,
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

  // ---------- legal actions and the cards they name ----------

  /** Legal actions by the card ids they name (subject, targets); `meta` when any action names one. */
  function indexLegal(legal) {
    const byId = new Map();
    const add = (k, a) => {
      if (k == null) return;
      k = String(k);
      if (!byId.has(k)) byId.set(k, []);
      if (!byId.get(k).includes(a)) byId.get(k).push(a);
    };
    let meta = false;
    for (const a of legal) {
      if (a.subject) {
        meta = true;
        add(a.subject.id, a);
      }
      for (const tg of a.targets || []) {
        meta = true;
        add(tg.id, a);
      }
    }
    // Fallback for a game whose actions do not name cards yet: the notation's tokens.
    const byTok = new Map();
    if (!meta)
      for (const a of legal)
        for (const tok of tokensOf(a.notation)) {
          if (!byTok.has(tok)) byTok.set(tok, []);
          byTok.get(tok).push(a);
        }
    return { byId, byTok, meta };
  }

  /** The actions about the card with view id `cid` (or old token `key`), identical buttons merged. */
  function actionsFor(cid, key) {
    const ix = st.index || indexLegal([]);
    const list = ix.meta ? (cid != null && ix.byId.get(String(cid))) || [] : (key != null && ix.byTok.get(key)) || [];
    return dedupe(list);
  }

  /** One button per (label, subject): several identical actions collapse into the first. */
  function dedupe(list) {
    const seen = new Set();
    const out = [];
    for (const a of list) {
      const k = `${L(a.label) || a.notation}|${a.subject ? a.subject.id : ''}`;
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(a);
    }
    return out;
  }

  const selKey = (cid, key) => (cid != null ? `id:${cid}` : key != null ? `k:${key}` : null);

  function boardCtx() {
    const ix = st.index || indexLegal([]);
    return {
      you: you(),
      seats: st.seats,
      seatName,
      game: st.msg.game,
      legalKeys: ix.byTok,
      selected: st.selected,
      isLegal: (cid, key) => (ix.meta ? cid != null && ix.byId.has(String(cid)) : key != null && ix.byTok.has(key)),
      isSelected: (cid, key) => st.selected != null && st.selected === selKey(cid, key),
      select: (cid, key) => onCardClick(cid, key),
    };
  }

  /** A click on a board card: its only action is played; several are offered beside the prompt. */
  function onCardClick(cid, key) {
    const k = selKey(cid, key);
    if (st.selected === k) {
      ctxSelect(null);
      return;
    }
    const mine = actionsFor(cid, key);
    if (mine.length === 1 && !(st.index && !st.index.meta)) {
      act(mine[0].notation);
      return;
    }
    st.selected = k;
    st.selectedFor = { cid, key };
    renderBoard();
    renderPrompt();
  }

  function ctxSelect(k) {
    st.selected = k;
    if (k == null) st.selectedFor = null;
    renderBoard();
    renderPrompt();
  }

  function renderBoard() {
    const m = st.msg;
    const board = boardFor(m.game);
    const ctx = boardCtx();
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

  /** The board cards an action names (to point at them while the pointer is on its button). */
  function hintCards(a, on) {
    const ids = [a.subject, ...(a.targets || [])].filter(Boolean).map((r) => String(r.id));
    for (const cid of ids) for (const c of el.board.querySelectorAll(`[data-id="${CSS.escape(cid)}"]`)) c.classList.toggle('hint', on);
  }

  function actionButton(a) {
    return h(
      'button.action',
      {
        class: a.kind ? `k-${a.kind}` : '',
        title: a.notation,
        dataset: { notation: a.notation, kind: a.kind || '' },
        on: { click: () => act(a.notation), mouseenter: () => hintCards(a, true), mouseleave: () => hintCards(a, false) },
      },
      L(a.label) || a.notation,
    );
  }

  function act(notation) {
    st.selected = null;
    st.selectedFor = null;
    st.myLast = st.msg.seq + 1;
    localStorage.setItem(`ct_last_${id}`, String(st.myLast));
    // The action id makes a resend idempotent: a double click (or a resend after a reconnect)
    // of the same action at the same point is applied once (docs/protocol.md).
    send({ type: 'act', action: notation, seq: st.msg.seq, id: `${st.msg.seq}:${notation}`.slice(0, 64) });
  }

  function renderPrompt() {
    const m = st.msg;
    const legal = m.legal || [];
    const outcome = outcomeOf(m);
    const toAct = m.status && 'to_act' in m.status ? m.status.to_act : null;
    const board = boardFor(m.game);
    const y = you();
    const p = m.prompt;
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
    const parts = [h('h3#your-turn', `${t('your_turn')}: ${p && p.title ? L(p.title) : t('choose_action')}`)];
    if (p && p.source) {
      const link = cardLink(m.game, p.source);
      if (link) parts.push(h('p.prompt-source#prompt-source', `${t('prompt_source')}: `, link));
    }
    if (p && p.picks_left != null && p.picks_left > 0) parts.push(h('p.picks-left#picks-left', `${t('picks_left')}: ${p.picks_left}`));
    if (!p || !p.title) {
      if (ask) parts.push(h('p.ask', ask));
    }
    const ix = st.index;
    if (ix && ix.meta && ix.byId.size) parts.push(h('p.muted.hint#click-hint', t('click_highlighted')));
    // Confirm / cancel first: they end or take back the decision.
    const cancelA = p && p.cancel ? legal.find((a) => a.notation === p.cancel) : null;
    const confirms = legal.filter((a) => a.kind === 'confirm');
    if (cancelA || confirms.length) {
      parts.push(
        h(
          'div.row.decide',
          confirms.map((a) => h('button.primary.confirm', { dataset: { notation: a.notation }, on: { click: () => act(a.notation) } }, L(a.label) || t('confirm'))),
          cancelA ? h('button#prompt-cancel', { dataset: { notation: cancelA.notation }, on: { click: () => act(cancelA.notation) } }, `↩ ${L(cancelA.label) || t('cancel_back')}`) : null,
        ),
      );
    } else if (p && p.cancel) {
      parts.push(h('div.row.decide', h('button#prompt-cancel', { dataset: { notation: p.cancel }, on: { click: () => act(p.cancel) } }, `↩ ${t('cancel_back')}`)));
    }
    if (st.selected && st.selectedFor) {
      const { cid, key } = st.selectedFor;
      const mine = actionsFor(cid, key);
      const name = cid != null ? refName(m.game, { id: cid }) : key;
      parts.push(
        h(
          'div.card-actions#card-actions',
          h('h4', `${t('actions_for_card')}${name ? `: ${name}` : ''}`),
          mine.length ? mine.map(actionButton) : h('p.muted', t('no_actions_for_card')),
          h('button.link', { on: { click: () => ctxSelect(null) } }, t('clear_selection')),
        ),
      );
    }
    // The out-of-turn actions (concessions) are offered with the controls, at any moment.
    const anyTime = new Set((m.out_of_turn || []).map((a) => a.notation));
    const shown = dedupe(legal.filter((a) => !anyTime.has(a.notation)));
    const list = h('div.action-list#actions');
    const fillList = () => {
      const f = st.filter.toLowerCase();
      fill(list, ...shown.filter((a) => !f || L(a.label).toLowerCase().includes(f) || a.notation.toLowerCase().includes(f)).map(actionButton));
    };
    fillList();
    const filter =
      shown.length > 10
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
    parts.push(
      h(
        'details.all-actions',
        { open: st.listOpen !== false, on: { toggle: (e) => (st.listOpen = e.target.open) } },
        h('summary', `${t('all_actions')} (${shown.length})`),
        filter,
        list,
      ),
      h('p.muted.hint', t('zoom_hint')),
    );
    fill(el.prompt, ...parts);
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
    // What this seat may play whether or not it is to act (docs/protocol.md `out_of_turn`). Where
    // the game offers its own concessions there, they replace the server's plain Concede.
    const anyTime = dedupe(m.out_of_turn || []);
    const conceding = anyTime.some((a) => a.kind === 'concede');
    // Who has not answered yet (human seats other than those who agreed).
    const waitingOn = (agreed) =>
      st.seats
        .map((s, i) => [s, i])
        .filter(([s, i]) => !agreed.includes(i) && s.kind !== 'bot')
        .map(([, i]) => seatName(i))
        .join(', ');
    if (draw && !draw.includes(y)) {
      parts.push(
        h(
          'div.offer#draw-offer',
          h('span', t('draw_offered')),
          h('button', { on: { click: () => send({ type: 'accept_draw' }) } }, t('accept_draw')),
          h('button', { on: { click: () => send({ type: 'decline_draw' }) } }, t('decline_draw')),
        ),
      );
    } else if (draw && draw.includes(y)) {
      parts.push(h('div.offer.mine#draw-pending', fmt(t('waiting_answer_draw'), waitingOn(draw))));
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
    } else if (undo && undo.includes(y)) {
      parts.push(h('div.offer.mine#undo-pending', fmt(t('waiting_answer_undo'), waitingOn(undo))));
    }
    parts.push(
      h(
        'div.row',
        h('button#undo', { disabled: !!(undo && undo.includes(y)), on: { click: () => send({ type: 'request_undo' }) } }, t('request_undo')),
        h('button#offer-draw', { disabled: !!(draw && draw.includes(y)), on: { click: () => send({ type: 'offer_draw' }) } }, t('offer_draw')),
        conceding ? null : armedButton('button.danger#concede', 'concede', t('concede'), t('confirm_concede'), () => send({ type: 'concede' })),
      ),
    );
    if (anyTime.length) parts.push(h('div.any-time#any-time', h('h4', t('any_time')), h('div.row', anyTime.map(anyTimeButton))));
    fill(el.controls, ...parts);
  }

  /** A button that asks for a second click (showing `confirmText`) before it does `fire`. */
  function armedButton(spec, key, text, confirmText, fire) {
    const click = () => {
      if (st.armed !== key) {
        st.armed = key;
        renderControls();
        return;
      }
      st.armed = null;
      fire();
    };
    return h(spec, { dataset: { armed: String(st.armed === key) }, on: { click } }, st.armed === key ? confirmText : text);
  }

  /**
   * An out-of-turn action, in the game's words. It is sent without `seq` (it is offered at any
   * moment, so a move by another seat in between does not make it stale) but with an id, so a
   * resend is played once. A concession asks for a second click.
   */
  function anyTimeButton(a) {
    const label = L(a.label) || a.notation;
    const fire = () => send({ type: 'act', action: a.notation, id: `${st.msg.seq}:${a.notation}`.slice(0, 64) });
    const spec = `button.any-time-action${a.kind === 'concede' ? '.danger' : ''}`;
    const b = a.kind === 'concede' ? armedButton(spec, a.notation, label, fmt(t('confirm_action'), label), fire) : h(spec, { on: { click: fire } }, label);
    b.dataset.notation = a.notation;
    b.dataset.kind = a.kind || '';
    b.title = a.notation;
    return b;
  }

  // ---------- the log ----------

  /** A log entry in words: its label (card names clickable), else the old per-game text. */
  function entryText(e, names) {
    if (realLabel(e.label)) {
      const text = L(e.label);
      const refs = (e.cards || []).map((r) => [r, refName(st.msg.game, r)]).filter(([, n]) => n && text.includes(n));
      if (!refs.length) return [text];
      // Split the label at each named card (longest names first) and make them zoom links.
      const out = [];
      let rest = text;
      refs.sort((a, b) => b[1].length - a[1].length);
      const re = new RegExp(refs.map(([, n]) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
      let last = 0;
      for (const mt of rest.matchAll(re)) {
        out.push(rest.slice(last, mt.index));
        const ref = refs.find(([, n]) => n === mt[0])[0];
        out.push(cardLink(st.msg.game, ref, mt[0]));
        last = mt.index + mt[0].length;
      }
      out.push(rest.slice(last));
      return out;
    }
    const extra = (e.cards || []).map((r) => cardLink(st.msg.game, r)).filter(Boolean);
    return [logText(st.msg.game, e.event, seatName, names), ...(extra.length ? [' ', ...extra] : [])];
  }

  /** "Last:" — everything since your own last action (a bot's whole turn), else the last update. */
  function renderRecent() {
    const y = you();
    let items;
    if (y != null && st.myLast) items = st.log.filter((e) => e.seq >= st.myLast);
    else items = [...st.newLog].map((i) => st.log[i]).filter(Boolean);
    if (items.length > 14) items = items.slice(-14);
    const names = namesIn(st.msg.view);
    fill(
      el.recent,
      items.length ? h('span.recent-label', `${t('last_action')}: `) : null,
      ...items.map((e) => (e.kind === 'turn' || e.kind === 'phase' ? h('span.recent-item.sep', { class: `k-${e.kind}` }, ...entryText(e, names)) : h('span.recent-item', { class: e.kind ? `k-${e.kind}` : '' }, ...entryText(e, names)))),
    );
  }

  function renderLog() {
    const names = namesIn(st.msg.view);
    fill(
      el.log,
      ...st.log.map((e, i) =>
        e.kind === 'turn' || e.kind === 'phase'
          ? h('li.sep', { class: `k-${e.kind}${st.newLog.has(i) ? ' new' : ''}` }, ...entryText(e, names))
          : h('li', { class: `${st.newLog.has(i) ? 'new' : ''}${e.kind ? ` k-${e.kind}` : ''}` }, h('span.seq', `${e.seq}.`), ' ', ...entryText(e, names)),
      ),
    );
    el.log.scrollTop = el.log.scrollHeight;
  }

  // ---------- chat ----------

  function chatLine(m) {
    return h('li', h('b', `${m.from}: `), m.text);
  }
  function isVisible(node) {
    const r = node.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight && r.height > 0;
  }
  function markRead() {
    st.unread = 0;
    renderUnread();
  }
  function renderUnread() {
    el.chatBadge.textContent = st.unread ? String(st.unread) : '';
    el.chatBadge.className = `unread${st.unread ? ' on' : ''}`;
    el.chatBadge.title = st.unread ? t('unread') : '';
  }
  fill(el.chatList, ...st.chat.map(chatLine));
  chatInput.addEventListener('focus', markRead);
  el.chatList.addEventListener('click', markRead);

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
