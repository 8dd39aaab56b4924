// The deck library (docs/protocol.md, "Deck libraries"):
//   Ardent Reapers: generate unique decks into the server's library, browse and filter them, show
//   a deck's cards drawn as cards, print it (PDF), export it, delete it.
//   Riftbound: paste a deck list, validate it on the server (every CR 103 problem is listed),
//   save it, list saved and starter decks, delete saved ones.
import { h, api, toast, fill } from './dom.js';
import { t, getLang } from './i18n.js';
import { cardEl, ardentCards } from './cards.js';
import { session } from './app.js';

const TYPE_ZH = { Creature: '生物', Action: '行动', Relic: '遗物' };
const RARITIES = ['Common', 'Rare', 'Variant', 'Linked'];
const RARITY_ZH = { Common: '普通', Rare: '稀有', Variant: '变体', Linked: '连动' };
const rarityName = (r) => (getLang() === 'zh' ? RARITY_ZH[r] || r : r);

/** A rating as text: `0.532 (0.470–0.593, simulated)` or `0.517 (predicted)`. */
export function ratingText(r) {
  if (!r || typeof r.rating !== 'number') return t('unrated');
  const kind = r.kind === 'simulated' ? t('rating_sim') : t('rating_pred');
  const interval = typeof r.low === 'number' && typeof r.high === 'number' ? `${r.low.toFixed(3)}–${r.high.toFixed(3)}, ` : '';
  return `${r.rating.toFixed(3)} (${interval}${kind})`;
}

/** An SVG histogram of ratings (20 buckets over 0..1). */
export function ratingHistogram(values) {
  const buckets = new Array(20).fill(0);
  for (const v of values) buckets[Math.min(19, Math.max(0, Math.floor(v * 20)))] += 1;
  const top = Math.max(1, ...buckets);
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 200 64');
  svg.setAttribute('class', 'rating-histogram');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', t('rating_histogram'));
  buckets.forEach((n, i) => {
    const bar = document.createElementNS(ns, 'rect');
    const height = (50 * n) / top;
    bar.setAttribute('x', String(i * 10 + 1));
    bar.setAttribute('y', String(52 - height));
    bar.setAttribute('width', '8');
    bar.setAttribute('height', String(height));
    bar.setAttribute('data-count', String(n));
    const tip = document.createElementNS(ns, 'title');
    tip.textContent = `${(i / 20).toFixed(2)}–${((i + 1) / 20).toFixed(2)}: ${n}`;
    bar.appendChild(tip);
    svg.appendChild(bar);
  });
  for (const x of [0, 0.5, 1]) {
    const label = document.createElementNS(ns, 'text');
    label.setAttribute('x', String(x * 200));
    label.setAttribute('y', '62');
    label.setAttribute('text-anchor', x === 0 ? 'start' : x === 1 ? 'end' : 'middle');
    label.textContent = x.toFixed(1);
    svg.appendChild(label);
  }
  return svg;
}

/** A card of the pool drawn as a card (no actions: the deck page only shows it). */
export function poolCard(c) {
  const zh = getLang() === 'zh';
  const stats = [];
  if (c.power != null) stats.push([t('power'), c.power]);
  stats.push([t('vp'), c.vp]);
  const text = (zh ? c.text_zh : c.text_en).split('<br>').filter(Boolean);
  const kw = c.keywords.map((k) => (zh ? k.zh : k.en));
  return cardEl({
    title: zh ? c.name_zh : c.name_en,
    sub: `${c.code} · ${rarityName(c.rarity)}`,
    type: zh ? TYPE_ZH[c.type] || c.type : c.type,
    stats,
    text,
    flags: kw,
    cls: `ardent t-${c.type.toLowerCase()} deck-card`,
  });
}

function deckName(d) {
  return getLang() === 'zh' && d.name_zh ? d.name_zh : d.name;
}

