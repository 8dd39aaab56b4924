// Riftbound: legends, points, runes (ready / exhausted), base and champion zone, battlefields with
// their units, controller and contest, facedown cards, the chain, showdowns, hands and trash.
// Every seat is drawn (2, 3 or 4): the others above the battlefields, your own seat at the bottom.
// Card faces (name, cost, might, keywords, rules text) come from the catalogue; exhausted cards
// lean a little and carry a badge (their text stays upright).
import { h } from '../dom.js';
import { t, getLang } from '../i18n.js';
import { cardEl, cardBack, zone, infoOf, infoName, cardLink } from '../cards.js';

const PHASE_ZH = { mulligan: '调度', beginning: '开始', scoring: '计分', channel: '引导', draw: '抽牌', draw_held: '抽牌', main: '主要', ending: '结束', sideboard: '换备牌' };
// The Draw Phase held up by a burn-out choice (CR 431) is still the Draw Phase to a player.
const PHASE_EN = { draw_held: 'draw' };
const STATUS = { exhausted: 'exhausted', stunned: 'stunned', buffed: 'buffed', ready: 'ready', facedown: 'facedown' };

/** Counters (CR 741–749) as state badges: "charge ×2". */
function counterBadges(counters) {
  return Object.entries(counters || {}).map(([name, n]) => [`${name} ×${n}`, 'counter']);
}

function counterSig(counters) {
  return Object.entries(counters || {}).map(([name, n]) => `${name}${n}`).join(',');
}

function tokOf(id) {
  if (id == null) return null;
  return /^\d+$/.test(String(id)) ? `c${id}` : String(id);
}

function riftCard(c, ctx, zoneName) {
  const zh = getLang() === 'zh';
  const d = infoOf('riftbound', c);
  const stats = [];
  if (d && d.cost != null && d.cost !== '') stats.push([t('cost'), d.cost]);
  const base = d && d.power != null ? d.power : null;
  if (c.might != null) stats.push([t('might'), base != null && c.might !== base ? `${c.might} (${t('base_value')} ${base})` : c.might]);
  else if (base != null) stats.push([t('might'), base]);
  const state = [];
  if (c.damage) state.push([`${t('damage')} ${c.damage}`, 'damage']);
  for (const s of c.status || []) state.push([STATUS[s] ? t(STATUS[s]) : s, s]);
  if (c.attached_to != null) state.push([`${t('attached_to')} ${tokOf(c.attached_to)}`, 'x']);
  state.push(...counterBadges(c.counters));
  const exhausted = (c.status || []).includes('exhausted');
  return cardEl({
    id: c.id,
    key: tokOf(c.id),
    sig: `${zoneName}|${c.might}|${c.damage}|${(c.status || []).join(',')}|${c.controller}|${counterSig(c.counters)}`,
    info: d,
    title: d ? infoName(d) : zh && c.zh ? c.zh : c.name,
    stats,
    state,
    cls: `rift${exhausted ? ' exhausted' : ''}`,
    tilt: exhausted ? 1 : 0,
    ctx,
    owner: c.controller,
  });
}

/** The legend as a card (its abilities from the catalogue, looked up by name). */
function legendCard(p, i, ctx) {
  // `legend_card` ({id "L1", card, name, zh, exhausted}) where the view has it; else the name.
  const ref = p.legend_card && p.legend_card.name ? p.legend_card : typeof p.legend === 'object' && p.legend ? p.legend : { name: p.legend };
  const d = infoOf('riftbound', ref);
  return cardEl({
    id: ref.id || null,
    key: `L${i}`,
    sig: `${p.legend_exhausted}|${counterSig(ref.counters)}`,
    info: d,
    title: d ? infoName(d) : getLang() === 'zh' && ref.zh ? ref.zh : ref.name || String(p.legend),
    type: d ? null : t('legend'),
    state: [...(p.legend_exhausted ? [[t('exhausted'), 'exhausted']] : []), ...counterBadges(ref.counters)],
    cls: `rift legend-card${p.legend_exhausted ? ' exhausted' : ''}`,
    tilt: p.legend_exhausted ? 1 : 0,
    ctx,
    owner: i,
  });
}

