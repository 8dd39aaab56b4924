// Fate Deduction: both rows in order, resources per suit (untapped / tapped / cap / pile), hands,
// step and ply, the pending decisions (lineup, buff window, attacks, splits…).
import { h } from '../dom.js';
import { t, L, getLang } from '../i18n.js';
import { cardEl, cardBack, zone, infoOf, infoName, infoCost } from '../cards.js';

const SUITS = { P: ['Pentacles', '星币', '✪'], C: ['Cups', '圣杯', '♥'], W: ['Wands', '权杖', '♣'], S: ['Swords', '宝剑', '♠'] };
const RANKS = { J: ['Page', '侍卫'], N: ['Knight', '骑士'], Q: ['Queen', '皇后'], K: ['King', '国王'] };
const STEPS = {
  setup: '开局', turn_start: '回合开始', pentacle_recovery: '星币恢复', wand_recovery: '权杖恢复', draw: '抽牌',
  main: '主要阶段', lineup: '排阵', combat_start: '战斗开始', buff: '加攻窗口', attacks: '攻击', bonus: '额外攻击',
  end: '结束阶段', cup_recovery: '圣杯恢复', end_turn: '回合结束', over: '结束',
};

export function cardName(code) {
  code = String(code || '');
  if (code.length < 2) return code;
  const r = RANKS[code[0].toUpperCase()];
  const s = SUITS[code[1].toUpperCase()];
  if (!r || !s) return code;
  return getLang() === 'zh' ? `${s[1]}${r[1]}` : `${r[0]} of ${s[0]}`;
}

function fateCard(c, ctx, extra = {}) {
  const code = c.card;
  const s = SUITS[String(code)[1]?.toUpperCase()] || ['', '', ''];
  const d = infoOf('fate', c);
  const state = [];
  if (c.acted) state.push([t('acted'), 'exhausted']);
  if (c.affected) state.push([t('affected'), 'affected']);
  if (c.hidden_buff) state.push([`${t('hidden_buff')} +${c.hidden_buff}`, 'buff']);
  if (c.attacks_used) state.push([`${t('attacks_used')} ${c.attacks_used}`, 'x']);
  if (c.extra_attacks) state.push([`+${c.extra_attacks} ${t('extra_attacks')}`, 'buff']);
  if (c.skn_bonus) state.push([`${t('bonus')} +${c.skn_bonus}`, 'buff']);
  const stats = [];
  if (d && d.cost != null && d.cost !== '') stats.push([t('cost'), infoCost(d)]);
  const basePower = d && d.power != null ? d.power : null;
  if (c.atk || basePower != null) stats.push([t('atk'), c.atk ?? basePower]);
  return cardEl({
    id: c.id ?? null,
    key: code,
    sig: JSON.stringify(c) + (extra.zone || ''),
    info: d,
    title: `${s[2]} ${d ? infoName(d) : cardName(code)}`,
    stats,
    state,
    cls: `fate suit-${String(code)[1]?.toUpperCase()}${c.acted ? ' exhausted' : ''}`,
    tilt: c.acted ? 1 : 0,
    ctx,
    owner: code[0] === code[0].toUpperCase() ? 0 : 1,
  });
}

function resources(p) {
  return h(
    'div.resources',
    p.resources.map((r) => {
      const s = SUITS[r.suit] || [r.suit, r.suit, r.suit];
      const pips = [];
      for (let i = 0; i < r.cap; i++) pips.push(h('span.pip', { class: i < r.untapped ? 'up' : i < r.untapped + r.tapped ? 'tapped' : 'free' }));
      return h(
        'div.res',
        { class: `suit-${r.suit}`, dataset: { key: `res-${p.seat}-${r.suit}`, sig: JSON.stringify(r) }, title: `${getLang() === 'zh' ? s[1] : s[0]}: ${r.untapped} ${t('untapped')}, ${r.tapped} ${t('tapped')}, ${t('cap')} ${r.cap}, ${t('pile')} ${r.pile}` },
        h('span.res-suit', `${s[2]} ${getLang() === 'zh' ? s[1] : s[0]}`),
        h('span.res-nums', h('b', r.untapped), ' / ', h('span.tapped-n', r.tapped), h('small', ` ${t('cap')} ${r.cap} · ${t('pile')} ${r.pile}`)),
        h('div.pips', pips),
      );
    }),
  );
}

function player(v, p, ctx) {
  const hidden = p.hand_hidden;
  const handCards = p.hand.map((c) => fateCard(c, ctx, { zone: 'hand' }));
  if (hidden == null) handCards.push(h('span.muted', '…'));
  else for (let i = 0; i < hidden; i++) handCards.push(cardBack());
  const isActive = v.active === p.seat;
  return h(
    'section.player',
    { class: `${ctx.you === p.seat ? 'mine' : 'theirs'}${v.to_act === p.seat ? ' acting' : ''}` },
    h(
      'div.player-head',
      h('b', ctx.seatName(p.seat)),
      isActive ? h('span.badge', t('active_player')) : null,
      v.to_act === p.seat ? h('span.badge.acting', t('to_act')) : null,
      p.composition ? h('span.muted', ` N${p.composition[0]} J${p.composition[1]}`) : null,
      p.cap_effects.length ? h('span.muted', ` ${t('cap')}: ${p.cap_effects.join(' ')}`) : null,
    ),
    resources(p),
    zone(`${t('row')} (${p.row.length})`, p.row.map((c) => fateCard(c, ctx, { zone: 'row' })), 'row-zone'),
    zone(`${t('hand')}${hidden ? ` (+${hidden} ${t('hidden_cards')})` : ''}`, handCards, 'hand-zone'),
    p.aside && p.aside.length
      ? h('details.pile.aside-zone', h('summary', `${t('aside')} (${p.aside.length})`), h('div.zone-cards', p.aside.map((code) => fateCard(typeof code === 'string' ? { card: code } : code, ctx, { zone: 'aside' }))))
      : null,
  );
}

