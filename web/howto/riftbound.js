// How to play Riftbound (符文战场), written from /work/shared/specs/riftbound.md.
export default {
  lead: {
    en: 'A trading card game for 2 to 4 players. Each player has a Champion Legend on the table, a chosen Champion unit, a 40-card main deck, a 12-card rune deck and battlefields. Units fight over the battlefields in the middle, and holding them scores points.',
    zh: '2至4人的集换式卡牌游戏。每位玩家有一张放在桌上的英雄传奇、一个选定的英雄单位、40张的主牌库、12张的符文牌库和若干战场。单位在中间的战场上争夺控制权，控制战场即可得分。',
  },
  goal: [
    { en: 'Be the first to reach the victory score (8 points; 11 in two-against-two) with more points than every opponent.', zh: '率先达到胜利分数（8分；二对二为11分），并且分数高于所有对手。' },
    { en: 'Conquer: take control of a battlefield you have not scored this turn (+1). Hold: still control a battlefield at the start of your turn (+1). Each battlefield scores for you at most once per turn.', zh: '征服：取得一个本回合你尚未得分的战场的控制权（+1）。据守：在你的回合开始时仍控制某个战场（+1）。每个战场每回合最多为你得分一次。' },
  ],
  turn: [
    [
      { en: 'Awaken: ready everything you control.', zh: '唤醒：重置你控制的所有东西。' },
      { en: 'Beginning: score a point for each battlefield you hold.', zh: '开始：你据守的每个战场得1分。' },
      { en: 'Channel: put 2 runes from your rune deck into play.', zh: '引导：从符文牌库将2张符文放入场上。' },
      { en: 'Draw: draw 1 card (an empty deck "burns out": your trash is shuffled back in and an opponent gains a point).', zh: '抽牌：抽1张牌（牌库为空时"燃尽"：把废牌堆洗回牌库，并由一名对手得1分）。' },
      { en: 'Main phase: play cards, use abilities, and move units from your base to battlefields or back. Moving onto a battlefield held by someone else starts a showdown, and a combat if enemy units are there.', zh: '主要阶段：打出卡牌、发动能力、把单位从基地移动到战场或移回。移动到他人控制的战场会引发对决；若那里有敌方单位，则进行战斗。' },
      { en: 'End: all damage is healed and "this turn" effects end.', zh: '结束：所有伤害被治愈，"本回合"效果结束。' },
    ],
    { en: 'Paying: exhaust a rune for 1 energy (the number in the cost), or recycle it to the bottom of the rune deck for 1 power of its domain (the coloured symbols). A rune may do both in one turn.', zh: '支付：横置一张符文获得1点能量（费用中的数字），或将其回收到符文牌库底获得1点该领域的力量（彩色符号）。一张符文在同一回合内可以两者都做。' },
  ],
  cards: [
    [
      { en: 'Unit: has might. Played to your base (or a battlefield you control); it moves, fights and dies when its damage reaches its might.', zh: '单位：有战力。打出到你的基地（或你控制的战场）；它可以移动、战斗，所受伤害达到战力时死亡。' },
      { en: 'Spell: a one-shot effect, then it goes to the trash.', zh: '法术：一次性效果，之后进入废牌堆。' },
      { en: 'Gear: stays in play; equipment attaches to a unit.', zh: '装备：留在场上；武装可以装配给单位。' },
      { en: 'Rune: your resource, from the rune deck.', zh: '符文：你的资源，来自符文牌库。' },
      { en: 'Legend and Champion: your legend stays on the table with its ability; your champion waits in its own zone until you play it.', zh: '传奇与英雄：你的传奇一直在桌上并提供能力；你的英雄在自己的区域等待，直到你打出它。' },
      { en: 'Battlefield: the places units fight over; some have their own abilities.', zh: '战场：单位争夺的地点；有些战场有自己的能力。' },
    ],
    { en: 'Ready or exhausted: a used unit or rune is turned sideways (exhausted) until your next awaken.', zh: '就绪或已横置：使用过的单位或符文会横置，直到你下次唤醒。' },
  ],
  win: [
    { en: 'Combat: after a showdown in which players may play Action cards, attackers and defenders deal damage equal to their might; units whose damage reaches their might die. If only the attacker\'s units remain, the attacker conquers the battlefield.', zh: '战斗：在玩家可以打出"行动"牌的对决之后，进攻方和防守方造成等于其战力的伤害；所受伤害达到战力的单位死亡。若只剩进攻方的单位，进攻方征服该战场。' },
    { en: 'The final point cannot come from a conquer unless you scored every battlefield this turn; otherwise you draw a card instead. With tied leaders above the score, play goes on until one is ahead. The last player left also wins.', zh: '最后一分不能来自征服，除非你本回合在每个战场都得过分；否则改为抽一张牌。若领先者同分且都达到胜利分数，游戏继续直到有人领先。最后留下的玩家也获胜。' },
  ],
  keywords: [
    [
      { en: 'Action: may also be played during showdowns. Reaction: may be played in response, even while something waits on the chain.', zh: '行动：也可以在对决中打出。反应：可以作为回应打出，即使连锁上有东西正在等待结算。' },
      { en: 'Assault X / Shield X: +X might while attacking / defending.', zh: '强攻 X / 护盾 X：进攻时 / 防守时战力+X。' },
      { en: 'Tank: must be dealt lethal damage before your other units. Backline: only after them.', zh: '坦克：必须先于你的其他单位承受致命伤害。后排：在它们之后才承受。' },
      { en: 'Accelerate: pay extra while playing the unit so that it enters ready.', zh: '急速：打出单位时额外支付，使其以就绪状态进场。' },
      { en: 'Ganking: may move from one battlefield straight to another.', zh: '游走：可以直接从一个战场移动到另一个战场。' },
      { en: 'Deathknell: happens when this dies. Temporary: dies at the start of your next turn.', zh: '绝响：此单位死亡时发生。临时：在你的下个回合开始时死亡。' },
      { en: 'Hidden: place the card face down at a battlefield you control and spring it later. Deflect X: spells that target it cost X more.', zh: '待命：把牌面朝下放在你控制的战场，之后再翻开使用。法盾 X：以它为目标的法术多花X。' },
      { en: 'Legion: works if you already played another card this turn. Vision: look at the top card of your deck and you may recycle it.', zh: '军团：若你本回合已打出过另一张牌则生效。预见：查看你牌库顶的牌，可以将其回收。' },
      { en: 'Chain: cards and abilities wait on a chain and resolve last-in, first-out.', zh: '连锁：卡牌和能力在连锁上等待，后进先出地结算。' },
    ],
  ],
  board: [
    { en: 'Battlefields are in the middle, each player\'s base and runes at their side, your own seat at the bottom (with 3 or 4 players every seat is drawn).', zh: '战场在中间，每位玩家的基地和符文在各自一侧，你自己的座位在最下方（3或4人时会画出每个座位）。' },
  ],
};