/** A rune on the board (`rune_cards`): a chip that payments can be picked by. */
function runeChip(r, ctx) {
  const d = infoOf('riftbound', r);
  const exhausted = (r.status || []).includes('exhausted') || r.exhausted;
  const id = r.id != null ? String(r.id) : null;
  const legal = ctx.isLegal(id, null);
  const name = d ? infoName(d) : getLang() === 'zh' && r.zh ? r.zh : r.name || '';
  return h(
    'button.rune-chip',
    {
      type: 'button',
      class: `${exhausted ? 'exhausted' : 'ready'}${legal ? ' playable' : ''}${ctx.isSelected(id, null) ? ' selected' : ''}`,
      dataset: id ? { id } : {},
      title: `${name}${exhausted ? ` (${t('exhausted')})` : ''}`,
      on: { click: () => id && ctx.select(id, null) },
    },
    exhausted ? '◇' : '◆',
    h('small', name.replace(/ Rune$/, '')),
  );
}

function player(v, p, i, ctx, compact) {
  let hand;
  if (p.hand) hand = p.hand.map((c) => riftCard(c, ctx, 'hand'));
  else hand = Array.from({ length: p.hand_count }, () => cardBack());
  const runes = [];
  for (let k = 0; k < p.runes_ready; k++) runes.push(h('span.rune.ready', { title: t('ready') }, '◆'));
  for (let k = 0; k < p.runes_exhausted; k++) runes.push(h('span.rune.exhausted', { title: t('exhausted') }, '◇'));
  return h(
    'section.player',
    { class: `${ctx.you === i ? 'mine' : 'theirs'}${v.to_act === i ? ' acting' : ''}${compact ? ' compact' : ''}`, dataset: { seat: i } },
    h(
      'div.player-head',
      h('b', ctx.seatName(i)),
      v.turn_player === i ? h('span.badge', t('active_player')) : null,
      v.to_act === i ? h('span.badge.acting', t('to_act')) : null,
      h('span.score-total', { dataset: { key: `points-${i}`, sig: String(p.points) } }, `${t('points')}: ${p.points}${v.victory_score ? ` / ${v.victory_score}` : ''}`),
      h('span.muted', `${t('deck')} ${p.deck_count} · ${t('rune_deck')} ${p.rune_deck_count} · ${t('hand')} ${p.hand_count}`),
    ),
    h(
      'div.zone-row',
      zone(t('legend'), [legendCard(p, i, ctx)], 'legend-zone'),
      p.champion_zone.length ? zone(t('champion'), p.champion_zone.map((c) => riftCard(c, ctx, 'champion')), 'champion-zone') : null,
      zone(t('base'), p.base.map((c) => riftCard(c, ctx, 'base')), 'base-zone'),
    ),
    h(
      'div.runes',
      { dataset: { key: `runes-${i}`, sig: `${p.runes_ready}/${p.runes_exhausted}` }, title: (p.runes || []).join(', ') },
      h('span.zone-title', `${t('runes')}: ${p.runes_ready} ${t('ready')} / ${p.runes_exhausted} ${t('exhausted')} `),
      p.rune_cards && p.rune_cards.length ? p.rune_cards.map((r) => runeChip(r, ctx)) : runes,
    ),
    zone(`${t('hand')} (${p.hand_count})`, hand, 'hand-zone'),
    h('details.pile', h('summary', `${t('trash')} (${p.trash.length})`), h('div.zone-cards', p.trash.map((c) => riftCard(c, ctx, 'trash')))),
  );
}

