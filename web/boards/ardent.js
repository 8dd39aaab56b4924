// Ardent Reapers: lines, relics, hands, deck/discard counts, score piles and totals; card states
// Dormant / Active / Mature shown as a badge and a slight lean (text stays upright), the
// resolving zone and prompts. Card faces come from the catalogue (GET /api/games/ardent/cards).
import { h } from '../dom.js';
import { t, getLang } from '../i18n.js';
import { cardEl, cardBack, zone, infoOf, infoName } from '../cards.js';

const STATE_TILT = { dormant: 0, active: 1, mature: 2 };

/** The token actions used for a card before they named it (`c12`). */
export function tokOf(id) {
  if (id == null) return null;
  return /^\d+$/.test(String(id)) ? `c${id}` : String(id);
}

function ardentCard(c, ctx, zoneName) {
  const d = infoOf('ardent', c);
  const stats = [];
  const base = d && d.power != null ? d.power : null;
  const power = c.power != null ? c.power : base;
  if (power != null) stats.push([t('power'), base != null && c.power != null && c.power !== base ? `${c.power} (${t('base_value')} ${base})` : power]);
  stats.push([t('vp'), c.vp ?? (d ? d.vp : '')]);
  const state = c.state ? [[t(`state_${c.state}`), c.state]] : [];
  if (c.damage) state.push([`${t('damage')} ${c.damage}`, 'damage']);
  return cardEl({
    id: c.id,
    key: tokOf(c.id),
    sig: `${zoneName}|${c.state}|${c.power}`,
    info: d,
    title: d ? infoName(d) : c.name,
    sub: `#${c.number ?? (d ? d.number : '')}`,
    stats,
    state,
    cls: `ardent t-${d ? String(d.type).toLowerCase() : 'card'}${c.state ? ` st-${c.state}` : ''}`,
    tilt: c.state ? STATE_TILT[c.state] : 0,
    ctx,
    owner: c.owner,
  });
}

function pileSummary(title, cards, ctx, zoneName) {
  return h(
    'details.pile',
    h('summary', `${title} (${cards.length})`),
    h('div.zone-cards', cards.map((c) => ardentCard(c, ctx, zoneName))),
  );
}

function player(v, p, ctx) {
  const mine = ctx.you === p.seat;
  let hand;
  if (p.hand) hand = p.hand.map((c) => ardentCard(c, ctx, 'hand'));
  else {
    hand = p.known_hand.map((c) => ardentCard(c, ctx, 'hand'));
    for (let i = hand.length; i < p.hand_count; i++) hand.push(cardBack());
  }
  const flags = [];
  if (p.lullabied) flags.push(t('lullabied'));
  if (p.calmed) flags.push(t('calmed'));
  if (p.silenced) flags.push(t('silenced'));
  if (p.jump_start) flags.push(t('jump_start'));
  return h(
    'section.player',
    { class: `${mine ? 'mine' : 'theirs'}${v.to_act === p.seat ? ' acting' : ''}` },
    h(
      'div.player-head',
      h('b', ctx.seatName(p.seat)),
      v.current === p.seat ? h('span.badge', t('active_player')) : null,
      v.to_act === p.seat ? h('span.badge.acting', t('to_act')) : null,
      h('span.score-total', { dataset: { key: `score-${p.seat}`, sig: String(p.score_total) } }, `${t('score')}: ${p.score_total}`),
      h('span.muted', `${t('deck')} ${p.deck_count} · ${t('hand')} ${p.hand_count} · ${t('refill')} ${p.refill_size}`),
      flags.map((f) => h('span.badge.warn', f)),
    ),
    zone(`${t('line')} (${p.line.length})`, p.line.map((c) => ardentCard(c, ctx, 'line')), 'line-zone'),
    p.relics.length ? zone(t('relics'), p.relics.map((c) => ardentCard(c, ctx, 'relics')), 'relic-zone') : null,
    zone(`${t('hand')} (${p.hand_count})`, hand, 'hand-zone'),
    h('div.piles', pileSummary(t('score_pile'), p.score, ctx, 'score'), pileSummary(t('discard'), p.discard, ctx, 'discard')),
  );
}

/** What the prompt asks, in the current language (the view carries `asks` and `asks_zh`). */
function askText(p) {
  return getLang() === 'zh' && p.asks_zh ? p.asks_zh : p.asks;
}

export function render(v, ctx) {
  const order = ctx.you === 1 ? [0, 1] : [1, 0];
  return h(
    'div.board.ardent-board',
    h('div.board-info', h('span', `${t('turn')} ${v.turn}`), h('span', `${t('active_player')}: ${ctx.seatName(v.current)}`)),
    v.prompt
      ? h('div.pending', h('b', `${t('prompt')} (${ctx.seatName(v.prompt.actor)}): `), askText(v.prompt), v.prompt.optional ? ` (${t('optional')})` : '', v.prompt.source ? h('span', ` — ${ardentName(v.prompt.source)}`) : null)
      : null,
    v.resolving.length ? zone(t('resolving'), v.resolving.map((c) => ardentCard(c, ctx, 'resolving')), 'resolving-zone') : null,
    order.map((i) => player(v, v.players[i], ctx)),
  );
}

export function prompt(v, ctx) {
  if (v.prompt) return `${askText(v.prompt)}${v.prompt.source ? ` — ${ardentName(v.prompt.source)}` : ''}`;
  return `${t('turn')} ${v.turn}`;
}

/** A card's name in the current language (the log carries the English name and the number). */
export function ardentName(ref) {
  const d = infoOf('ardent', ref);
  return getLang() === 'zh' && d && d.name_zh ? d.name_zh : ref.name;
}
