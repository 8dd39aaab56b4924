// Card frames drawn with CSS from card data (no art), the card catalogue of each game, the card
// zoom (hover on desktop, long-press on phones, and from card names in prompts and the log), and
// — only as a fallback for games whose actions do not yet name their cards — `tokensOf`.

import { h } from './dom.js';
import { t, L, getLang } from './i18n.js';

// ---------- catalogues ----------

const catalogues = new Map(); // game → the catalogue in use: { url, byKey: Map, byNumber: Map, byName: Map }
const pending = new Map(); // url → Promise

/**
 * The game's card catalogue (`GET /api/games/{game}/cards`): every card by its key (the view's
 * `card` field), by collector number (Ardent's older views) and by English name. Fetched once;
 * an empty catalogue when the game has none (the boards then show what the view carries).
 * With `tableId`, the catalogue of that table's own card set (`GET /api/tables/{id}/cards`,
 * for a table created with an uploaded set): it is the game's catalogue in use until another
 * table of the game loads its own, so every seat sees that set's card texts.
 */
export function loadCatalogue(game, tableId = null) {
  const url = tableId
    ? `/api/tables/${encodeURIComponent(tableId)}/cards`
    : `/api/games/${encodeURIComponent(game)}/cards`;
  const now = catalogues.get(game);
  if (now && now.url === url) return Promise.resolve(now);
  if (!pending.has(url)) {
    pending.set(
      url,
      fetch(url)
        .then((r) => (r.ok ? r.json() : []))
        .catch(() => [])
        .then((list) => {
          const cat = { url, byKey: new Map(), byNumber: new Map(), byName: new Map() };
          for (const c of Array.isArray(list) ? list : []) {
            if (c.key != null) cat.byKey.set(String(c.key), c);
            if (c.number != null && !cat.byNumber.has(c.number)) cat.byNumber.set(c.number, c);
            if (c.name_en && !cat.byName.has(c.name_en)) cat.byName.set(c.name_en, c);
          }
          catalogues.set(game, cat);
          pending.delete(url);
          return cat;
        }),
    );
  }
  return pending.get(url);
}

/** The catalogue entry for a view card object (by `card`, else number, else name), or null. */
export function infoOf(game, c) {
  const cat = catalogues.get(game);
  if (!cat || !c) return null;
  if (typeof c === 'string') return cat.byKey.get(c) || cat.byKey.get(c.toUpperCase()) || cat.byName.get(c) || null;
  if (c.card != null) {
    const k = String(c.card);
    const hit = cat.byKey.get(k) || cat.byKey.get(k.toUpperCase());
    if (hit) return hit;
  }
  if (c.number != null && cat.byNumber.has(c.number)) return cat.byNumber.get(c.number);
  if (c.name && cat.byName.has(c.name)) return cat.byName.get(c.name);
  return null;
}

/** The catalogue name of `info` in the page language. */
export function infoName(info) {
  if (!info) return '';
  return getLang() === 'zh' && info.name_zh ? info.name_zh : info.name_en || '';
}

/** The rules text lines of a catalogue entry in the page language. */
export function infoText(info) {
  if (!info) return [];
  const s = (getLang() === 'zh' ? info.text_zh : info.text_en) || info.text_en || '';
  return String(s)
    .split(/<br>|\n/)
    .map((x) => x.trim())
    .filter(Boolean);
}

export function infoKeywords(info) {
  if (!info || !Array.isArray(info.keywords)) return [];
  return info.keywords.map((k) => (typeof k === 'string' ? k : getLang() === 'zh' ? k.zh || k.en : k.en)).filter(Boolean);
}

/** The cost in the page language (some catalogues write it in words: "1 Cup" / "1张圣杯"). */
export function infoCost(info) {
  if (!info || info.cost == null) return '';
  return getLang() === 'zh' && info.cost_zh ? info.cost_zh : info.cost;
}

export function infoType(info) {
  if (!info) return '';
  return getLang() === 'zh' && info.type_zh ? info.type_zh : info.type || '';
}

/** The tokens of an action's notation: `play=NP` → [play, NP]. Only for actions without `subject`/`targets`. */
export function tokensOf(notation) {
  return String(notation).split(/[\s=:,;>+]+/).filter(Boolean);
}

// ---------- card frames ----------

/**
 * A card element.
 * - `id`: the instance id the view gives the card (the contract's `CardRef.id`), drawn as
 *   `data-id`: the table highlights it when a legal action names it and clicking it acts.
 * - `key`: the old notation token (`c12`, `JS`): used to mark changes, and to find its actions
 *   only for games whose actions do not name their cards yet.
 * - `info`: its catalogue entry (name, type, cost, power, keywords, rules text).
 * - `title`/`sub`/`type`/`stats`/`text`/`flags`: what to draw (filled from `info` when missing);
 *   `state` (`[label, kind]` pairs) are badges of its current state (exhausted, damage…), shown
 *   on the card and in the zoom; `tilt` leans the card a little (text stays readable).
 */
