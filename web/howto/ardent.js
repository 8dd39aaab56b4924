// How to play Ardent Reapers (热诚收割者), written from /work/shared/specs/ardent-reapers.md.
export default {
  lead: {
    en: 'A card game for two players, each with a fixed 17-card deck. There is no mana and nothing costs anything: you decide when your cards are used, and every use takes a card out of play and into somebody\'s score pile.',
    zh: '双人卡牌游戏，每人使用一副固定的17张牌组。没有费用，打牌不需要任何代价：你决定何时使用自己的牌，而每次使用都会让一张牌离场，进入某位玩家的积分区。',
  },
  goal: [
    { en: 'Finish with more victory points (VP) in your score pile than your opponent. Each card shows its VP in the bottom-left corner; it can be negative.', zh: '游戏结束时，让自己积分区的胜利点（VP）多于对手。每张牌左下角标有胜利点，可能为负数。' },
    { en: 'Setup: each player turns cards from the top of their deck until two creatures are in their battle line (Active); the other cards turned over go to the discard pile. Then each draws 3. The player whose weakest creature is weaker goes first.', zh: '准备：每位玩家从牌库顶依次翻牌，直到战线上有两个生物（活跃状态）；翻出的其他牌进入弃牌堆。然后每人抽3张牌。最弱生物更弱的一方先手。' },
  ],
  turn: [
    { en: 'A turn has three steps:', zh: '每个回合分三个步骤：' },
    [
      { en: 'Main step: in any order and as often as you like, play cards from hand, fight with your creatures, harvest your mature cards, and discard cards from hand. You must play at least one card (if you cannot, you reveal your hand), and you may discard only after your first play.', zh: '主要步骤：以任意顺序、任意次数打出手牌、用生物战斗、收割成熟的牌、弃掉手牌。你必须至少打出一张牌（若无法打出，则展示手牌），且只有在打出第一张牌后才能弃牌。' },
      { en: 'Rotate step: every creature and relic you control moves one state on: Dormant → Active → Mature.', zh: '转动步骤：你控制的每个生物和遗物前进一个状态：休眠 → 活跃 → 成熟。' },
      { en: 'Draw step: draw up to 3 cards in hand (some cards change that number). An empty deck is refilled by shuffling the discard pile.', zh: '抽牌步骤：把手牌补到3张（某些牌会改变这个数）。牌库空了就洗混弃牌堆作为新牌库。' },
    ],
  ],
  cards: [
    [
      { en: 'Creature: has power (top-left). It enters either end of your battle line and can fight and harvest.', zh: '生物：有力量值（左上角）。进入你战线的任一端，可以战斗和收割。' },
      { en: 'Relic: no power; it goes behind the line and can only harvest.', zh: '遗物：没有力量值；放在战线后方，只能收割。' },
      { en: 'Action: resolve its Play: text, then it goes to your score pile.', zh: '行动：结算其"打出："效果，然后进入你的积分区。' },
    ],
    { en: 'States of creatures and relics in play:', zh: '场上生物和遗物的状态：' },
    [
      { en: 'Dormant (just played): cannot be used.', zh: '休眠（刚打出）：不能使用。' },
      { en: 'Active: a creature may fight.', zh: '活跃：生物可以战斗。' },
      { en: 'Mature: a creature may fight or harvest; a relic may harvest.', zh: '成熟：生物可以战斗或收割；遗物可以收割。' },
    ],
  ],
  win: [
    { en: 'Fight: your Active or Mature creature attacks one enemy creature in any state. If its attack is at least the defender\'s power, it wins (ties go to the attacker). Both leave play: the winner goes to its owner\'s discard pile, and the loser goes to the score pile of the winning side.', zh: '战斗：你活跃或成熟的生物攻击一个任意状态的敌方生物。若其攻击值不小于防御者的力量，则获胜（平手算进攻方赢）。双方都会离场：胜者进入其拥有者的弃牌堆，败者进入获胜方的积分区。' },
    { en: 'Harvest: a Mature creature or relic of yours goes to your own score pile — the way to keep your own points.', zh: '收割：你的一个成熟生物或遗物进入你自己的积分区——这是保住自己分数的方法。' },
    { en: 'The game ends when one player has no cards left in their deck, discard pile, hand or play area. The higher score wins; on equal scores the second player wins. Players may also agree to a draw.', zh: '当某位玩家的牌库、弃牌堆、手牌和场上都没有牌时，游戏结束。分数高者获胜；分数相同则后手玩家获胜。双方也可以协议和局。' },
  ],
  keywords: [
    [
      { en: 'Play: happens when the card is played.', zh: '打出：打出这张牌时发生。' },
      { en: 'Bonus: happens when the card is used (it fights or is harvested), before it leaves play.', zh: '奖励：这张牌被使用（战斗或被收割）时、离场之前发生。' },
      { en: 'Team-Up: several creatures with Team-Up fight one enemy creature together, adding their attack.', zh: '组队：多个有组队的生物可以一起攻击一个敌方生物，攻击值相加。' },
      { en: 'Bear Hug: one creature fights several enemy creatures at once against their total power.', zh: '熊抱：一个生物同时与多个敌方生物战斗，对抗它们的力量总和。' },
      { en: 'Sneak X: when attacking, its attack is X if that is more than its power.', zh: '伏击 X：进攻时，若X大于其力量，则攻击值为X。' },
      { en: 'Resilient X: when defending, its defence is X if that is more than its power.', zh: '坚韧 X：防御时，若X大于其力量，则防御值为X。' },
      { en: 'Friendly / enemy: controlled by you / by your opponent. The player whose turn it is makes every choice card effects need.', zh: '友方 / 敌方：由你 / 由对手控制。卡牌效果需要的所有选择都由当前回合玩家决定。' },
    ],
  ],
  board: [
    { en: 'A card\'s state is shown by a badge and a slight tilt (the text stays readable): Dormant, Active, Mature.', zh: '牌的状态以标记和轻微倾斜表示（文字保持可读）：休眠、活跃、成熟。' },
  ],
};
