// The deck library. The server has no deck endpoints yet: each part probes for its endpoint and,
// when missing, says so plainly. Riftbound lists can still be pasted, checked for shape and kept
// in this browser (and pasted into a table's Setup JSON).
import { h, api, toast, fill } from './dom.js';
import { t } from './i18n.js';

async function probe(path) {
  try {
    return await api('GET', path);
  } catch (e) {
    return e.status === 404 ? undefined : null;
  }
}

function parseList(text) {
  // "3 Card Name" or "3x Card Name" per line; blank lines and # comments ignored.
  const out = [];
  const errors = [];
  text.split('\n').forEach((line, n) => {
    const l = line.trim();
    if (!l || l.startsWith('#')) return;
    const m = l.match(/^(\d+)\s*x?\s+(.+)$/i);
    if (!m) errors.push(`${t('line_no')} ${n + 1}: "${l}" ${t('bad_list_line')}`);
    else out.push({ count: Number(m[1]), name: m[2].trim() });
  });
  return { cards: out, errors };
}

export async function mountDecks(root) {
  const page = h('div.page');
  root.append(page);
  const ardent = await probe('/api/decks/ardent');
  const rift = await probe('/api/decks/riftbound');
  const ardentBox = h('section.card-panel#ardent-decks', h('h2', t('ardent_decks')));
  if (ardent === undefined || ardent === null) ardentBox.append(h('p.notice.not-available', t('not_available')), h('button', { disabled: true }, t('generate')), ' ', h('button', { disabled: true }, t('print')));
  else ardentBox.append(h('pre.json', JSON.stringify(ardent, null, 1)));
  const ta = h('textarea#rift-list', { rows: 10, placeholder: '3 Card Name\n2 Another Card' });
  const out = h('div#rift-result');
  const saved = h('ul#rift-saved');
  const showSaved = () => {
    const all = JSON.parse(localStorage.getItem('ct_rift_lists') || '[]');
    fill(saved, ...all.map((l) => h('li', h('b', l.name), ` — ${l.cards.reduce((a, c) => a + c.count, 0)} ${t('card_count')}`)));
  };
  const validate = async () => {
    const { cards, errors } = parseList(ta.value);
    const total = cards.reduce((a, c) => a + c.count, 0);
    const lines = [h('p', `${total} ${t('card_count')}`), ...errors.map((e) => h('p.error', e))];
    if (rift === undefined || rift === null) lines.push(h('p.notice.not-available', t('not_available')));
    else {
      try {
        const r = await api('POST', '/api/decks/riftbound/validate', { list: ta.value });
        lines.push(h('pre.json', JSON.stringify(r, null, 1)));
      } catch (e) {
        lines.push(h('p.error', e.message));
      }
    }
    fill(out, ...lines);
    return { cards, errors };
  };
  const save = async () => {
    const { cards, errors } = await validate();
    if (errors.length || !cards.length) return;
    const name = prompt(t('name')) || `list ${new Date().toLocaleString()}`;
    const all = JSON.parse(localStorage.getItem('ct_rift_lists') || '[]');
    all.push({ name, cards, text: ta.value });
    localStorage.setItem('ct_rift_lists', JSON.stringify(all));
    toast(t('saved_locally'));
    showSaved();
  };
  page.append(
    h('h2', t('decks_title')),
    ardentBox,
    h(
      'section.card-panel#riftbound-decks',
      h('h2', t('riftbound_decks')),
      h('label', t('paste_list'), ta),
      h('div.row', h('button#rift-validate', { on: { click: validate } }, t('validate')), h('button#rift-save', { on: { click: save } }, t('save'))),
      out,
      h('h3', t('saved_lists')),
      saved,
      h('p.muted', t('use_in_setup')),
    ),
  );
  showSaved();
  return () => {};
}
