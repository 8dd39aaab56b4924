// The board renderer of each game; any other game gets the generic JSON tree.
import * as fate from './fate.js';
import * as ardent from './ardent.js';
import * as riftbound from './riftbound.js';
import * as generic from './generic.js';

const BOARDS = { fate, ardent, riftbound };

export function boardFor(game) {
  return BOARDS[game] || generic;
}
