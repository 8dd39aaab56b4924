// Riftbound: legends, points, runes (ready / exhausted), base and champion zone, battlefields with
// their units, controller and contest, facedown cards, the chain, showdowns, hands and trash.
import { h } from '../dom.js';
import { t, getLang } from '../i18n.js';
import { cardEl, cardBack, zone } from '../cards.js';

const PHASE_ZH = { mulligan: '调度', beginning: '开始', scoring: '计分', channel: '引导', draw: '抽牌', main: '主要', ending: '结束' };

function riftCard(c, ctx, zoneName) {
  const zh = getLang() === 'zh';
  const stats = [];
  if (c.might != null) stats.push([t('might'), c.might]);
  if (c.damage) stats.push([t('damage'), c.damage]);
  const exhausted = (c.status || []).includes('exhausted');
  return cardEl({
    key: `c${c.id}`,
    sig: `${zoneName}|${c.might}|${c.damage}|${(c.status || []).join(',')}|${c.controller}`,
    title: zh && c.zh ? c.zh : c.name,
    sub: `c${c.id}${c.attached_to != null ? ` → c${c.attached_to}` : ''}`,
    stats,
    flags: (c.status || []).filter((s) => s !== 'exhausted' || true).map((s) => (s === 'exhausted' ? t('exhausted') : s)),
    cls: `rift${exhausted ? ' exhausted' : ''}`,
    rot: exhausted ? 90 : 0,
    ctx,
    owner: c.controller,
  });
}

function player(v, p, i, ctx) {
  const zh = getLang() === 'zh';
  let hand;
  if (p.hand) hand = p.hand.map((c) => riftCard(c, ctx, 'hand'));
  else hand = Array.from({ length: p.hand_count }, () => cardBack());
  const runes = [];
  for (let k = 0; k < p.runes_ready; k++) runes.push(h('span.rune.ready', { title: t('ready') }, '◆'));
  for (let k = 0; k < p.runes_exhausted; k++) runes.push(h('span.rune.exhausted', { title: t('exhausted') }, '◇'));
  return h(
    'section.player',
    { class: `${ctx.you === i ? 'mine' : 'theirs'}${v.to_act === i ? ' acting' : ''}` },
    h(
      'div.player-head',
      h('b', ctx.seatName(i)),
      v.turn_player === i ? h('span.badge', t('active_player')) : null,
      v.to_act === i ? h('span.badge.acting', t('to_act')) : null,
      h('span.score-total', { dataset: { key: `points-${i}`, sig: String(p.points) } }, `${t('points')}: ${p.points}`),
      h(
        'span.legend',
        { class: p.legend_exhausted ? 'exhausted' : '', dataset: { key: `L${i}`, sig: String(p.legend_exhausted) } },
        `${t('legend')}: ${p.legend}${p.legend_exhausted ? ` (${t('exhausted')})` : ''}`,
      ),
      h('span.muted', `${t('deck')} ${p.deck_count} · ${t('rune_deck')} ${p.rune_deck_count} · ${t('hand')} ${p.hand_count}`),
    ),
    h(
      'div.runes',
      { dataset: { key: `runes-${i}`, sig: `${p.runes_ready}/${p.runes_exhausted}` }, title: p.runes.join(', ') },
      h('span.zone-title', `${t('runes')}: ${p.runes_ready} ${t('ready')} / ${p.runes_exhausted} ${t('exhausted')} `),
      runes,
    ),
    p.champion_zone.length ? zone(t('champion'), p.champion_zone.map((c) => riftCard(c, ctx, 'champion')), 'champion-zone') : null,
    zone(t('base'), p.base.map((c) => riftCard(c, ctx, 'base')), 'base-zone'),
    zone(`${t('hand')} (${p.hand_count})`, hand, 'hand-zone'),
    h('details.pile', h('summary', `${t('trash')} (${p.trash.length})`), h('div.zone-cards', p.trash.map((c) => riftCard(c, ctx, 'trash')))),
    void zh,
  );
}

function battlefield(v, bf, b, ctx) {
  const zh = getLang() === 'zh';
  const key = `b${b + 1}`;
  const playable = ctx.legalKeys.has(key);
  const sd = v.showdown && v.showdown.battlefield === b ? v.showdown : null;
  return h(
    'div.battlefield',
    {
      class: `${playable ? 'playable' : ''}${ctx.selected === key ? ' selected' : ''}${sd ? ' showdown' : ''}${bf.controller != null ? ` ctrl-${bf.controller}` : ''}`,
      dataset: { key, sig: `${bf.controller}|${bf.contested_by}|${bf.units.length}` },
      on: { click: (e) => e.target === e.currentTarget || e.target.closest('.bf-head') ? ctx.select(key) : null },
    },
    h(
      'div.bf-head',
      h('b', `${key}: ${zh && bf.zh ? bf.zh : bf.name}`),
      h('span.muted', ` ${ctx.seatName(bf.owner)}`),
      bf.controller != null ? h('span.badge', `${t('controller')}: P${bf.controller + 1}`) : null,
      bf.contested_by != null ? h('span.badge.warn', `${t('contested')}: P${bf.contested_by + 1}`) : null,
      sd ? h('span.badge.acting', `${t('showdown')}${sd.combat ? ` (${t('combat')})` : ''} · ${t('focus')} P${sd.focus + 1}`) : null,
    ),
    h(
      'div.zone-cards',
      bf.units.map((c) => riftCard(c, ctx, `bf${b}`)),
      bf.facedown ? (bf.facedown.card ? riftCard(bf.facedown.card, ctx, `fd${b}`) : cardBack(t('facedown'))) : null,
    ),
  );
}

export function render(v, ctx) {
  const order = ctx.you === 1 ? [0, 1] : [1, 0];
  const phase = getLang() === 'zh' ? PHASE_ZH[v.phase] || v.phase : v.phase;
  return h(
    'div.board.rift-board',
    h('div.board-info', h('span', `${t('turn')} ${v.turn}`), h('span', `${t('phase')}: ${phase}`), v.prompt ? h('span', `${t('prompt')}: ${v.prompt}`) : null),
    v.peek ? zone(t('peek'), [riftCard(v.peek, ctx, 'peek')]) : null,
    player(v, v.players[order[0]], order[0], ctx),
    h('div.battlefields', h('div.zone-title', t('battlefields')), h('div.bf-row', v.battlefields.map((bf, b) => battlefield(v, bf, b, ctx)))),
    v.chain.length
      ? h(
          'div.chain',
          h('div.zone-title', t('chain')),
          h('ol', v.chain.map((it) => h('li', `P${it.controller + 1}: ${it.source}${it.targets.length ? ` → ${it.targets.join(', ')}` : ''}`))),
        )
      : null,
    player(v, v.players[order[1]], order[1], ctx),
  );
}

export function prompt(v) {
  const phase = getLang() === 'zh' ? PHASE_ZH[v.phase] || v.phase : v.phase;
  return `${t('phase')}: ${phase}${v.prompt ? ` — ${v.prompt}` : ''}`;
}