function ardentSection() {
  const count = h('input#ardent-count', { type: 'number', min: 1, max: 50, value: 1 });
  const fName = h('input#ardent-filter-name', { placeholder: t('name') });
  const fCard = h('input#ardent-filter-card', { placeholder: 'OmegaCodex 044' });
  const fRarity = h('select#ardent-filter-rarity', h('option', { value: '' }, t('any_rarity')), RARITIES.map((r) => h('option', { value: r }, rarityName(r))));
  const paper = h('select#ardent-paper', h('option', { value: 'a4' }, 'A4'), h('option', { value: 'letter' }, t('paper_letter')));
  const sort = h('select#ardent-sort', h('option', { value: 'created' }, t('sort_created')), h('option', { value: 'rating' }, t('sort_rating')));
  const histogram = h('figure#ardent-histogram');
  const list = h('div#ardent-list.deck-list', t('loading'));
  const detail = h('div#ardent-detail');

  const refresh = async () => {
    const q = new URLSearchParams();
    if (fName.value.trim()) q.set('name', fName.value.trim());
    if (fCard.value.trim()) q.set('card', fCard.value.trim());
    if (fRarity.value) q.set('rarity', fRarity.value);
    if (sort.value === 'rating') q.set('sort', 'rating');
    try {
      const decks = await api('GET', `/api/decks/ardent?${q}`);
      const values = decks.map((d) => d.rating && d.rating.rating).filter((v) => typeof v === 'number');
      fill(histogram, h('figcaption.muted', `${t('rating_histogram')} (${values.length})`), ratingHistogram(values));
      fill(list, decks.length ? decks.map(row) : h('p.muted#ardent-empty', t('no_decks')), h('p.muted', `${decks.length} ${t(decks.length === 1 ? 'deck_one' : 'decks_count')}`));
    } catch (e) {
      fill(list, h('p.error', e.message));
    }
  };

  const show = async (id) => {
    fill(detail, t('loading'));
    try {
      const [d] = await Promise.all([api('GET', `/api/decks/ardent/${encodeURIComponent(id)}`), ardentCards()]);
      fill(
        detail,
        h(
          'div.deck-detail',
          { dataset: { id: d.id } },
          h('h3', deckName(d), d.code ? h('span.muted', ` ${d.code}`) : null),
          h('p.muted', `${d.name} / ${d.name_zh} · ${d.card_data.length} ${t('card_count')} · ${t('vp')} ${d.total_vp} · ${d.rarities.map(rarityName).join(', ')}`),
          h('p.deck-rating#ardent-rating', h('b', `${t('rating')}: `), ratingText(d.rating), h('span.muted', ` · ${t('rating_explain')} v${d.rating ? d.rating.gauntlet : '?'}${d.rating && d.rating.bot ? `, ${d.rating.bot}` : ''}`)),
          (d.contributing || []).length
            ? h(
                'div#ardent-why',
                h('b', t('rating_why')),
                h('ul', d.contributing.map((c) => h('li', `${c.effect >= 0 ? '+' : ''}${c.effect.toFixed(3)} ${getLang() === 'zh' ? c.name_zh : c.name_en} ×${c.copies}`))),
              )
            : null,
          h('div.zone-cards.deck-cards#ardent-cards', d.card_data.map(poolCard)),
        ),
      );
      detail.scrollIntoView({ block: 'nearest' });
    } catch (e) {
      fill(detail, h('p.error', e.message));
    }
  };

  const remove = async (d) => {
    if (!confirm(`${t('delete')} ${deckName(d)}?`)) return;
    try {
      await api('DELETE', `/api/decks/ardent/${encodeURIComponent(d.id)}`);
      toast(`${t('deleted')}: ${deckName(d)}`);
      if (detail.firstChild && detail.firstChild.dataset && detail.firstChild.dataset.id === d.id) fill(detail);
      refresh();
    } catch (e) {
      toast(e.message, 'error');
    }
  };

  const row = (d) => {
    const base = `/api/decks/ardent/${encodeURIComponent(d.id)}`;
    return h(
      'div.deck-row.ardent-deck',
      { dataset: { id: d.id } },
      h('div.deck-title', h('b', deckName(d)), d.code ? h('code', d.code) : h('span.muted', t('imported')), h('span.muted', d.rarities.map(rarityName).join(' · ')), h('span.deck-row-rating', `${t('rating')} ${ratingText(d.rating)}`)),
      h(
        'div.row.deck-actions',
        h('button.deck-show', { type: 'button', on: { click: () => show(d.id) } }, t('show')),
        h('a.button.deck-pdf', { href: `${base}/pdf?paper=${paper.value}`, target: '_blank', rel: 'noopener', on: { mousedown: (e) => (e.currentTarget.href = `${base}/pdf?paper=${paper.value}`) } }, `${t('print')} (PDF)`),
        h('a.button.deck-export', { href: `${base}/export?format=text`, download: '' }, t('export_text')),
        h('a.button.deck-export-json', { href: `${base}/export?format=json`, download: '' }, 'JSON'),
        h('button.deck-delete', { type: 'button', on: { click: () => remove(d) } }, t('delete')),
      ),
    );
  };

  const generate = async (e) => {
    e.preventDefault();
    const n = Number(count.value) || 1;
    try {
      const made = await api('POST', '/api/decks/ardent/generate', { count: n });
      toast(`${t('generated')}: ${made.map(deckName).join(', ')}`);
      await refresh();
      if (made.length) show(made[made.length - 1].id);
    } catch (err) {
      toast(err.message, 'error');
    }
  };

  paper.addEventListener('change', refresh);
  sort.addEventListener('change', refresh);
  refresh();
  return h(
    'section.card-panel#ardent-decks',
    h('h2', t('ardent_decks')),
    h('form.row#ardent-generate-form', { on: { submit: generate } }, h('label.inline', t('how_many'), count), h('button.primary#ardent-generate', { type: 'submit' }, t('generate'))),
    h(
      'form.row.filters#ardent-filter',
      { on: { submit: (e) => (e.preventDefault(), refresh()) } },
      fName,
      fCard,
      fRarity,
      h('button#ardent-search', { type: 'submit' }, t('search')),
      h('label.inline', t('paper'), paper),
      sort,
    ),
    histogram,
    list,
    detail,
  );
}

