// Card frames drawn with CSS from card data (no art), card zoom, and how actions mention cards.

import { h } from './dom.js';

let ardentPool = null;
/**
 * The Ardent Reapers card pool from the server (`GET /api/games/ardent/cards`), by collector
 * number: name en/zh, type, power, VP, rarity, keywords, text en/zh. Fetched once.
 */
export function ardentCards() {
  if (!ardentPool) {
    ardentPool = fetch('/api/games/ardent/cards')
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`card data: HTTP ${r.status}`))))
      .then((list) => new Map(list.map((c) => [c.number, c])))
      .catch((e) => {
        ardentPool = null;
        console.error(e);
        return new Map();
      });
  }
  return ardentPool;
}

/** The tokens of an action's notation: `play=NP` → [play, NP]; `move c5 b1` → [move, c5, b1]. */
export function tokensOf(notation) {
  return String(notation).split(/[\s=:,;>+]+/).filter(Boolean);
}

/**
 * A card element. `key` is the token actions use for it (so clicking selects those actions);
 * `sig` is its visible state (so a change is highlighted); `rot` rotates it (degrees).
 */
export function cardEl({ key, sig, title, sub, type, stats = [], text = [], flags = [], cls = '', rot = 0, ctx, owner }) {
  const playable = ctx && key && ctx.legalKeys && ctx.legalKeys.has(key);
  const selected = ctx && key && ctx.selected === key;
  const face = h(
    'div.card',
    {
      class: `${cls}${playable ? ' playable' : ''}${selected ? ' selected' : ''}${owner != null ? ` owner-${owner}` : ''}`,
      dataset: key ? { key, sig: sig ?? '' } : {},
      title: [title, sub, ...stats.map((s) => `${s[0]} ${s[1]}`), ...text].filter(Boolean).join('\n'),
      tabindex: key ? 0 : null,
      on: {
        click: () => key && ctx && ctx.select(key),
        keydown: (e) => {
          if ((e.key === 'Enter' || e.key === ' ') && key && ctx) {
            e.preventDefault();
            ctx.select(key);
          }
        },
        mouseenter: (e) => showZoom(e.currentTarget),
        mouseleave: hideZoom,
        contextmenu: (e) => {
          e.preventDefault();
          showZoom(e.currentTarget, true);
        },
      },
    },
    h('div.card-name', title),
    sub ? h('div.card-sub', sub) : null,
    type ? h('div.card-type', type) : null,
    stats.length ? h('div.card-stats', stats.map(([k, v]) => h('span.stat', h('small', k), ' ', h('b', String(v))))) : null,
    text.length ? h('div.card-text', text.map((l) => h('p', l))) : null,
    flags.length ? h('div.card-flags', flags.map((f) => h('span.flag', f))) : null,
  );
  if (rot) return h('div.card-slot', { class: `rot-${rot}` }, face);
  return face;
}

export function cardBack(label = '') {
  return h('div.card.back', { 'aria-label': 'hidden card' }, h('div.back-pattern'), label ? h('div.back-label', label) : null);
}

let zoomEl = null;
function showZoom(card, sticky = false) {
  if (!window.matchMedia('(hover: hover)').matches && !sticky) return;
  hideZoom();
  zoomEl = h('div#zoom', { class: sticky ? 'sticky' : '', on: { click: hideZoom } }, card.cloneNode(true));
  zoomEl.firstChild.classList.remove('changed');
  document.body.appendChild(zoomEl);
}
export function hideZoom() {
  if (zoomEl) zoomEl.remove();
  zoomEl = null;
}

/** A labelled zone (row of cards). */
export function zone(title, cards, cls = '') {
  return h('div.zone', { class: cls }, h('div.zone-title', title), h('div.zone-cards', cards.length ? cards : h('span.muted.empty', '—')));
}