export function cardEl(o) {
  const { id = null, key = null, sig, info = null, ctx, owner, cls = '', tilt = 0, extra = [] } = o;
  const title = o.title || infoName(info) || '?';
  const type = o.type ?? (infoType(info) || null);
  const stats = o.stats ? [...o.stats] : [];
  if (!o.stats && info) {
    if (info.cost != null && info.cost !== '') stats.push([t('cost'), infoCost(info)]);
    if (info.power != null) stats.push([powerName(info), info.power]);
  }
  const text = o.text ?? infoText(info);
  const keywords = o.keywords ?? infoKeywords(info);
  const flags = o.flags || [];
  const state = o.state || [];
  const dataId = id != null ? String(id) : null;
  const legal = ctx && ctx.isLegal ? ctx.isLegal(dataId, key) : false;
  const selected = ctx && ctx.isSelected ? ctx.isSelected(dataId, key) : false;
  const ds = {};
  if (key) ds.key = key;
  if (key || dataId) ds.sig = sig ?? '';
  if (dataId) ds.id = dataId;
  if (info && info.key != null) ds.card = String(info.key);
  const zoomData = { title, type, sub: o.sub, stats, text, keywords, flags, state, cls, extra };
  // A short cost (a number) goes in the corner; a cost in words ("2 Cups") is a stat line.
  const costStat = stats.find((s) => s[0] === t('cost'));
  const shortCost = costStat && String(costStat[1]).length <= 3 ? String(costStat[1]) : null;
  const faceStats = shortCost != null ? stats.filter((s) => s !== costStat) : stats;
  const clickable = !!(ctx && ctx.select && (key || dataId));
  const face = h(
    'div.card',
    {
      class: `${cls}${legal ? ' playable' : ''}${selected ? ' selected' : ''}${owner != null ? ` owner-${owner}` : ''}${tilt ? ` tilt-${tilt}` : ''}`,
      dataset: ds,
      title: [title, type, ...stats.map((s) => `${s[0]} ${s[1]}`), ...keywords, ...text, ...state.map((s) => s[0] ?? s)].filter(Boolean).join('\n'),
      tabindex: clickable ? 0 : null,
      on: {
        click: () => {
          if (longPressed) return;
          if (clickable) ctx.select(dataId, key);
        },
        keydown: (e) => {
          if ((e.key === 'Enter' || e.key === ' ') && clickable) {
            e.preventDefault();
            ctx.select(dataId, key);
          }
        },
        mouseenter: () => showZoom(zoomData),
        mouseleave: hideHoverZoom,
        contextmenu: (e) => {
          e.preventDefault();
          showZoom(zoomData, true);
        },
        pointerdown: (e) => startLongPress(e, zoomData),
        pointerup: cancelLongPress,
        pointercancel: cancelLongPress,
        pointermove: moveLongPress,
      },
    },
    h('div.card-head', h('div.card-name', title), shortCost != null ? h('div.card-cost', { title: t('cost') }, shortCost) : null),
    o.sub ? h('div.card-sub', o.sub) : null,
    type ? h('div.card-type', type) : null,
    faceStats.length ? h('div.card-stats', faceStats.map(([k, v]) => h('span.stat', h('small', k), ' ', h('b', String(v))))) : null,
    keywords.length ? h('div.card-kw', keywords.join(' · ')) : null,
    text.length ? h('div.card-text', text.map((l) => h('p', l))) : null,
    flags.length || state.length
      ? h('div.card-flags', state.map((s) => h('span.flag.state', { class: `st-${(Array.isArray(s) && s[1]) || 'x'}` }, Array.isArray(s) ? s[0] : s)), flags.map((f) => h('span.flag', f)))
      : null,
  );
  face.zoomData = zoomData;
  return face;
}

export function cardBack(label = '') {
  return h('div.card.back', { 'aria-label': 'hidden card' }, h('div.back-pattern'), label ? h('div.back-label', label) : null);
}

// ---------- zoom ----------

let zoomEl = null;
let longPressed = false;
let lp = null;

function startLongPress(e, data) {
  longPressed = false;
  if (e.pointerType === 'mouse') return;
  cancelLongPress();
  lp = {
    x: e.clientX,
    y: e.clientY,
    timer: setTimeout(() => {
      longPressed = true;
      showZoom(data, true);
      setTimeout(() => (longPressed = false), 600);
    }, 450),
  };
}
function cancelLongPress() {
  if (lp) clearTimeout(lp.timer);
  lp = null;
}
function moveLongPress(e) {
  if (lp && Math.hypot(e.clientX - lp.x, e.clientY - lp.y) > 10) cancelLongPress();
}