export function render(v, ctx) {
  const order = ctx.you === 1 ? [0, 1] : [1, 0];
  const stepName = getLang() === 'zh' ? STEPS[v.step] || v.step : v.step.replace(/_/g, ' ');
  return h(
    'div.board.fate-board',
    h(
      'div.board-info',
      h('span', `${t('ply')} ${v.ply} / ${v.ply_limit}`),
      h('span', `${t('step')}: ${stepName}`),
      v.budget ? h('span', `${t('budget')}: ${v.budget}`) : null,
      v.eliminated.length ? h('span', `${t('eliminated')}: ${v.eliminated.map((x) => cardName(typeof x === 'string' ? x : x.card || '')).join(', ')}`) : null,
    ),
    v.pending.length ? h('div.pending', h('b', `${t('pending')}: `), v.pending.map((x) => (typeof x === 'string' ? x : x.en ? L(x) : JSON.stringify(x))).join(' · ')) : null,
    order.map((i) => player(v, v.players[i], ctx)),
  );
}

export function prompt(v) {
  const stepName = getLang() === 'zh' ? STEPS[v.step] || v.step : v.step.replace(/_/g, ' ');
  return v.pending.length && typeof v.pending[0] === 'string' ? v.pending[0] : `${t('step')}: ${stepName}`;
}

function suitName(l) {
  const s = SUITS[l.toUpperCase()];
  return s ? (getLang() === 'zh' ? s[1] : s[0]) : l;
}

/** A Fate action notation (docs/fate.md) in words, in the current language. */
export function fateNotation(n) {
  const zh = getLang() === 'zh';
  const [k, rest = ''] = String(n).split('=');
  const [a, b] = rest.split(':');
  const cn = (c) => (c && c.length === 2 ? cardName(c) : c);
  const suits = (m) => [...m].map(suitName).join(zh ? '、' : ', ');
  const T = {
    king: () => (zh ? `选择${suitName(a)}国王` : `chooses the King of ${suitName(a)}`),
    queen: () => (zh ? `选择${suitName(a)}皇后` : `chooses the Queen of ${suitName(a)}`),
    comp: () => (zh ? `选择${a[0]}张骑士和${a[1]}张侍卫` : `takes ${a[0]} Knights and ${a[1]} Pages`),
    knights: () => (zh ? `骑士：${suits(a)}` : `Knights: ${suits(a)}`),
    pages: () => (zh ? `侍卫：${suits(a)}` : `Pages: ${suits(a)}`),
    pent: () => (zh ? `复原${a}张星币` : `untaps ${a} Pentacles`),
    wand: () => (zh ? `复原${a}张权杖` : `untaps ${a} Wands`),
    cups: () => (zh ? `复原${a}张圣杯` : `untaps ${a} Cups`),
    swords: () => (zh ? `复原${a}张宝剑` : `untaps ${a} Swords`),
    draw: () => (zh ? `抽一张${suitName(a)}` : `draws a ${suitName(a)} resource`),
    enddraw: () => (zh ? '结束抽牌' : 'ends the draw'),
    play: () => (zh ? `打出${cn(a)}` : `plays the ${cn(a)}`),
    ret: () => (zh ? `将${cn(a)}返回手牌` : `returns the ${cn(a)} to hand`),
    act: () => (zh ? `发动${cn(a)}的技能${b ? `（${b}）` : ''}` : `uses the ${cn(a)}'s skill${b ? ` (${b})` : ''}`),
    endmain: () => (zh ? '结束主要阶段' : 'ends the main phase'),
    place: () => (zh ? `将${cn(a)}放入队列` : `places the ${cn(a)} next in the row`),
    buff: () => (zh ? `为${cn(a)}加攻+1` : `buffs the ${cn(a)} (+1)`),
    donebuff: () => (zh ? '结束加攻' : 'done buffing'),
    atk: () => {
      const [c, tg] = a.split('>');
      const where = tg === 'L' ? (zh ? '左边缘' : 'the left edge') : tg === 'R' ? (zh ? '右边缘' : 'the right edge') : zh ? `${suitName(tg)}资源` : `the ${suitName(tg)} resources`;
      return zh ? `${cn(c)}攻击${where}` : `the ${cn(c)} attacks ${where}`;
    },
    stand: () => (zh ? `${cn(a)}不再进攻` : `the ${cn(a)} stands down`),
    endcombat: () => (zh ? '结束战斗' : 'ends combat'),
    bonus: () => (zh ? `额外攻击${suitName(a)}` : `bonus attack on ${suitName(a)}`),
    decline: () => (zh ? '放弃额外攻击' : 'declines the bonus'),
    split: () => (zh ? `其中弃置${a}张未横置` : `discards ${a} untapped among them`),
    discard: () => (zh ? `弃置${cn(a)}` : `discards the ${cn(a)}`),
    victim: () => (zh ? `弃置${cn(a)}` : `discards the ${cn(a)}`),
    koc: () => (a === 'cup' ? (zh ? '弃置一张圣杯' : 'discards an untapped Cup') : a === 'ret' ? (zh ? `将${cn(b)}返回手牌` : `returns the ${cn(b)} to hand`) : zh ? `弃置手牌${cn(b)}` : `discards the ${cn(b)} from hand`),
    kop: () => (a === 'take' ? (zh ? '抽取' : 'takes the draw') : zh ? '放弃抽牌' : 'declines the draw'),
  };
  return T[k] ? `${T[k]()}` : n;
}
