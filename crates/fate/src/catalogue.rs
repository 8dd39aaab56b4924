//! The card catalogue (spec §1, §5.1) and the rules options for forms (spec §9), in English and
//! Chinese. Skill texts restate §5.1 in our own words.
//!
//! Keys are the views' `card` field: a court card's code (`QS` is P1's Queen of Swords, `qs`
//! P2's; each player owns a full set, §1), and `P1`..`S10` for the 40 pip (resource) cards,
//! which the views count rather than list (§1: values are unused).

use crate::card::{
    card, card_code, card_name_en, card_name_zh, play_cost, RANK_EN, RANK_ZH, SUIT_EN, SUIT_LETTERS, SUIT_ZH,
};
use engine::{CardInfo, Label, OptionInfo};
use serde_json::Value;

/// (condition, skill cost, effect) of each court card, en then zh, indexed [suit][rank]
/// (suits P C W S, ranks Page Knight Queen King).
const SKILLS: [[[&str; 2]; 4]; 4] = [
    // Pentacles
    [
        [
            "Skill (tap 1 Wand; only if your Pentacle suit has room): put a Pentacle from your pile onto your field, tapped.",
            "技能（横置1张权杖；你的星币未达上限时）：从你的牌堆摸一张星币，横置在你的场上。",
        ],
        [
            "Skill (tap 1 Wand and 1 Pentacle): untap up to two of your tapped Pentacles; the one just tapped counts.",
            "技能（横置1张权杖和1张星币）：复原你场上至多两张横置的星币，刚为费用横置的那张也可复原。",
        ],
        [
            "Skill (tap 1 Wand and 2 Pentacles): every character on both fields loses 2 attack, to a minimum of 0.",
            "技能（横置1张权杖和2张星币）：双方场上所有人物牌攻击力降低两点（最低为0）。",
        ],
        [
            "Skill (tap 1 Wand and 1 Pentacle; only while your untapped Pentacles outnumber the opponent's): the opponent discards one resource card of each suit they have, choosing tapped or untapped. For each untapped card they discard, you may put a card of that suit from your pile onto your field, untapped.",
            "技能（横置1张权杖和1张星币；你未横置的星币比对方多时）：对方弃置场上的星币、圣杯、权杖和宝剑各一张（由对方选择横置或未横置）。对方每弃置一张未横置的资源牌，你可以从牌库抽取一张同花色的牌置于场上。",
        ],
    ],
    // Cups
    [
        [
            "Skill (tap 1 Wand; only if your Cup suit has room): put a Cup from your pile onto your field, tapped.",
            "技能（横置1张权杖；你的圣杯未达上限时）：从你的牌堆摸一张圣杯，横置在你的场上。",
        ],
        [
            "Skill (tap 1 Wand and 1 Cup): return one opponent's Knight, or up to two opponent's Pages, from their field to their hand (attack resets to 0).",
            "技能（横置1张权杖和1张圣杯）：使对方场上一张骑士牌或至多两张侍卫牌返回对方的手牌（攻击力归零）。",
        ],
        [
            "Skill (tap 1 Wand and 2 Cups): move one of the opponent's field Knights or Pages to your field. You control it from now on; it keeps its attack.",
            "技能（横置1张权杖和2张圣杯）：将对方场上一张骑士牌或侍卫牌置于自己的场上，由你控制，攻击力保留。",
        ],
        [
            "Skill (tap 1 Wand and 1 Cup; only while your untapped Cups outnumber the opponent's): the opponent chooses twice, each time one of: return a field character to hand, discard an untapped Cup, or discard a character card from hand.",
            "技能（横置1张权杖和1张圣杯；你未横置的圣杯比对方多时）：对方需做出两次选择，每次选一项：将场上一张人物牌返回手牌、弃置一张未横置的圣杯，或从手牌弃置一张人物牌。",
        ],
    ],
    // Wands
    [
        [
            "Skill (tap 1 Wand; only if your Wand suit has room): put a Wand from your pile onto your field, tapped.",
            "技能（横置1张权杖；你的权杖未达上限时）：从你的牌堆摸一张权杖，横置在你的场上。",
        ],
        [
            "Skill (tap 2 Wands; only on a turn with combat): another character of yours may attack one more time in this turn's combat. Uses stack.",
            "技能（横置2张权杖；本回合有战斗阶段时）：在本回合的战斗阶段中，使你场上另一张人物牌攻击次数+1，可叠加。",
        ],
        [
            "Skill (tap 3 Wands): untap up to two each of your tapped Cups, Pentacles and Swords.",
            "技能（横置3张权杖）：复原你横置的圣杯、星币和宝剑各至多两张。",
        ],
        [
            "Skill (tap 2 Wands; only while your untapped Wands outnumber the opponent's): untap one of your tapped Pentacles, Cups, Wands and Swords each, where you have one.",
            "技能（横置2张权杖；你未横置的权杖比对方多时）：复原你横置的星币、圣杯、权杖和宝剑各一张。",
        ],
    ],
    // Swords
    [
        [
            "Skill (tap 1 Wand; only if your Sword suit has room): put a Sword from your pile onto your field, tapped.",
            "技能（横置1张权杖；你的宝剑未达上限时）：从你的牌堆摸一张宝剑，横置在你的场上。",
        ],
        [
            "Skill (tap 1 Wand and 1 Sword; only on a turn with combat): this turn, each time this Knight attacks an opponent's character and survives, it may also attack one suit of the opponent's resources, once per use.",
            "技能（横置1张权杖和1张宝剑；本回合有战斗阶段时）：本回合该骑士每次攻击对方人物牌并存活后，可以再攻击一次对方资源区的一个花色（每次发动一次）。",
        ],
        [
            "Skill (tap 1 Wand and X Swords, X from 1 to 4): the opponent discards a character they control, from field or hand: a Page for X = 1, a Knight for 2, a Queen for 3, their King for 4. Lacking that rank, they discard one of the next higher rank they have.",
            "技能（横置1张权杖和X张宝剑，X为1到4）：对方从场上或手牌中弃置一张人物牌：X=1为侍卫，2为骑士，3为皇后，4为国王；没有对应的牌时需弃置更高阶的人物牌代替。",
        ],
        [
            "Skill (tap 1 Wand and 1 Sword; only while your untapped Swords outnumber the opponent's): choose a suit; the opponent's cap on it falls by 4 (minimum 0), and they discard any excess at once.",
            "技能（横置1张权杖和1张宝剑；你未横置的宝剑比对方多时）：选择一个花色，使对方该花色资源牌的上限-4（最低为0），超出的牌立即被弃置。",
        ],
    ],
];

