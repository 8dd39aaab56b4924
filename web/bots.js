// Bot strength by level: what the seat menus offer. Each level is a bot spec the server seats
// by name (easy, medium, hard, expert; and `random`, a practice opponent that plays any legal move): what each plays in each game is the level table of
// crates/ai (src/levels.rs, documented in docs/bots.md). The names and descriptions are the
// strings bot_<id> and bot_<id>_desc in i18n.js.

import { t } from './i18n.js';

export const BOT_LEVELS = [
  { id: 'random', spec: 'random' },
  { id: 'easy', spec: 'easy' },
  { id: 'medium', spec: 'medium' },
  { id: 'hard', spec: 'hard' },
  { id: 'expert', spec: 'expert' },
];

export const DEFAULT_BOT = 'medium';

/** The level a spec belongs to (or null for a spec no level uses). */
export function levelOf(spec) {
  return BOT_LEVELS.find((l) => l.spec === spec) || null;
}

/** The words for a seated bot: its level's name, or the spec itself for an unknown one. */
export function botName(spec) {
  const l = levelOf(spec);
  return l ? `${t('seat_bot')} · ${t(`bot_${l.id}`)}` : `${t('seat_bot')} (${spec})`;
}
