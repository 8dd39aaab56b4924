// A log entry as text in the current language. Events are the games' own JSON: Fate and
// Riftbound log the action's notation (turned into words here), Ardent logs typed events.
import { L, getLang } from '../i18n.js';
import { fateNotation } from './fate.js';
import { ardentName } from './ardent.js';

const zh = () => getLang() === 'zh';

function seatOf(v, seatName) {
  if (typeof v === 'number') return seatName(v);
  return String(v);
}

function describe(v, seatName) {
  if (v == null) return '';
  if (typeof v !== 'object') return String(v);
  if (Array.isArray(v)) return v.map((x) => describe(x, seatName)).join(', ');
  if ('en' in v && 'zh' in v) return L(v);
  if ('name' in v && ('id' in v || 'number' in v)) return v.name;
  const parts = [];
  for (const [k, x] of Object.entries(v)) {
    if (k === 'event' || k === 'kind') continue;
    if (k === 'seat' || k === 'shown_to') parts.push(seatOf(x, seatName));
    else if (x == null) continue;
    else if (typeof x === 'object') parts.push(`${k}: ${describe(x, seatName)}`);
    else parts.push(k === 'action' || k === 'reason' ? String(x) : `${k} ${x}`);
  }
  return parts.join(' · ');
}

const ZONES_ZH = { hand: '手牌', deck: '牌库', discard: '弃牌堆', line: '战线', relics: '遗物区', score: '积分区', play: '打出区', limbo: '结算区' };
const STATES = { dormant: ['Dormant', '休眠'], active: ['Active', '活跃'], mature: ['Mature', '成熟'] };

function ardent(ev, S) {
  const z = zh();
  const c = (x) => (x ? ardentName(x) : z ? '一张牌' : 'a card');
  const cs = (xs) => (xs || []).map(c).join(z ? '、' : ', ');
  const s = 'seat' in ev ? S(ev.seat) : '';
  switch (ev.event) {
    case 'turn_started': return z ? `${s} 开始第 ${ev.turn} 回合` : `${s} starts turn ${ev.turn}`;
    case 'played': return z ? `${s} 打出 ${c(ev.card)}` : `${s} plays ${c(ev.card)}`;
    case 'drew': return z ? `${s} 抽了 ${c(ev.card)}` : `${s} draws ${c(ev.card)}`;
    case 'discarded': return z ? `${s} 弃置 ${c(ev.card)}` : `${s} discards ${c(ev.card)}`;
    case 'moved': return z ? `${c(ev.card)} → ${S(ev.seat)} 的${ZONES_ZH[ev.zone] || ev.zone}` : `${c(ev.card)} → ${S(ev.seat)}'s ${ev.zone}`;
    case 'rotated': return `${c(ev.card)} → ${(STATES[ev.state] || [ev.state, ev.state])[z ? 1 : 0]}`;
    case 'fight':
      return z
        ? `战斗：${cs(ev.attackers)}（${ev.attack}）对 ${cs(ev.defenders)}（${ev.defense}）— ${ev.attackers_win ? '攻击方胜' : '防守方胜'}`
        : `Fight: ${cs(ev.attackers)} (${ev.attack}) vs ${cs(ev.defenders)} (${ev.defense}) — ${ev.attackers_win ? 'attackers win' : 'defenders win'}`;
    case 'harvested': return z ? `${s} 收获 ${c(ev.card)}` : `${s} harvests ${c(ev.card)}`;
    case 'revealed':
      return z ? `${s} 向 ${S(ev.shown_to)} 展示手牌（${ev.count}）${ev.cards ? `：${cs(ev.cards)}` : ''}` : `${s} reveals a hand of ${ev.count} to ${S(ev.shown_to)}${ev.cards ? `: ${cs(ev.cards)}` : ''}`;
    case 'reshuffled': return z ? `${s} 重洗牌库` : `${s} reshuffles`;
    case 'lasting': return `${s}: ${ev.effect}`;
    case 'named_number': return z ? `${s} 说出数字 ${ev.number}` : `${s} names ${ev.number}`;
    case 'turn_ended': return z ? `${s} 结束回合` : `${s} ends the turn`;
    case 'draw_offered': return z ? `${s} 提议和局` : `${s} offers a draw`;
    case 'draw_declined': return z ? `${s} 拒绝和局` : `${s} declines the draw`;
    case 'game_over': return z ? `对局结束：${ev.reason}（${(ev.scores || []).join(' : ')}）` : `Game over: ${ev.reason} (${(ev.scores || []).join(' : ')})`;
    default: return null;
  }
}

/** `names` maps card tokens (c12…) to card names, from the current view. */
export function logText(game, ev, seatName, names = null) {
  if (ev == null) return '';
  if (typeof ev === 'string') return ev;
  if (ev.label) return `${'seat' in ev ? `${seatOf(ev.seat, seatName)}: ` : ''}${L(ev.label)}`;
  if (game === 'ardent' && typeof ev.event === 'string') {
    const s = ardent(ev, (x) => seatOf(x, seatName));
    if (s) return s;
  }
  if (game === 'fate') {
    if (ev.kind === 'action') return `${seatOf(ev.seat, seatName)}: ${fateNotation(ev.action)}`;
    if (ev.kind === 'hidden_choice') return `${seatOf(ev.seat, seatName)}: ${zh() ? '秘密选择' : 'a secret choice'}`;
    if (ev.kind === 'game_over') return `${zh() ? '对局结束' : 'Game over'}: ${ev.reason}`;
  }
  if (typeof ev.action === 'string' && 'seat' in ev) {
    const text = names ? ev.action.replace(/\bc\d+\b/g, (k) => (names.has(k) ? `${names.get(k)} (${k})` : k)) : ev.action;
    return `${seatOf(ev.seat, seatName)}: ${text}`;
  }
  if (typeof ev.kind === 'string') return `${ev.kind.replace(/_/g, ' ')} — ${describe(ev, seatName)}`;
  if (typeof ev.event === 'string') return `${ev.event.replace(/_/g, ' ')} — ${describe(ev, seatName)}`;
  const keys = Object.keys(ev);
  if (keys.length === 1 && ev[keys[0]] && typeof ev[keys[0]] === 'object') return `${keys[0]} — ${describe(ev[keys[0]], seatName)}`;
  return describe(ev, seatName);
}

/** Card tokens → names in a view (any object with an id and a name). */
export function namesIn(view) {
  const out = new Map();
  const walk = (v) => {
    if (!v || typeof v !== 'object') return;
    if (Array.isArray(v)) return v.forEach(walk);
    if (typeof v.id === 'number' && typeof v.name === 'string') out.set(`c${v.id}`, zh() && v.zh ? v.zh : v.name);
    Object.values(v).forEach(walk);
  };
  walk(view);
  return out;
}

/**
 * Whether a log label is the game's own words (a game that does not describe its events yet gets
 * the engine's default: the event's debug text, the same in both languages).
 */
export function realLabel(l) {
  return !!(l && typeof l === 'object' && l.en && l.zh && l.en !== l.zh);
}