/// What each suit's resource cards do (§0.3, §4).
const PIP_TEXT: [[&str; 2]; 4] = [
    [
        "A Pentacle resource. Tap Pentacles in the draw phase to fetch resources from your pile; at turn start untap one (two if your untapped Pentacles outnumber the opponent's).",
        "星币资源牌。抽牌阶段横置星币从牌堆抽取资源牌；回合开始时复原一张（未横置的星币比对方多时复原两张）。",
    ],
    [
        "A Cup resource. Tap Cups to play characters (3 for a King or Queen, 2 for a Knight, 1 for a Page); at the end phase untap one per character that did not act.",
        "圣杯资源牌。横置圣杯打出人物牌（国王、皇后3张，骑士2张，侍卫1张）；结束阶段每有一张没有主动行为的人物牌复原一张。",
    ],
    [
        "A Wand resource. Every skill costs Wands; at turn start untap one per character of yours that was not buffed or attacked last turn.",
        "权杖资源牌。发动技能需要横置权杖；回合开始时上回合每有一张没有被动行为的人物牌复原一张。",
    ],
    [
        "A Sword resource. At the start of combat tap Swords for +1 attack each; whenever a character is discarded, untap one.",
        "宝剑资源牌。战斗阶段开始时横置宝剑，每张使人物牌攻击力+1；每有一张人物牌被弃置便可复原一张。",
    ],
];

fn suit_kw(s: usize) -> Label {
    Label::new(SUIT_EN[s], SUIT_ZH[s])
}

