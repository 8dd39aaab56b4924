// How to play Fate Deduction (命运演绎), written from /work/shared/specs/fate-deduction.md.
export default {
  lead: {
    en: 'A duel for two players with the 56 minor arcana of the tarot. Each player has their own set: 16 court cards (King, Queen, Knight, Page of Pentacles, Cups, Wands and Swords) are the characters, and the 40 numbered cards are resources.',
    zh: '使用塔罗牌56张小阿尔卡纳的双人对决。每位玩家各有一整套：16张宫廷牌（星币、圣杯、权杖、宝剑的国王、皇后、骑士、侍卫）是人物，40张数字牌是资源。',
  },
  goal: [
    { en: 'Make your opponent discard their King, from the field or from their hand, by any means. The game ends at once when a King is discarded.', zh: '用任何方式让对手弃置他的国王（无论在场上还是在手牌中）。国王一被弃置，游戏立刻结束。' },
    { en: 'Setup: each player takes one King and one Queen of any suits, then spends exactly 8 points on Knights (2 points each) and Pages (1 point each). Everyone starts with one untapped resource of each suit.', zh: '准备：每位玩家任选一张国王和一张皇后，然后恰好花费8点购买骑士（每张2点）和侍卫（每张1点）。每人开局时场上有每种花色各一张未横置的资源牌。' },
  ],
  turn: [
    { en: 'A turn has five phases, in order:', zh: '每个回合依次分为五个阶段：' },
    [
      { en: 'Turn start: untap one Pentacle (two if you have more untapped Pentacles than your opponent); untap one Wand for each of your characters that was neither buffed nor attacked during the opponent\'s turn.', zh: '回合开始：复原一张星币（若你未横置的星币比对手多，则复原两张）；你场上每有一张在对手回合中未被放置宝剑、未被攻击的人物牌，复原一张权杖。' },
      { en: 'Draw phase: tap any number of Pentacles; for each one, take a resource of the suit you choose from your pile onto the field, untapped. Nothing goes to your hand.', zh: '抽牌阶段：横置任意张星币；每横置一张，就从你的牌堆中选一种花色的资源牌放到场上（未横置）。不会有牌进入手牌。' },
      { en: 'Main phase, in any order: play a character from hand (tap 3 Cups for a King or Queen, 2 for a Knight, 1 for a Page), use a skill of a character on the field (every skill costs at least one Wand), return a character to your hand, and arrange your row.', zh: '主要阶段，顺序任意：从手牌打出人物牌（国王或皇后横置3张圣杯，骑士2张，侍卫1张）、发动场上人物的技能（每个技能至少要横置一张权杖）、把己方人物牌收回手牌、调整己方人物的排列。' },
      { en: 'Combat phase (not on the very first turn): first both players may tap Swords, each giving +1 attack to one of their own characters; then you attack with characters whose attack is 1 or more, from the ends of your row inwards, each at one of the two end characters of the opponent\'s row.', zh: '战斗阶段（第一回合没有）：先由双方横置宝剑，每张宝剑为己方一个人物+1攻击力；然后你用攻击力至少为1的人物从行列两端向内依次进攻，每次攻击对方行列两端的一张人物牌。' },
      { en: 'End phase: untap one Cup for each of your characters that neither used a skill nor attacked this turn.', zh: '结束阶段：你场上每有一张本回合既没有发动技能也没有进攻的人物牌，复原一张圣杯。' },
    ],
  ],
  cards: [
    { en: 'Characters (court cards): the King and Queen are worth the most and cost 3 Cups to play, Knights 2, Pages 1. Each has one skill, usable any number of times in your main phase while its cost can be paid. A character\'s attack starts at 0 and keeps what Swords gave it from turn to turn.', zh: '人物（宫廷牌）：国王和皇后打出需3张圣杯，骑士2张，侍卫1张。每张人物有一个技能，只要付得起费用，主要阶段中可以不限次数发动。人物的攻击力从0开始，宝剑加上的攻击力会一直保留。' },
    { en: 'Resources (numbered cards) are counted, not valued: what matters is how many of each suit you have and whether each is upright (untapped) or turned sideways (tapped). A tapped card cannot be tapped again until it is untapped. You hold at most 10 of a suit (less if a King of Swords lowered the cap).', zh: '资源（数字牌）只计张数，不计点数：重要的是每种花色有几张、每张是竖着（未横置）还是横着（已横置）。已横置的牌在复原前不能再次横置。每种花色最多10张（宝剑国王可降低上限）。' },
    [
      { en: 'Pentacles: drawing new resources.', zh: '星币：抽取新的资源。' },
      { en: 'Cups: playing characters.', zh: '圣杯：打出人物牌。' },
      { en: 'Wands: using skills.', zh: '权杖：发动技能。' },
      { en: 'Swords: +1 attack at the start of combat.', zh: '宝剑：战斗开始时+1攻击力。' },
    ],
    { en: 'A character is "acted" once it used a skill or attacked, and "affected" once it was buffed or attacked: these decide how many Cups and Wands you get back.', zh: '人物发动技能或进攻后算作"已行动"，被放置宝剑或被攻击后算作"受影响"：这决定你能复原多少圣杯和权杖。' },
  ],
  win: [
    { en: 'In a fight the higher attack wins: the loser is discarded; on a tie both are. If the opponent has no characters on the field, your attacker hits their resources instead: choose a suit, and they discard that many resources of it; whatever is missing they pay with character cards from hand, and a King discarded that way loses the game.', zh: '战斗中攻击力高者获胜，败者被弃置；相等则双方都被弃置。若对手场上没有人物，你的进攻打向资源：选择一种花色，对手弃置等于攻击力数量的该花色资源；不足的部分用手牌中的人物补齐，若因此弃置国王则输掉游戏。' },
    { en: 'The Queen of Swords can make the opponent discard a character of a chosen rank from field or hand, so four untapped Swords next to her can take the King at once. The King of Cups forces two choices that may end the same way.', zh: '宝剑皇后可令对手从场上或手牌弃置一张指定等级的人物，所以她身边有四张未横置的宝剑时可以直接击杀国王。圣杯国王强迫对手做两次选择，也可能以同样方式结束游戏。' },
    { en: 'The game is drawn when both Kings fall in the same fight, when the ply limit is reached, or when the same position comes back a third time.', zh: '若双方国王在同一场战斗中同时被弃置、达到回合上限、或同一局面第三次出现，则为和局。' },
  ],
  keywords: [
    [
      { en: 'Tap / untap: turn a card sideways to pay with it / turn it upright again.', zh: '横置 / 复原：把牌横过来用于支付 / 把它重新竖起来。' },
      { en: 'Row: your characters on the field, in order; only the ends attack first and only the ends can be attacked.', zh: '行列：你在场上的人物，有先后顺序；从两端开始进攻，也只有两端可以被攻击。' },
      { en: 'Buff: a Sword tapped at the start of combat for +1 attack.', zh: '加攻：战斗开始时横置宝剑使攻击力+1。' },
      { en: 'Resource attack: an attack on the resources of a player with no characters on the field.', zh: '资源攻击：对场上没有人物的玩家的资源发起的攻击。' },
      { en: 'Cap: the most resources of one suit you may have (10).', zh: '上限：一种花色资源最多可拥有的数量（10）。' },
      { en: 'Stand down: a character that will not attack this combat, so that the next one inwards may.', zh: '放弃进攻：本次战斗中不再进攻的人物，使内侧的下一张人物可以进攻。' },
    ],
  ],
  board: [
    { en: 'Your row is at the bottom, the opponent\'s at the top; the resource counters show untapped / tapped per suit, and each character shows its attack.', zh: '你的行列在下方，对手的在上方；资源计数显示每种花色的未横置/已横置张数，每张人物显示其攻击力。' },
  ],
};
