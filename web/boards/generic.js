// The fallback board: the view as a collapsible JSON tree (for any game without a board yet).
import { h } from '../dom.js';
import { t } from '../i18n.js';

export function tree(value, key = null, depth = 0) {
  const label = key != null ? h('span.jk', `${key}: `) : null;
  if (value === null || typeof value !== 'object') {
    return h('div.jl', label, h('span', { class: `jv j-${value === null ? 'null' : typeof value}` }, JSON.stringify(value)));
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  const brief = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
  return h(
    'details.jt',
    { open: depth < 3 },
    h('summary', label, h('span.muted', brief)),
    entries.map(([k, v]) => tree(v, k, depth + 1)),
  );
}

export function render(view) {
  return h('div.generic-board', h('p.muted', t('no_board')), tree(view));
}