/** Whether the signed-in person saved this deck (only they may delete it). */
function mine(d) {
  const me = session.me;
  return !!me && (d.saved_by === me.name);
}

function riftSection() {
  const ta = h('textarea#rift-list', { rows: 12, spellcheck: false, placeholder: 'Legend: 1 …\nChampion: 1 …\nMain Deck:\n3 Card Name\n…\nBattlefields:\n…\nRunes:\n…' });
  const tournament = h('input#rift-tournament', { type: 'checkbox' });
  const name = h('input#rift-name', { maxlength: 80, placeholder: t('name') });
  const out = h('div#rift-result');
  const saved = h('ul#rift-saved.deck-list');
  const starters = h('ul#rift-starters.deck-list');

  const validate = async () => {
    try {
      const r = await api('POST', '/api/decks/riftbound/validate', { list: ta.value, tournament: tournament.checked });
      fill(
        out,
        r.ok
          ? h('p.ok#rift-ok', `✔ ${t('deck_legal')}`)
          : [h('p.error', `${r.problems.length} ${t('problems')}:`), h('ul.problems#rift-problems', r.problems.map((p) => h('li', p)))],
      );
      return r;
    } catch (e) {
      fill(out, h('p.error', e.message));
      return null;
    }
  };

  const refresh = async () => {
    try {
      const r = await api('GET', '/api/decks/riftbound');
      const item = (d) =>
        h(
          'li.rift-deck',
          { dataset: { id: d.id || '', name: d.name } },
          h('b', d.name),
          d.saved_by ? h('span.muted', ` — ${d.saved_by}`) : null,
          ' ',
          h('button.rift-load', { type: 'button', on: { click: () => ((ta.value = d.list), (name.value = d.starter ? '' : d.name), validate()) } }, t('load')),
          d.starter || !mine(d) ? null : h('button.rift-delete', { type: 'button', on: { click: () => remove(d) } }, t('delete')),
        );
      fill(saved, r.saved.length ? r.saved.map(item) : h('li.muted', t('no_decks')));
      fill(starters, r.starters.map(item));
    } catch (e) {
      fill(saved, h('li.error', e.message));
    }
  };

  const remove = async (d) => {
    if (!confirm(`${t('delete')} ${d.name}?`)) return;
    try {
      await api('DELETE', `/api/decks/riftbound/${encodeURIComponent(d.id)}`);
      toast(`${t('deleted')}: ${d.name}`);
      refresh();
    } catch (e) {
      toast(e.message, 'error');
    }
  };

  const save = async () => {
    if (!name.value.trim()) {
      toast(t('name_needed'), 'error');
      name.focus();
      return;
    }
    const r = await validate();
    if (!r || !r.ok) return;
    try {
      await api('POST', '/api/decks/riftbound', { name: name.value.trim(), list: ta.value });
      toast(`${t('saved')}: ${name.value.trim()}`);
      refresh();
    } catch (e) {
      toast(e.message, 'error');
    }
  };

  refresh();
  return h(
    'section.card-panel#riftbound-decks',
    h('h2', t('riftbound_decks')),
    h('label', t('paste_list'), ta),
    h(
      'div.row',
      h('label.inline', tournament, t('tournament_40')),
      h('button#rift-validate', { type: 'button', on: { click: validate } }, t('validate')),
      name,
      h('button#rift-save', { type: 'button', on: { click: save } }, t('save')),
    ),
    out,
    h('h3', t('saved_lists')),
    saved,
    h('h3', t('starter_decks')),
    starters,
    h('p.muted', t('use_in_setup')),
  );
}

export async function mountDecks(root) {
  await ardentCards();
  root.append(h('div.page.decks-page', h('h2', t('decks_title')), ardentSection(), riftSection()));
  return () => {};
}