/// Every card of the two sets: 32 court cards (16 per player) and the 40 pip cards.
pub(crate) fn catalogue() -> Vec<CardInfo> {
    let mut out = Vec::with_capacity(72);
    for owner in 0..2u8 {
        for s in 0..4u8 {
            for r in 0..4u8 {
                let c = card(owner, s, r);
                let [en, zh] = SKILLS[s as usize][r as usize];
                let cost = play_cost(c);
                out.push(
                    CardInfo {
                        key: card_code(c),
                        name_en: card_name_en(c),
                        name_zh: card_name_zh(c),
                        type_en: RANK_EN[r as usize].to_string(),
                        type_zh: RANK_ZH[r as usize].to_string(),
                        cost: Some(format!("{cost} Cup{}", if cost == 1 { "" } else { "s" })),
                        power: Some(0),
                        power_name: Some(Label::new("Attack", "攻击力")),
                        keywords: vec![Label::new("Court card", "人物牌"), suit_kw(s as usize)],
                        text_en: format!(
                            "Play: tap {cost} Cup{} to put it from hand onto your field with attack 0. {en}",
                            if cost == 1 { "" } else { "s" }
                        ),
                        text_zh: format!("主要阶段中可以横置{cost}张圣杯将其从手牌中置于场上（攻击力为0）。{zh}"),
                        ..Default::default()
                    }
                    .with("owner", owner)
                    .with("suit", SUIT_LETTERS[s as usize].to_string())
                    .with("rank", r + 1)
                    .with("cost_zh", format!("{cost}张圣杯")),
                );
            }
        }
    }
    for s in 0..4usize {
        for v in 1..=10i64 {
            let [en, zh] = PIP_TEXT[s];
            out.push(
                CardInfo {
                    key: format!("{}{v}", SUIT_LETTERS[s]),
                    name_en: format!("{v} of {}", SUIT_EN[s]),
                    name_zh: format!("{}{v}", SUIT_ZH[s]),
                    type_en: "Pip".into(),
                    type_zh: "资源牌".into(),
                    cost: None,
                    power: Some(v),
                    power_name: Some(Label::new("Value", "点数")),
                    keywords: vec![Label::new("Resource card", "资源牌"), suit_kw(s)],
                    text_en: en.into(),
                    text_zh: zh.into(),
                    ..Default::default()
                }
                .with("suit", SUIT_LETTERS[s].to_string()),
            );
        }
    }
    out
}

fn l(en: &str, zh: &str) -> Label {
    Label::new(en, zh)
}

/// One option: key, name, description (en, zh), default from `FateOptions::default()`.
fn opt(defaults: &Value, key: &str, name: [&str; 2], desc: [&str; 2]) -> OptionInfo {
    OptionInfo::new(key, l(name[0], name[1]), l(desc[0], desc[1]), defaults[key].clone())
}