/** The full card, large: name, type, cost/power, keywords, rules text, current state. */
function zoomCard(d) {
  return h(
    'div.card.zoomed',
    { class: d.cls || '' },
    h('div.card-name', d.title),
    d.type ? h('div.card-type', d.type) : null,
    d.sub ? h('div.card-sub', d.sub) : null,
    d.stats.length ? h('div.card-stats', d.stats.map(([k, v]) => h('span.stat', h('small', k), ' ', h('b', String(v))))) : null,
    d.keywords.length ? h('div.card-kw', d.keywords.join(' · ')) : null,
    h('div.card-text#zoom-text', d.text.length ? d.text.map((l) => h('p', l)) : h('p.muted', t('no_rules_text'))),
    d.extra && d.extra.length ? h('div.card-extra', d.extra.map((l) => h('p', l))) : null,
    d.state.length || d.flags.length
      ? h('div.card-now', h('small', t('card_now')), h('div.card-flags', d.state.map((s) => h('span.flag.state', Array.isArray(s) ? s[0] : s)), d.flags.map((f) => h('span.flag', f))))
      : null,
  );
}

/** Hide the zoom a hover opened (one opened by a click or long press stays until tapped). */
export function hideHoverZoom() {
  if (zoomEl && !zoomEl.classList.contains('sticky')) hideZoom();
}

export function showZoom(data, sticky = false) {
  if (!sticky && !window.matchMedia('(hover: hover)').matches) return;
  if (!sticky && zoomEl && zoomEl.classList.contains('sticky')) return;
  hideZoom();
  zoomEl = h(
    'div#zoom',
    { class: sticky ? 'sticky' : '', role: sticky ? 'dialog' : null, on: { click: hideZoom } },
    zoomCard(data),
    sticky ? h('button.zoom-close', { on: { click: hideZoom } }, '✕') : null,
  );
  document.body.appendChild(zoomEl);
}
export function hideZoom() {
  if (zoomEl) zoomEl.remove();
  zoomEl = null;
}

/**
 * Open the zoom of a card named by a `CardRef` ({id, card}): the card on the board with that
 * `data-id` (with its current state), else its catalogue entry.
 */
export function zoomRef(game, ref, sticky = true) {
  if (!ref) return;
  const onBoard = ref.id != null ? document.querySelector(`#board [data-id="${CSS.escape(String(ref.id))}"]`) : null;
  if (onBoard && onBoard.zoomData) return showZoom(onBoard.zoomData, sticky);
  const info = infoOf(game, ref.card != null ? String(ref.card) : null);
  if (!info) return;
  showZoom({ title: infoName(info), type: infoType(info), stats: statsOf(info), text: infoText(info), keywords: infoKeywords(info), flags: [], state: [], cls: '' }, sticky);
}

/** What the game calls a card's `power` (Riftbound: Might; Fate: attack or value). */
export function powerName(info) {
  return info && info.power_name ? L(info.power_name) : t('power');
}

function statsOf(info) {
  const s = [];
  if (info.cost != null && info.cost !== '') s.push([t('cost'), infoCost(info)]);
  if (info.power != null) s.push([powerName(info), info.power]);
  return s;
}

/** A card's name for a `CardRef`: the board card's, else the catalogue's, else its id. */
export function refName(game, ref) {
  if (!ref) return '';
  const onBoard = ref.id != null ? document.querySelector(`#board [data-id="${CSS.escape(String(ref.id))}"]`) : null;
  if (onBoard && onBoard.zoomData) return onBoard.zoomData.title;
  const info = infoOf(game, ref.card != null ? String(ref.card) : null);
  return info ? infoName(info) : '';
}

/** A clickable card name that opens the zoom (in prompts and log lines). */
export function cardLink(game, ref, name = null) {
  const n = name || refName(game, ref);
  if (!n) return null;
  return h(
    'button.card-link',
    {
      type: 'button',
      dataset: { id: ref.id != null ? String(ref.id) : '', card: ref.card != null ? String(ref.card) : '' },
      on: {
        click: (e) => {
          e.stopPropagation();
          zoomRef(game, ref, true);
        },
        mouseenter: () => zoomRef(game, ref, false),
        mouseleave: hideHoverZoom,
      },
    },
    n,
  );
}

/** A labelled zone (row of cards). */
export function zone(title, cards, cls = '') {
  return h('div.zone', { class: cls }, h('div.zone-title', title), h('div.zone-cards', cards.length ? cards : h('span.muted.empty', '—')));
}

// ---------- Ardent (the deck library uses it) ----------

let ardentPool = null;
/** The Ardent card pool by collector number (for the deck library). */
export function ardentCards() {
  if (!ardentPool) {
    ardentPool = loadCatalogue('ardent').then((cat) => cat.byNumber);
  }
  return ardentPool;
}
