// The replay viewer: step through a finished game's actions with what the log says each did,
// and the board after each step (GET /api/tables/ID/replay/N: the omniscient view) drawn by the
// game's board renderer. "Analyse" asks for the computer analysis (GET /api/tables/ID/analysis,
// docs/fate-solver.md) and marks each blunder (a proved win thrown away) with its proof line.
import { h, api, fill } from './dom.js';
import { t, L, gameName } from './i18n.js';
import { boardFor } from './boards/index.js';
import { logText, namesIn, realLabel } from './boards/logtext.js';
import { loadCatalogue } from './cards.js';

/** The table's final state as a spectator sees it (view and public log). */
function finalState(id) {
  return new Promise((resolve) => {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${proto}://${location.host}/api/tables/${id}/ws`);
    const done = (v) => {
      try {
        ws.close();
      } catch {}
      resolve(v);
    };
    ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === 'state') done(m);
    };
    ws.onerror = () => done(null);
    setTimeout(() => done(null), 8000);
  });
}

export async function mountReplay(root, id) {
  const page = h('div.page.replay-page');
  root.append(page);
  const [rep, st] = await Promise.all([api('GET', `/api/tables/${id}/replay`), finalState(id)]);
  await loadCatalogue(rep.game, rep.options && rep.options.cards ? id : null);
  const said = (e) => (realLabel(e.label) ? L(e.label) : logText(rep.game, e.event, seatName, names));
  const seats = (st && st.seats) || [];
  const seatName = (i) => `P${i + 1}${seats[i] && seats[i].name ? ` ${seats[i].name}` : ''}`;
  const log = (st && st.log) || [];
  const names = st ? namesIn(st.view) : null;
  let i = rep.actions.length;
  const stepBox = h('div.replay-step#replay-step');
  // The computer analysis (GET /api/tables/ID/analysis): per move, the solver's verdict.
  const analysisBox = h('div.replay-analysis#replay-analysis');
  let marks = new Map();
  const list = h('ol.replay-actions#replay-actions');
  const boardBox = h('section#replay-board', { dataset: { step: '' } });
  const board = boardFor(rep.game);
  let wanted = -1;
  const drawBoard = async (n) => {
    wanted = n;
    let step;
    try {
      step = await api('GET', `/api/tables/${id}/replay/${n}`);
    } catch (e) {
      if (wanted === n) fill(boardBox, h('p.error', e.message));
      return;
    }
    if (wanted !== n) return; // a later step was asked for meanwhile
    const ctx = { you: null, seats, seatName, legalKeys: new Map(), selected: null, select: () => {}, isLegal: () => false, isSelected: () => false };
    let drawn;
    try {
      drawn = board.render(step.view, ctx);
    } catch (e) {
      drawn = h('p.error', `${e.message}`);
    }
    fill(
      boardBox,
      h('h3', `${t('position_after')} ${n} / ${step.total}`),
      drawn,
      h('details', h('summary', t('text_render')), h('pre.render', step.render)),
    );
    boardBox.dataset.step = String(n);
  };
  const show = () => {
    const n = i;
    drawBoard(n);
    const m = marks.get(n);
    fill(stepBox, 
      h('div.row', h('b', `${t('replay_step')} ${n} / ${rep.actions.length}`), n > 0 ? h('code', rep.actions[n - 1]) : null),
      h('ul', log.filter((e) => e.seq === n).map((e) => h('li', said(e)))),
      m ? h(`p.analysis-verdict${m.blunder ? '.blunder' : ''}`, L(m.label)) : null,
    );
    for (const li of list.children) li.classList.toggle('current', Number(li.dataset.n) === n);
  };
  rep.actions.forEach((a, k) =>
    list.append(
      h(
        'li',
        {
          dataset: { n: k + 1 },
          on: {
            click: () => {
              i = k + 1;
              show();
            },
          },
        },
        h('code', a),
        ' ',
        h('span.muted', log.filter((e) => e.seq === k + 1).map(said).join(' · ')),
      ),
    ),
  );
  const btn = (label, id2, f) => h(`button#${id2}`, { on: { click: () => { f(); show(); } } }, label);
  const analyse = async () => {
    fill(analysisBox, h('p.muted', t('analysing')));
    let res;
    try {
      res = await api('GET', `/api/tables/${id}/analysis`);
    } catch (e) {
      fill(analysisBox, h('p.error', e.message));
      return;
    }
    const a = res.analysis;
    marks = new Map(a.moves.map((m) => [m.index, m]));
    for (const li of list.children) {
      const m = marks.get(Number(li.dataset.n));
      li.classList.toggle('blunder', !!(m && m.blunder));
      if (m && m.before) li.title = L(m.label);
    }
    const jump = (n) => () => {
      i = n;
      show();
    };
    fill(
      analysisBox,
      h('h3', `${t('analysis')} (${a.positions} ${t('positions_solved')}, ${a.max_nodes} ${t('nodes_each')})`),
      a.blunders.length
        ? h(
            'ul.blunders',
            a.blunders.map((n) => {
              const m = marks.get(n);
              return h(
                'li.blunder',
                { dataset: { n }, on: { click: jump(n) } },
                h('b', `${n}. ${m.seat} ${m.action}??`),
                ' ',
                L(m.label),
                h('div', t('proof_line'), ': ', h('code', m.before.pv.join(' '))),
              );
            }),
          )
        : h('p.no-blunders', t('no_blunders')),
      a.complete ? null : h('p.muted', t('analysis_partial')),
    );
    analysisBox.dataset.done = '1';
    show();
  };
  const outcome = rep.outcome || rep.server_result;
  page.append(
    h('h2', `${t('replay_title')}: ${gameName(rep.game)}`),
    h('p.muted', t('replay_note')),
    outcome ? h('p.banner', `${t('result')}: ${st && st.outcome_label ? L(st.outcome_label) : outcome.reason}${outcome.winners && outcome.winners.length ? ` — ${t('winner')}: ${outcome.winners.map(seatName).join(', ')}` : ''}`) : null,
    h(
      'div.row.replay-controls',
      btn(t('first'), 'rp-first', () => (i = 0)),
      btn(t('prev'), 'rp-prev', () => (i = Math.max(0, i - 1))),
      btn(t('next'), 'rp-next', () => (i = Math.min(rep.actions.length, i + 1))),
      btn(t('last'), 'rp-last', () => (i = rep.actions.length)),
      h('button#rp-analyse', { on: { click: analyse } }, t('analyse')),
    ),
    analysisBox,
    stepBox,
    boardBox,
    h('details', { open: true }, h('summary', `${t('replay_step')} (${rep.actions.length})`), list),
    h('details', h('summary', 'JSON'), h('pre.json', JSON.stringify({ ...rep, actions: `${rep.actions.length} actions` }, null, 1))),
  );
  show();
  return () => {};
}