/// Every option of spec §9 for table creation forms.
pub(crate) fn options_info() -> Vec<OptionInfo> {
    let d = serde_json::to_value(crate::options::FateOptions::default()).expect("options serialise");
    let d = &d;
    let yn = |o: OptionInfo| o.yes_no();
    vec![
        opt(d, "deckModel", ["Deck model", "牌组模式"], [
            "Whether each player brings a full tarot set or both share one (A-1); a shared deck cannot fund both setups, so the engine refuses it.",
            "每位玩家各用一整套塔罗牌，还是双方共用一套（A-1）；共用一套无法满足双方的开局预算，引擎拒绝该设置。",
        ])
        .choice("PER_PLAYER", l("One set per player", "每人一套"))
        .choice("SHARED", l("One shared set (infeasible)", "共用一套（不可行）")),
        yn(opt(d, "setupMustSpendAll", ["Spend all 8 setup points", "必须花完8点资源值"], [
            "Whether each player must spend exactly 8 points on Knights and Pages at setup (A-2).",
            "开局时是否必须恰好花完八点资源值购买骑士和侍卫（A-2）。",
        ])),
        opt(d, "setupProtocol", ["Setup order", "开局选择方式"], [
            "How the two players choose their court cards at setup (A-3).",
            "双方在开局时选择人物牌的方式（A-3）。",
        ])
        .choice("SIMULTANEOUS_SECRET_THEN_REVEAL", l("Both choose in secret, then reveal", "双方秘密选择后同时公开"))
        .choice("SEQUENTIAL_FIRST_PLAYER_FIRST", l("In turn, first player first", "依次选择，先手先选"))
        .choice("SEQUENTIAL_SECOND_PLAYER_FIRST", l("In turn, second player first", "依次选择，后手先选")),
        yn(opt(d, "openHands", ["Open hands", "公开手牌"], [
            "Whether both players see each other's hand after setup (A-3, A-64).",
            "开局后双方的手牌是否公开（A-3、A-64）。",
        ])),
        opt(d, "firstPlayer", ["First player", "先手玩家"], [
            "Who takes the first turn (A-4); a random choice uses the game seed.",
            "由谁进行第一个回合（A-4）；随机时由对局种子决定。",
        ])
        .choice("P1", l("P1", "玩家1"))
        .choice("P2", l("P2", "玩家2"))
        .choice("RANDOM", l("Random", "随机")),
        opt(d, "noCombatPlies", ["Turns without combat", "无战斗的回合"], [
            "Which opening turns have no combat phase (A-5).",
            "开局的哪些回合没有战斗阶段（A-5）。",
        ])
        .choice("FIRST_PLY_ONLY", l("Only the very first turn", "仅第一回合"))
        .choice("EACH_PLAYERS_FIRST_TURN", l("Each player's first turn", "每位玩家的第一个回合")),
        opt(d, "autoRecover", ["Automatic recovery", "自动复原"], [
            "Whether turn-start, end-phase and Sword recoveries and King of Pentacles draws take the maximum automatically or are asked (A-9).",
            "回合开始、结束阶段与宝剑的复原以及星币国王的抽牌是自动取最大值，还是逐一询问（A-9）。",
        ])
        .choice("AUTO_MAX", l("Always take the maximum", "总是取最大值"))
        .choice("MANUAL", l("Ask each time", "每次询问")),
        yn(opt(d, "drawnEnterTapped", ["Drawn resources enter tapped", "抽取的资源牌横置入场"], [
            "Whether resources fetched in the draw phase arrive tapped (A-7).",
            "抽牌阶段抽取的资源牌是否以横置状态入场（A-7）。",
        ])),
        yn(opt(d, "kopDrawTapped", ["King of Pentacles draws enter tapped", "星币国王抽取的牌横置入场"], [
            "Whether cards fetched by the King of Pentacles' skill arrive tapped (A-37).",
            "星币国王技能抽取的牌是否以横置状态入场（A-37）。",
        ])),
        opt(d, "wandWindow", ["Wand recovery window", "权杖复原的计算范围"], [
            "Which span of play decides whether a character counts for Wand recovery (A-10).",
            "判断人物牌能否计入权杖复原时所看的时间范围（A-10）。",
        ])
        .choice("PREVIOUS_PLY", l("The opponent's last turn", "对方的上一个回合"))
        .choice("SINCE_OWN_LAST_TURN_START", l("Since your own last turn began", "自你上个回合开始以来")),
        yn(opt(d, "wandCountsHand", ["Hand counts for Wand recovery", "手牌计入权杖复原"], [
            "Whether characters in hand count toward Wand recovery (A-11).",
            "手牌中的人物牌是否计入权杖复原（A-11）。",
        ])),
        yn(opt(d, "playIsActive", ["Playing is an active action", "打出视为主动行为"], [
            "Whether playing a character counts as acting, so it earns no Cup recovery that turn (A-12).",
            "打出人物牌是否算作主动行为，从而本回合不计入圣杯复原（A-12）。",
        ])),
        yn(opt(d, "skillTargetIsPassive", ["Skill targets are passive", "技能目标视为被动行为"], [
            "Whether a character targeted by a skill counts as passively affected, costing Wand recovery (A-13).",
            "被技能指定的人物牌是否算作被动行为，从而不计入权杖复原（A-13）。",
        ])),
        yn(opt(d, "flagsFollowCard", ["Action flags follow the card", "行为标记随牌保留"], [
            "Whether a card keeps this turn's acted and affected marks when it leaves and re-enters the field (A-14).",
            "人物牌本回合离场再入场时，是否保留主动与被动行为的标记（A-14）。",
        ])),
        opt(d, "atkPersistence", ["Attack persistence", "攻击力保留"], [
            "Whether attack values carry over between turns (A-15).",
            "攻击力是否跨回合保留（A-15）。",
        ])
        .choice("PERSISTENT", l("Kept while on the field", "在场期间保留"))
        .choice("RESET_AT_END_OF_TURN", l("Reset to 0 at each turn's end", "每回合结束时归零")),
        yn(opt(d, "stolenKeepsAtk", ["Stolen cards keep attack", "被夺取的牌保留攻击力"], [
            "Whether a card moved by the Queen of Cups keeps its attack (A-16).",
            "被圣杯皇后移动的牌是否保留攻击力（A-16）。",
        ])),
        opt(d, "buffOrder", ["Buff order", "加攻顺序"], [
            "In what order the two players tap Swords for attack at the start of combat (A-17).",
            "战斗阶段开始时双方横置宝剑加攻的顺序（A-17）。",
        ])
        .choice("AP_THEN_NAP", l("Active player, then the defender", "先进攻方，后防守方"))
        .choice("NAP_THEN_AP", l("The defender, then the active player", "先防守方，后进攻方"))
        .choice("ALTERNATING_UNTIL_TWO_PASSES", l("Alternating until both pass", "轮流进行直到双方都放弃"))
        .choice("SIMULTANEOUS_HIDDEN", l("Both at once, hidden", "双方同时秘密进行")),
        opt(d, "combatMode", ["Who attacks", "进攻方"], [
            "Whether only the active player attacks, or both sides in turn (A-19).",
            "只有回合玩家进攻，还是双方依次进攻（A-19）。",
        ])
        .choice("AP_ONLY", l("Only the active player", "仅回合玩家"))
        .choice("MUTUAL", l("Both players (not recommended)", "双方（不推荐）")),
        opt(d, "attackerOrder", ["Attacker order", "进攻顺序"], [
            "Which of your characters may attack next (A-21).",
            "你的哪张人物牌可以下一个进攻（A-21）。",
        ])
        .choice("OUTSIDE_IN", l("From the ends of the row inward", "从阵列两端向内"))
        .choice("FREE", l("Any character, any order", "任意人物牌、任意顺序"))
        .choice("EDGE_STRICT", l("Only the row's current ends", "只有阵列当前的两端")),
        yn(opt(d, "raSuitMustBeNonEmpty", ["Resource attacks need cards in the suit", "资源攻击须指定有牌的花色"], [
            "Whether a resource attack must name a suit the defender has cards in (A-26).",
            "资源攻击是否只能指定对方有牌的花色（A-26）。",
        ])),
        opt(d, "resDiscardChoice", ["Who picks discarded resources", "资源弃置的选择"], [
            "Whether the victim chooses tapped or untapped cards when discarding resources, or tapped ones go first (A-27, A-33).",
            "弃置资源牌时由受害方选择横置或未横置，还是优先弃置横置的牌（A-27、A-33）。",
        ])
        .choice("VICTIM_CHOOSES", l("The victim chooses", "由受害方选择"))
        .choice("TAPPED_FIRST", l("Tapped cards first", "优先弃置横置的牌")),
        opt(d, "swordRecovery", ["Sword recovery", "宝剑复原"], [
            "Who untaps a Sword when a character is discarded (A-29).",
            "有人物牌被弃置时由谁复原宝剑（A-29）。",
        ])
        .choice("BOTH", l("Both players", "双方"))
        .choice("AP_ONLY", l("Only the active player", "仅回合玩家"))
        .choice("OWNER_OF_DISCARDED", l("The discarded card's side", "被弃置牌的一方"))
        .choice("OPPONENT_OF_DISCARDED", l("The other side", "被弃置牌的对方")),
        yn(opt(d, "srCountsHandDiscards", ["Hand discards recover Swords", "手牌弃置触发宝剑复原"], [
            "Whether characters discarded from hand also trigger Sword recovery (A-31).",
            "从手牌弃置人物牌是否也触发宝剑复原（A-31）。",
        ])),
        yn(opt(d, "allowNullActivations", ["Allow empty skill uses", "允许无效果的技能发动"], [
            "Whether a skill may be used when it would have no effect (A-35, §5.2).",
            "技能没有效果时是否仍可发动（A-35、§5.2）。",
        ])),
        opt(d, "kingConditionTiming", ["When King conditions are checked", "国王条件的判断时机"], [
            "Whether a King's \"more untapped than the opponent\" condition is checked before or after paying its cost (A-36).",
            "国王技能“未横置的牌比对方多”的条件在支付费用之前还是之后判断（A-36）。",
        ])
        .choice("BEFORE_COST", l("Before paying", "支付费用之前"))
        .choice("AFTER_COST", l("After paying", "支付费用之后")),
        yn(opt(d, "kocDistinctChoices", ["King of Cups choices must differ", "圣杯国王的两次选择须不同"], [
            "Whether the two choices forced by the King of Cups must be different options (A-38).",
            "圣杯国王迫使对方做出的两次选择是否必须不同（A-38）。",
        ])),
        yn(opt(d, "stolenReturnsToOwnerHand", ["Stolen cards return to their owner", "被夺取的牌回到原主手牌"], [
            "Whether a stolen card returned to hand goes to its owner's hand rather than its controller's (A-39).",
            "被夺取的牌返回手牌时，是否回到原主而非控制者的手牌（A-39）。",
        ])),
        yn(opt(d, "kncPartialPages", ["Knight of Cups may return one Page", "圣杯骑士可只返回一张侍卫"], [
            "Whether the Knight of Cups may return a single Page when the opponent has only one (A-40).",
            "对方只有一张侍卫时，圣杯骑士是否可以只返回这一张（A-40）。",
        ])),
        opt(d, "qowAmount", ["Queen of Wands amount", "权杖皇后的复原数量"], [
            "How many cards the Queen of Wands untaps (A-41).",
            "权杖皇后复原的牌数（A-41）。",
        ])
        .choice("TWO_EACH", l("Two of each suit", "每种花色各两张"))
        .choice("TWO_TOTAL", l("Two in total", "总共两张")),
        opt(d, "kosScope", ["King of Swords scope", "宝剑国王的影响范围"], [
            "Whether the King of Swords lowers the cap of one chosen suit or of every suit (A-43).",
            "宝剑国王降低一个所选花色的上限，还是所有花色的上限（A-43）。",
        ])
        .choice("ONE_SUIT", l("One chosen suit", "一个所选花色"))
        .choice("ALL_SUITS", l("All suits", "所有花色")),
        opt(d, "kosDuration", ["King of Swords duration", "宝剑国王效果的持续时间"], [
            "How long a King of Swords cap reduction lasts (A-43).",
            "宝剑国王降低上限的效果持续多久（A-43）。",
        ])
        .choice("PERMANENT", l("For the rest of the game", "直到对局结束"))
        .choice("WHILE_SOURCE_ON_FIELD", l("While that King stays on the field", "该国王在场期间"))
        .choice("UNTIL_END_OF_OPPONENT_NEXT_TURN", l("Until the end of the opponent's next turn", "直到对方下个回合结束")),
        yn(opt(d, "kosStacking", ["King of Swords stacks", "宝剑国王效果可叠加"], [
            "Whether several King of Swords reductions on the same suit add up (A-43).",
            "对同一花色多次发动宝剑国王时效果是否叠加（A-43）。",
        ])),
        opt(d, "qosSubstitute", ["Queen of Swords substitute", "宝剑皇后的替代规则"], [
            "Which higher rank the victim of the Queen of Swords discards when they lack the named rank (A-44).",
            "宝剑皇后的目标没有对应阶级的牌时，需弃置哪一更高阶的牌（A-44）。",
        ])
        .choice("NEXT_HIGHER", l("The lowest higher rank they have", "其拥有的最低的更高阶"))
        .choice("ANY_HIGHER", l("Any higher rank", "任意更高阶")),
        opt(d, "qosMaxX", ["Queen of Swords maximum X", "宝剑皇后X的上限"], [
            "The largest X the Queen of Swords may pay; 3 stops it from naming the King directly (A-44).",
            "宝剑皇后可支付的最大X；为3时不能直接指定国王（A-44）。",
        ])
        .choice(4, l("4 (can name the King)", "4（可指定国王）"))
        .choice(3, l("3 (cannot name the King)", "3（不能直接指定国王）")),
        yn(opt(d, "qosKingImmuneInHand", ["King in hand is safe from the Queen of Swords", "手牌中的国王不受宝剑皇后影响"], [
            "Whether a King in hand cannot be discarded by the Queen of Swords (A-44).",
            "手牌中的国王是否不会被宝剑皇后弃置（A-44）。",
        ])),
        yn(opt(d, "sknStacking", ["Knight of Swords stacks", "宝剑骑士效果可叠加"], [
            "Whether the Knight of Swords may be used again in a turn for more bonus attacks (A-45).",
            "宝剑骑士能否在同一回合再次发动以获得更多额外攻击（A-45）。",
        ])),
        opt(d, "sknTiming", ["Knight of Swords timing", "宝剑骑士额外攻击的时机"], [
            "When the Knight of Swords may make its bonus resource attacks (A-45).",
            "宝剑骑士何时可以发动额外的资源攻击（A-45）。",
        ])
        .choice("AFTER_EACH_CHARACTER_ATTACK", l("After each attack it survives", "每次攻击并存活后"))
        .choice("ONCE_IMMEDIATELY", l("Only right after its first such attack", "仅在第一次此类攻击之后")),
        opt(d, "mutualKingLoss", ["Both Kings lost at once", "双方国王同时被弃置"], [
            "What happens when both Kings are discarded in the same resolution (A-49).",
            "双方国王在同一次结算中被弃置时的结果（A-49）。",
        ])
        .choice("DRAW", l("A draw", "平局"))
        .choice("AP_WINS", l("The active player wins", "回合玩家获胜"))
        .choice("AP_LOSES", l("The active player loses", "回合玩家落败")),
        opt(d, "plyLimit", ["Turn limit", "回合上限"], [
            "The game is a draw once this many turns (of either player) have passed (R-END2).",
            "双方回合总数超过该值时对局以平局结束（R-END2）。",
        ])
        .range(1, 100_000),
        opt(d, "repetitionLimit", ["Repetition limit", "重复局面上限"], [
            "The game is a draw when the same turn-start position occurs this many times (R-END3).",
            "同一回合开始局面出现该次数时对局以平局结束（R-END3）。",
        ])
        .range(2, 1000),
        opt(d, "noProgressLimit", ["No-progress limit", "无进展上限"], [
            "If set, the game is a draw after this many turns in a row with no character discarded; empty means off (R-END4).",
            "若设置，连续该数量的回合没有人物牌被弃置则平局；留空表示关闭（R-END4）。",
        ])
        .range(1, 100_000),
        opt(d, "mainPhaseOrder", ["Main phase order", "主要阶段顺序"], [
            "Whether plays and skills may be mixed freely in the main phase, or all plays come first (A-52).",
            "主要阶段中打出人物牌与发动技能可以自由穿插，还是必须先打出再发动（A-52）。",
        ])
        .choice("FREE", l("Any order", "任意顺序"))
        .choice("PLAY_THEN_SKILLS", l("Plays first, then skills", "先打出，再发动技能")),
        yn(opt(d, "skipEmptyCombat", ["Skip empty combat", "跳过无人进攻的战斗"], [
            "Whether the combat phase is skipped when the active player has no character that could attack (A-53).",
            "回合玩家没有可进攻的人物牌时是否跳过战斗阶段（A-53）。",
        ])),
    ]
}
