// "How to play" pages: #/howto/fate, #/howto/ardent, #/howto/riftbound. The rules in short (from
// the specs in our own words, web/howto/*.js), how to use the board, and the game's cards from
// GET /api/games/{game}/cards in a searchable list.

import { h, api, fill } from './dom.js';
import { t, L, getLang, gameName } from './i18n.js';
import fate from './howto/fate.js';
import ardent from './howto/ardent.js';
import riftbound from './howto/riftbound.js';

const GUIDES = { fate, ardent, riftbound };

/** The games with a how-to-play page. */
export const HOWTO_GAMES = Object.keys(GUIDES);

/** The sections every page has, in order (their titles are the strings howto_<id>). */
const SECTIONS = ['goal', 'turn', 'cards', 'win', 'keywords'];

/** How to use the board: the same for every game. */
const BOARD = [
  {
    en: 'Hover a card (on a phone: press and hold it) to see it whole: its name, cost, power and full rules text, with anything that changes it now.',
    zh: '把鼠标停在一张牌上（手机上：长按），即可看到整张牌：名称、费用、力量和完整的规则文字，以及当前对它的修改。',
  },
  {
    en: 'When the game asks you to choose a card, the cards you may choose are highlighted on the board: click one. The buttons beside the board do the same and stay there as a list of every legal move.',
    zh: '当游戏要你选择一张牌时，可选的牌会在牌桌上高亮：点击即可。牌桌旁的按钮有同样的作用，并始终列出所有合法的行动。',
  },
  {
    en: 'The question above the buttons says what is being decided and for which card. Where the rules let you take a choice back, a "back" button is offered.',
    zh: '按钮上方的问题说明要决定什么、为哪张牌决定。规则允许撤回选择时，会提供"返回"按钮。',
  },
  {
    en: 'The log tells what happened in words (damage, deaths, points); card names in it open the card. Chat, concede, draw offers and take-backs are beside the board.',
    zh: '记录用文字说明发生了什么（伤害、死亡、得分）；点击其中的卡名可查看该牌。聊天、认输、提议和局与悔棋都在牌桌旁边。',
  },
];

function section(id, paras) {
  return h(
    'section.howto-section',
    { dataset: { section: id } },
    h('h2', t(`howto_${id}`)),
    paras.map((p) => (Array.isArray(p) ? h('ul', p.map((li) => h('li', L(li)))) : h('p', L(p)))),
  );
}

function cardRow(c) {
  const zh = getLang() === 'zh';
  const kws = (c.keywords || []).map((k) => L(k)).filter(Boolean);
  return h(
    'tr.howto-card',
    { dataset: { key: c.key } },
    h('td.hc-name', h('b', zh ? c.name_zh : c.name_en), h('div.muted.small', zh ? c.name_en : c.name_zh)),
    h('td.hc-type', zh ? c.type_zh : c.type),
    h('td.hc-cost', c.cost ?? '—'),
    h('td.hc-power', c.power ?? '—', c.vp != null ? h('div.muted.small', `${t('vp')} ${c.vp}`) : null),
    h('td.hc-text', kws.length ? h('div.hc-kw', kws.join(' · ')) : null, (zh ? c.text_zh : c.text_en).replace(/<br\s*\/?>/g, '\n')),
  );
}

function cardList(cards) {
  const search = h('input#howto-search', { type: 'search', placeholder: t('howto_search'), 'aria-label': t('howto_search') });
  const count = h('span.muted#howto-count');
  const body = h('tbody');
  const hay = cards.map((c) => [c, [c.name_en, c.name_zh, c.type, c.type_zh, c.text_en, c.text_zh, ...(c.keywords || []).flatMap((k) => [k.en, k.zh])].join(' ').toLowerCase()]);
  const show = () => {
    const q = search.value.trim().toLowerCase();
    const hits = hay.filter(([, s]) => !q || q.split(/\s+/).every((w) => s.includes(w))).map(([c]) => c);
    fill(body, hits.map(cardRow));
    count.textContent = cards.length ? `${hits.length} / ${cards.length} ${t('card_count')}` : t('howto_no_cards');
  };
  search.addEventListener('input', show);
  show();
  return h(
    'section.howto-section#howto-cards',
    h('h2', t('howto_card_list')),
    h('div.row', search, count),
    h(
      'div.howto-table-wrap',
      h(
        'table.howto-table',
        h('thead', h('tr', h('th', t('name')), h('th', t('howto_type')), h('th', t('howto_cost')), h('th', t('power')), h('th', t('howto_text')))),
        body,
      ),
    ),
  );
}

export async function mountHowto(root, game) {
  const guide = GUIDES[game];
  const page = h('div.page.howto#howto', { dataset: { game } });
  root.append(page);
  window.scrollTo(0, 0);
  if (!guide) {
    page.append(h('p.error', t('howto_none')));
    return null;
  }
  page.append(
    h(
      'div.row.spread',
      h('h1', `${t('howto_title')}: ${gameName(game)}`),
      h('div.row', HOWTO_GAMES.filter((g) => g !== game).map((g) => h('a.button', { href: `#/howto/${g}` }, gameName(g))), h('a.button', { href: '#/' }, t('back_to_lobby'))),
    ),
    h('p.howto-lead', L(guide.lead)),
    ...SECTIONS.map((id) => section(id, guide[id])),
    section('board', [...BOARD, ...(guide.board || [])]),
  );
  const cardsBox = h('div', t('loading'));
  page.append(cardsBox);
  try {
    const cards = await api('GET', `/api/games/${encodeURIComponent(game)}/cards`);
    fill(cardsBox, cardList(cards));
  } catch (e) {
    fill(cardsBox, h('p.error', e.message));
  }
  return null;
}