function battlefield(v, bf, b, ctx) {
  const zh = getLang() === 'zh';
  const key = `b${b + 1}`;
  const id = bf.id != null ? String(bf.id) : null;
  const playable = ctx.isLegal(id, key);
  const sd = v.showdown && v.showdown.battlefield === b ? v.showdown : null;
  const d = infoOf('riftbound', bf);
  const name = d ? infoName(d) : zh && bf.zh ? bf.zh : bf.name;
  return h(
    'div.battlefield',
    {
      class: `${playable ? 'playable' : ''}${ctx.isSelected(id, key) ? ' selected' : ''}${sd ? ' showdown' : ''}${bf.controller != null ? ` ctrl-${bf.controller}` : ''}`,
      dataset: { key, ...(id ? { id } : {}), sig: `${bf.controller}|${bf.contested_by}|${bf.units.length}|${counterSig(bf.counters)}` },
      on: { click: (e) => (e.target === e.currentTarget || (e.target.closest('.bf-head') && !e.target.closest('.card-link')) ? ctx.select(id, key) : null) },
    },
    h(
      'div.bf-head',
      h('b', `${key}: `),
      d ? cardLink('riftbound', { id: null, card: d.key }, name) : h('b', name),
      h('span.muted', ` ${ctx.seatName(bf.owner)}`),
      bf.controller != null ? h('span.badge', `${t('controller')}: P${bf.controller + 1}`) : null,
      bf.contested_by != null ? h('span.badge.warn', `${t('contested')}: P${bf.contested_by + 1}`) : null,
      ...counterBadges(bf.counters).map(([label]) => h('span.badge.counter', { title: t('counters') }, label)),
      sd ? h('span.badge.acting', `${t('showdown')}${sd.combat ? ` (${t('combat')})` : ''} · ${t('focus')} P${sd.focus + 1}`) : null,
    ),
    d && (zh ? d.text_zh : d.text_en) ? h('div.bf-text', zh ? d.text_zh : d.text_en) : null,
    h(
      'div.zone-cards',
      bf.units.map((c) => riftCard(c, ctx, `bf${b}`)),
      bf.facedown
        ? bf.facedown.card && typeof bf.facedown.card === 'object'
          ? riftCard(bf.facedown.card, ctx, `fd${b}`)
          : bf.facedown.card && typeof bf.facedown.card === 'string'
            ? riftCard({ id: bf.facedown.id, card: bf.facedown.card, status: ['facedown'] }, ctx, `fd${b}`)
            : cardBack(t('facedown'))
        : null,
    ),
  );
}

export function render(v, ctx) {
  const n = v.players.length;
  const me = ctx.you != null && ctx.you < n ? ctx.you : 0;
  const others = [];
  for (let k = 1; k < n; k++) others.push((me + k) % n);
  const phase = getLang() === 'zh' ? PHASE_ZH[v.phase] || v.phase : PHASE_EN[v.phase] || v.phase;
  return h(
    'div.board.rift-board',
    { class: `seats-${n}` },
    h(
      'div.board-info',
      h('span', `${t('turn')} ${v.turn}`),
      h('span', `${t('phase')}: ${phase}`),
      v.prompt && typeof v.prompt === 'string' ? h('span', `${t('prompt')}: ${v.prompt}`) : null,
      v.match ? matchRecord(v.match) : null,
    ),
    v.peek ? zone(t('peek'), [riftCard(v.peek, ctx, 'peek')]) : null,
    // Predict N > 1 (CR 436): the looked-at cards, top of the deck first, to their owner only.
    v.looked && v.looked.length ? zone(t('looked'), v.looked.map((c) => riftCard(c, ctx, 'looked'))) : null,
    h('div.opponents', { class: `n-${others.length}` }, others.map((i) => player(v, v.players[i], i, ctx, others.length > 1))),
    h('div.battlefields', h('div.zone-title', t('battlefields')), h('div.bf-row', v.battlefields.map((bf, b) => battlefield(v, bf, b, ctx)))),
    v.chain.length
      ? h(
          'div.chain',
          h('div.zone-title', t('chain')),
          h(
            'ol',
            v.chain.map((it) => {
              const d = it.card ? infoOf('riftbound', String(it.card)) : null;
              const src = typeof it.source === 'string' ? it.source : it.source?.name || '';
              return h(
                'li',
                {
                  dataset: it.id ? { id: String(it.id) } : {},
                  class: it.id && ctx.isLegal(String(it.id), null) ? 'playable' : '',
                  on: { click: (e) => it.id && !e.target.closest('.card-link') && ctx.select(String(it.id), null) },
                },
                `P${it.controller + 1}: `,
                d ? cardLink('riftbound', { id: it.source_id ?? null, card: d.key }, infoName(d)) : src,
                it.targets && it.targets.length ? ` → ${it.targets.map((x) => (typeof x === 'string' ? x : x.name || x.id)).join(', ')}` : '',
              );
            }),
          ),
        )
      : null,
    player(v, v.players[me], me, ctx, false),
  );
}

/** A Bo3/Bo5 match (TR 407): which game this is and the games each seat has won. */
function matchRecord(m) {
  const wins = (m.wins || []).map((w, i) => `P${i + 1} ${w}`).join(' · ');
  return h('span.match-record#match-record', t('match_record').replace('{best}', m.best_of).replace('{game}', m.game).replace('{wins}', wins));
}

export function prompt(v) {
  const phase = getLang() === 'zh' ? PHASE_ZH[v.phase] || v.phase : PHASE_EN[v.phase] || v.phase;
  return `${t('phase')}: ${phase}${v.prompt && typeof v.prompt === 'string' ? ` — ${v.prompt}` : ''}`;
}
