//! Presentation (design.md §2, crates/engine/src/present.rs): the log events of Fate Deduction,
//! what each says in English and Chinese, what each action is about, what each decision point
//! asks, and how a game ended.
//!
//! Cards are named by their notation code (`QS` = P1's Queen of Swords, `nc` = P2's Knight of
//! Cups): it is both the instance `id` the view gives the card and its catalogue key.
//!
//! **No Fate Deduction decision can be taken back.** The rules (spec §4, §8) give no way to
//! retract a play, a skill, a choice inside a skill or a response once made, and every step is
//! left only by acting; so no [`Prompt`] here carries `cancel`.

use crate::action::{FateAction, KocOption, SkillArg, Target};
use crate::card::{
    card, card_code, card_name_en, card_name_zh, parse_card, parse_suit, rank, Card, CUPS, KING, KNIGHT, PENTACLES,
    QUEEN, RANK_EN, RANK_ZH, SUIT_EN, SUIT_LETTERS, SUIT_ONE_EN, SUIT_ZH, SWORDS,
};
use crate::state::{FateGame, Pending, SplitCtx, Step};
use engine::{ActionKind, ActionMeta, CardRef, EventKind, EventText, Label, Outcome, Prompt};
use serde::{Deserialize, Serialize};

/// A log event. `Action` is a decision as made (its notation); the other variants say what
/// happened. Hidden setup choices and hidden buffs are logged only to their seat; the others
/// see `HiddenChoice`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum FateEvent {
    /// A decision without a more specific event (ends of phases, passes, setup choices).
    Action {
        seat: u8,
        action: String,
    },
    HiddenChoice {
        seat: u8,
    },
    GameOver {
        reason: String,
    },
    /// R-S2/S3: a player's chosen court cards are revealed (setup done).
    SetupRevealed {
        seat: u8,
        hand: Vec<String>,
    },
    /// A new ply begins (`seat` is the active player).
    Turn {
        ply: u32,
        seat: u8,
    },
    /// The combat phase begins with the buff window (R-C1).
    CombatBegins {
        seat: u8,
    },
    /// Tapped resources untapped: `reason` is pentacle_recovery, wand_recovery, cup_recovery,
    /// sword_recovery or skill (`source` names the skill's card).
    Untapped {
        seat: u8,
        suit: String,
        count: u8,
        reason: String,
        source: Option<String>,
    },
    /// A resource card fetched from the pile to the field: the draw phase (`source` none), a
    /// Page skill or a King of Pentacles draw.
    ResourceGained {
        seat: u8,
        suit: String,
        tapped: bool,
        source: Option<String>,
    },
    /// R-M1: a character played from hand (`cost` Cups tapped).
    Played {
        seat: u8,
        card: String,
        cost: u8,
    },
    /// A field character returned to hand `to` (R-M4, Knight of Cups, King of Cups (a)).
    Returned {
        seat: u8,
        card: String,
        to: u8,
        source: Option<String>,
    },
    /// LINEUP: the row's order as fixed, left to right.
    Lineup {
        seat: u8,
        row: Vec<String>,
    },
    /// R-M2: a skill used (`arg` its notation argument, `cost` tapped as P, C, W, S).
    SkillUsed {
        seat: u8,
        card: String,
        arg: String,
        cost: [u8; 4],
    },
    /// Queen of Pentacles: every field character's attack lowered by 2 (minimum 0).
    Weakened {
        source: String,
        cards: Vec<String>,
    },
    /// Queen of Cups: an opponent's Knight or Page moved to `seat`'s row.
    Stolen {
        seat: u8,
        card: String,
        source: String,
    },
    /// Knight of Wands: one more attack this combat for `card`.
    ExtraAttack {
        card: String,
        source: String,
    },
    /// Knight of Swords: one more bonus resource attack (R-C5).
    BonusReady {
        card: String,
    },
    /// King of Swords: `seat`'s cap in `suit` is now `cap`.
    CapLowered {
        seat: u8,
        suit: String,
        cap: u8,
        source: String,
    },
    /// R-C1: `amount` Swords tapped for +`amount` attack (now `atk`).
    Buffed {
        seat: u8,
        card: String,
        amount: u8,
        atk: u16,
    },
    /// R-C2: an attack on a character (`defender`) or on resources (`suit`).
    AttackDeclared {
        seat: u8,
        attacker: String,
        atk: u16,
        defender: Option<String>,
        defender_atk: u16,
        suit: Option<String>,
        bonus: bool,
    },
    /// R-C3: the result of an attack on a character; `died` lists the discarded cards.
    CombatResult {
        attacker: String,
        atk: u16,
        defender: String,
        defender_atk: u16,
        died: Vec<String>,
    },
    /// R-RDISC: resource cards discarded back to the pile (`untapped` of them untapped);
    /// `reason`: resource_attack, king_of_pentacles, king_of_swords, king_of_cups.
    ResourcesDiscarded {
        seat: u8,
        suit: String,
        count: u8,
        untapped: u8,
        reason: String,
    },
    /// R-CDISC: a character discarded outside combat; `reason`: resource_attack,
    /// queen_of_swords, king_of_cups.
    CharacterDiscarded {
        seat: u8,
        card: String,
        from_hand: bool,
        reason: String,
    },
}

/// Why a character is discarded (which event to note).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Why {
    /// In combat: the combat result names it.
    Combat,
    ResourceAttack,
    QueenOfSwords,
    KingOfCups,
}

impl Why {
    fn code(self) -> &'static str {
        match self {
            Why::Combat => "combat",
            Why::ResourceAttack => "resource_attack",
            Why::QueenOfSwords => "queen_of_swords",
            Why::KingOfCups => "king_of_cups",
        }
    }
}

pub(crate) fn suit_code(s: u8) -> String {
    SUIT_LETTERS[s as usize].to_string()
}

impl FateGame {
    /// Note a character discard (not in combat).
    pub(crate) fn note_discard(&mut self, seat: u8, c: Card, from_hand: bool, why: Why) {
        if why != Why::Combat {
            self.note(|_| FateEvent::CharacterDiscarded {
                seat,
                card: card_code(c),
                from_hand,
                reason: why.code().into(),
            });
        }
    }
    pub(crate) fn note_returned(&mut self, seat: u8, c: Card, source: Option<Card>) {
        self.note(|g| FateEvent::Returned {
            seat,
            card: card_code(c),
            to: g.controller(c).unwrap_or(seat),
            source: source.map(card_code),
        });
    }
    /// A skill of `src` untaps up to `k` of the active player's tapped cards of suit `s`.
    pub(crate) fn untap_by(&mut self, s: u8, k: u8, src: Card) {
        let n = k.min(self.players[self.ap as usize].t[s as usize]);
        self.untap(self.ap, s, n);
        self.note_untap(self.ap, s, n, "skill", Some(src));
    }
    pub(crate) fn note_untap(&mut self, seat: u8, s: u8, count: u8, reason: &str, source: Option<Card>) {
        if count > 0 {
            self.note(|_| FateEvent::Untapped {
                seat,
                suit: suit_code(s),
                count,
                reason: reason.into(),
                source: source.map(card_code),
            });
        }
    }
}

fn seat_name(p: u8) -> String {
    format!("P{}", p + 1)
}

fn cref(code: &str) -> CardRef {
    CardRef::new(code, code)
}

fn cr(c: Card) -> CardRef {
    let k = card_code(c);
    CardRef::new(k.clone(), k)
}

/// A card code's names, with its owner: ("P1's Queen of Swords", "P1的宝剑皇后").
fn owned(code: &str) -> (String, String) {
    match parse_card(code) {
        Some(c) => {
            let o = seat_name(crate::card::owner(c));
            (format!("{o}'s {}", card_name_en(c)), format!("{o}的{}", card_name_zh(c)))
        }
        None => (code.to_string(), code.to_string()),
    }
}

fn plain(code: &str) -> (String, String) {
    match parse_card(code) {
        Some(c) => (card_name_en(c), card_name_zh(c)),
        None => (code.to_string(), code.to_string()),
    }
}

fn suit_names(letter: &str) -> (&'static str, &'static str, &'static str) {
    let s = parse_suit(letter).unwrap_or(0) as usize;
    (SUIT_ONE_EN[s], SUIT_EN[s], SUIT_ZH[s])
}

/// "3 Cups" / "3张圣杯".
fn count_of(n: u8, s: u8) -> (String, String) {
    let en = if n == 1 { format!("1 {}", SUIT_ONE_EN[s as usize]) } else { format!("{n} {}", SUIT_EN[s as usize]) };
    (en, format!("{n}张{}", SUIT_ZH[s as usize]))
}

fn cost_text(cost: &[u8; 4]) -> (String, String) {
    let parts: Vec<(String, String)> =
        (0..4u8).filter(|&s| cost[s as usize] > 0).map(|s| count_of(cost[s as usize], s)).collect();
    if parts.is_empty() {
        return ("nothing".into(), "无".into());
    }
    (
        parts.iter().map(|p| p.0.clone()).collect::<Vec<_>>().join(" and "),
        parts.iter().map(|p| p.1.clone()).collect::<Vec<_>>().join("和"),
    )
}

fn join(names: &[(String, String)]) -> (String, String) {
    (
        names.iter().map(|n| n.0.clone()).collect::<Vec<_>>().join(", "),
        names.iter().map(|n| n.1.clone()).collect::<Vec<_>>().join("、"),
    )
}

fn reason_text(reason: &str) -> (&'static str, &'static str) {
    match reason {
        "pentacle_recovery" => ("Pentacle recovery at turn start", "回合开始的星币复原"),
        "wand_recovery" => ("Wand recovery at turn start", "回合开始的权杖复原"),
        "cup_recovery" => ("Cup recovery at the end phase", "结束阶段的圣杯复原"),
        "sword_recovery" => ("Sword recovery for a discarded character", "人物牌被弃置后的宝剑复原"),
        "resource_attack" => ("a resource attack", "资源攻击"),
        "king_of_pentacles" => ("the King of Pentacles' skill", "星币国王的技能"),
        "king_of_swords" => ("the King of Swords' lowered cap", "宝剑国王降低的上限"),
        "king_of_cups" => ("the King of Cups' skill", "圣杯国王的技能"),
        "queen_of_swords" => ("the Queen of Swords' skill", "宝剑皇后的技能"),
        _ => ("a skill", "技能"),
    }
}

/// The log event in words (both languages), naming the cards.
pub(crate) fn describe(g: &FateGame, e: &FateEvent) -> EventText {
    use FateEvent::*;
    let (kind, en, zh, cards): (EventKind, String, String, Vec<CardRef>) = match e {
        Action { seat, action } => {
            let l = action
                .parse::<FateAction>()
                .map(|a| crate::view::label(&a))
                .unwrap_or_else(|_| Label::new(format!("played {action}"), format!("执行了{action}")));
            let cards = action.parse::<FateAction>().ok().map(|a| meta_cards(g, &a)).unwrap_or_default();
            let kind = EventKind::Action;
            (kind, format!("{}: {}", seat_name(*seat), l.en), format!("{}：{}", seat_name(*seat), l.zh), cards)
        }
        HiddenChoice { seat } => (
            EventKind::Action,
            format!("{} made a secret choice", seat_name(*seat)),
            format!("{}做出了秘密选择", seat_name(*seat)),
            vec![],
        ),
        GameOver { reason } => {
            let l =
                g.outcome().map(|o| outcome_label(&o)).unwrap_or_else(|| Label::new(reason.clone(), reason.clone()));
            (EventKind::End, format!("Game over: {}", l.en), format!("对局结束：{}", l.zh), vec![])
        }
        SetupRevealed { seat, hand } => {
            let names: Vec<_> = hand.iter().map(|c| plain(c)).collect();
            let (ne, nz) = join(&names);
            (
                EventKind::Card,
                format!("{}'s court cards are revealed: {ne}", seat_name(*seat)),
                format!("{}的人物牌公开：{nz}", seat_name(*seat)),
                hand.iter().map(|c| cref(c)).collect(),
            )
        }
        Turn { ply, seat } => (
            EventKind::Turn,
            format!("Ply {ply}: {}'s turn", seat_name(*seat)),
            format!("第{ply}回合：{}的回合", seat_name(*seat)),
            vec![],
        ),
        CombatBegins { seat } => (
            EventKind::Phase,
            format!("{}'s combat phase: both players may tap Swords to add attack", seat_name(*seat)),
            format!("{}的战斗阶段：双方可以横置宝剑为人物牌增加攻击力", seat_name(*seat)),
            vec![],
        ),
        Untapped { seat, suit, count, reason, source } => {
            let s = parse_suit(suit).unwrap_or(0);
            let (ce, cz) = count_of(*count, s);
            let (re, rz) = match source {
                Some(src) => {
                    let (ne, nz) = plain(src);
                    (format!("{ne}' skill"), format!("{nz}的技能"))
                }
                None => {
                    let (a, b) = reason_text(reason);
                    (a.to_string(), b.to_string())
                }
            };
            (
                EventKind::Info,
                format!("{} untapped {ce} ({re})", seat_name(*seat)),
                format!("{}复原了{cz}（{rz}）", seat_name(*seat)),
                source.iter().map(|c| cref(c)).collect(),
            )
        }
        ResourceGained { seat, suit, tapped, source } => {
            let (se, _, sz) = suit_names(suit);
            let (te, tz) = if *tapped { (", tapped", "横置在场上") } else { ("", "置于场上") };
            match source {
                None => (
                    EventKind::Card,
                    format!("{} tapped a Pentacle and drew a {se} from the pile onto the field{te}", seat_name(*seat)),
                    format!("{}横置一张星币，从牌堆抽一张{sz}{tz}", seat_name(*seat)),
                    vec![],
                ),
                Some(src) => {
                    let (ne, nz) = plain(src);
                    (
                        EventKind::Card,
                        format!("{ne}' skill: {} drew a {se} from the pile onto the field{te}", seat_name(*seat)),
                        format!("{nz}的技能：{}从牌堆抽一张{sz}{tz}", seat_name(*seat)),
                        vec![cref(src)],
                    )
                }
            }
        }
        Played { seat, card, cost } => {
            let (ne, nz) = plain(card);
            let (ce, cz) = count_of(*cost, CUPS);
            (
                EventKind::Action,
                format!("{} played {ne} onto the field, tapping {ce}", seat_name(*seat)),
                format!("{}横置{cz}，将{nz}置于场上", seat_name(*seat)),
                vec![cref(card)],
            )
        }
        Returned { seat, card, to, source } => {
            let (ne, nz) = owned(card);
            let (whe, whz) = match source {
                Some(src) => {
                    let (se, sz) = plain(src);
                    (format!("{se}' skill: "), format!("{sz}的技能："))
                }
                None => (format!("{} ", seat_name(*seat)), seat_name(*seat)),
            };
            let mut cards = vec![cref(card)];
            cards.extend(source.iter().map(|c| cref(c)));
            if source.is_some() {
                (
                    EventKind::Action,
                    format!("{whe}{ne} returned to {}'s hand (attack reset to 0)", seat_name(*to)),
                    format!("{whz}{nz}返回{}的手牌（攻击力归零）", seat_name(*to)),
                    cards,
                )
            } else if *to == *seat && parse_card(card).map(crate::card::owner) == Some(*seat) {
                let (pe, pz) = plain(card);
                (
                    EventKind::Action,
                    format!("{whe}returned {pe} to hand (attack reset to 0)"),
                    format!("{whz}将{pz}返回手牌（攻击力归零）"),
                    cards,
                )
            } else {
                (
                    EventKind::Action,
                    format!("{whe}returned {ne} to {}'s hand (attack reset to 0)", seat_name(*to)),
                    format!("{whz}将{nz}返回{}的手牌（攻击力归零）", seat_name(*to)),
                    cards,
                )
            }
        }
        Lineup { seat, row } => {
            let names: Vec<_> = row.iter().map(|c| plain(c)).collect();
            let (ne, nz) = join(&names);
            (
                EventKind::Action,
                format!("{} lined up the row, left to right: {ne}", seat_name(*seat)),
                format!("{}排定阵列（从左到右）：{nz}", seat_name(*seat)),
                row.iter().map(|c| cref(c)).collect(),
            )
        }
        SkillUsed { seat, card, arg, cost } => {
            let (ne, nz) = plain(card);
            let (ce, cz) = cost_text(cost);
            let mut cards = vec![cref(card)];
            let (ae, az) = match arg_of(arg) {
                SkillArg::None => (String::new(), String::new()),
                SkillArg::X(x) => (format!(" with X = {x}"), format!("（X = {x}）")),
                SkillArg::Suit(s) => (format!(" on {}", SUIT_EN[s as usize]), format!("（{}）", SUIT_ZH[s as usize])),
                SkillArg::Suits(a, b) => (
                    format!(" untapping {} and {}", SUIT_EN[a as usize], SUIT_EN[b as usize]),
                    format!("（复原{}和{}）", SUIT_ZH[a as usize], SUIT_ZH[b as usize]),
                ),
                SkillArg::Card(t) => {
                    cards.push(cr(t));
                    let (te, tz) = owned(&card_code(t));
                    (format!(" on {te}"), format!("，目标：{tz}"))
                }
                SkillArg::Cards(a, b) => {
                    cards.push(cr(a));
                    cards.push(cr(b));
                    let (ae, az) = owned(&card_code(a));
                    let (be, bz) = owned(&card_code(b));
                    (format!(" on {ae} and {be}"), format!("，目标：{az}和{bz}"))
                }
            };
            (
                EventKind::Action,
                format!("{} used {ne}' skill{ae}, tapping {ce}", seat_name(*seat)),
                format!("{}横置{cz}，发动{nz}的技能{az}", seat_name(*seat)),
                cards,
            )
        }
        Weakened { source, cards } => {
            let (se, sz) = plain(source);
            let names: Vec<_> = cards.iter().map(|c| owned(c)).collect();
            let (ne, nz) = if names.is_empty() {
                ("no character is on the field".to_string(), "场上没有人物牌".to_string())
            } else {
                join(&names)
            };
            let mut refs = vec![cref(source)];
            refs.extend(cards.iter().map(|c| cref(c)));
            (
                EventKind::Damage,
                format!("{se}' skill: every field character loses 2 attack (minimum 0): {ne}"),
                format!("{sz}的技能：双方场上人物牌攻击力降低两点（最低为0）：{nz}"),
                refs,
            )
        }
        Stolen { seat, card, source } => {
            let (ne, nz) = owned(card);
            let (se, sz) = plain(source);
            (
                EventKind::Action,
                format!("{se}' skill: {ne} moves to {}'s field, keeping its attack", seat_name(*seat)),
                format!("{sz}的技能：{nz}被置于{}的场上", seat_name(*seat)),
                vec![cref(card), cref(source)],
            )
        }
        ExtraAttack { card, source } => {
            let (ne, nz) = owned(card);
            let (se, sz) = plain(source);
            (
                EventKind::Info,
                format!("{se}' skill: {ne} may attack once more this combat"),
                format!("{sz}的技能：{nz}本回合战斗阶段攻击次数+1"),
                vec![cref(card), cref(source)],
            )
        }
        BonusReady { card } => {
            let (ne, nz) = owned(card);
            (
                EventKind::Info,
                format!("{ne}' skill: after it attacks a character and survives, it may attack resources once more"),
                format!("{nz}的技能：攻击对方人物牌并存活后，可以再攻击一次对方资源区的牌"),
                vec![cref(card)],
            )
        }
        CapLowered { seat, suit, cap, source } => {
            let (_, sp, sz) = suit_names(suit);
            let (se, szn) = plain(source);
            (
                EventKind::Info,
                format!("{se}' skill: {}'s cap on {sp} falls to {cap}", seat_name(*seat)),
                format!("{szn}的技能：{}的{sz}上限降为{cap}", seat_name(*seat)),
                vec![cref(source)],
            )
        }
        Buffed { seat, card, amount, atk } => {
            let (ne, nz) = plain(card);
            let (ce, cz) = count_of(*amount, SWORDS);
            (
                EventKind::Damage,
                format!("{} tapped {ce}: {ne} gains +{amount} attack (now {atk})", seat_name(*seat)),
                format!("{}横置{cz}：{nz}攻击力+{amount}（现为{atk}）", seat_name(*seat)),
                vec![cref(card)],
            )
        }
        AttackDeclared { seat, attacker, atk, defender, defender_atk, suit, bonus } => {
            let (ae, az) = plain(attacker);
            let (be, bz) = if *bonus { ("bonus ", "额外") } else { ("", "") };
            match (defender, suit) {
                (Some(d), _) => {
                    let (de, dz) = owned(d);
                    (
                        EventKind::Action,
                        format!("{}'s {ae} (attack {atk}) attacks {de} (attack {defender_atk})", seat_name(*seat)),
                        format!("{}的{az}（攻击力{atk}）进攻{dz}（攻击力{defender_atk}）", seat_name(*seat)),
                        vec![cref(attacker), cref(d)],
                    )
                }
                (None, s) => {
                    let (_, sp, sz) = suit_names(s.as_deref().unwrap_or("P"));
                    (
                        EventKind::Action,
                        format!(
                            "{}'s {ae} makes a {be}resource attack on {}'s {sp} (attack {atk})",
                            seat_name(*seat),
                            seat_name(1 - *seat)
                        ),
                        format!(
                            "{}的{az}对{}的{sz}发动{bz}资源攻击（攻击力{atk}）",
                            seat_name(*seat),
                            seat_name(1 - *seat)
                        ),
                        vec![cref(attacker)],
                    )
                }
            }
        }
        CombatResult { attacker, atk, defender, defender_atk, died } => {
            let (ae, az) = owned(attacker);
            let (de, dz) = owned(defender);
            let dead: Vec<_> = died.iter().map(|c| owned(c)).collect();
            let (xe, xz) = join(&dead);
            let (ve, vz) = match atk.cmp(defender_atk) {
                std::cmp::Ordering::Greater => (
                    format!("{ae} ({atk}) beat {de} ({defender_atk})"),
                    format!("{az}（{atk}）击败{dz}（{defender_atk}）"),
                ),
                std::cmp::Ordering::Less => (
                    format!("{ae} ({atk}) lost to {de} ({defender_atk})"),
                    format!("{az}（{atk}）不敌{dz}（{defender_atk}）"),
                ),
                std::cmp::Ordering::Equal => {
                    (format!("{ae} and {de} tied at {atk}"), format!("{az}与{dz}攻击力相同（{atk}）"))
                }
            };
            let verb =
                if died.len() == 1 { "died in combat and was discarded" } else { "died in combat and were discarded" };
            let mut refs = vec![cref(attacker), cref(defender)];
            refs.extend(died.iter().map(|c| cref(c)));
            (EventKind::Death, format!("{ve}: {xe} {verb}"), format!("{vz}：{xz}在战斗中阵亡，被弃置"), refs)
        }
        ResourcesDiscarded { seat, suit, count, untapped, reason } => {
            let s = parse_suit(suit).unwrap_or(0);
            let (ce, cz) = count_of(*count, s);
            let (re, rz) = reason_text(reason);
            let (ue, uz) = if *count == 1 {
                let t = if *untapped == 1 { ("untapped", "未横置") } else { ("tapped", "横置") };
                (t.0.to_string(), t.1.to_string())
            } else if *untapped == 0 {
                ("all tapped".into(), "均为横置".into())
            } else if untapped == count {
                ("all untapped".into(), "均未横置".into())
            } else {
                (format!("{untapped} untapped, {} tapped", count - untapped), format!("其中{untapped}张未横置"))
            };
            (
                EventKind::Damage,
                format!("{} discarded {ce} to the pile ({ue}) for {re}", seat_name(*seat)),
                format!("{}因{rz}将{cz}弃回牌堆（{uz}）", seat_name(*seat)),
                vec![],
            )
        }
        CharacterDiscarded { seat, card, from_hand, reason } => {
            let (ne, nz) = owned(card);
            let (re, rz) = reason_text(reason);
            let (fe, fz) = if *from_hand { ("hand", "手牌") } else { ("field", "场上") };
            let king = parse_card(card).is_some_and(|c| rank(c) == KING);
            let (ke, kz) = if king {
                (
                    format!(" — the King is gone, {} loses", seat_name(*seat)),
                    format!("——国王被弃置，{}落败", seat_name(*seat)),
                )
            } else {
                (String::new(), String::new())
            };
            (
                EventKind::Death,
                format!("{} discarded {ne} from {fe} for {re}{ke}", seat_name(*seat)),
                format!("{}因{rz}从{fz}弃置{nz}{kz}", seat_name(*seat)),
                vec![cref(card)],
            )
        }
    };
    let mut t = EventText::new(kind, Label::new(en, zh));
    t.cards = cards;
    t
}

fn arg_of(text: &str) -> SkillArg {
    if text.is_empty() {
        return SkillArg::None;
    }
    match format!("act=QS:{text}").parse::<FateAction>() {
        Ok(FateAction::Activate(_, a)) => a,
        _ => SkillArg::None,
    }
}

/// The cards an action names (for the log line of a plain `Action` event).
fn meta_cards(g: &FateGame, a: &FateAction) -> Vec<CardRef> {
    let m = action_meta(g, a);
    m.subject.into_iter().chain(m.targets).filter(|c| c.card.is_some()).collect()
}

/// How the game ended, in words.
pub(crate) fn outcome_label(o: &Outcome) -> Label {
    let r = o.reason.as_str();
    match o.winners.first() {
        Some(w) => {
            let l = 1 - w.0;
            Label::new(
                format!("{} wins: {}'s King was discarded", seat_name(w.0), seat_name(l)),
                format!("{}获胜：{}的国王被弃置", seat_name(w.0), seat_name(l)),
            )
        }
        None if r.contains("R-END1") => {
            Label::new("Draw: both Kings were discarded at once", "平局：双方国王同时被弃置")
        }
        None if r.contains("R-END2") => Label::new("Draw: the ply limit was reached", "平局：达到回合上限"),
        None if r.contains("R-END3") => Label::new(
            "Draw: the same turn-start position occurred again (repetition)",
            "平局：同一回合开始局面重复出现",
        ),
        None if r.contains("R-END4") => {
            Label::new("Draw: too many plies passed with no character discarded", "平局：连续多个回合没有人物牌被弃置")
        }
        None => Label::new(format!("Draw: {r}"), format!("平局：{r}")),
    }
}

/// The edge card an attack on `t` aims at, for the attacking seat `actor`.
fn edge(g: &FateGame, actor: u8, t: Target) -> Option<Card> {
    let row = g.players[1 - actor as usize].row();
    match t {
        Target::Left => row.first().copied(),
        Target::Right => row.last().copied(),
        Target::Suit(_) => None,
    }
}

/// What an action is and which cards it names.
pub(crate) fn action_meta(g: &FateGame, a: &FateAction) -> ActionMeta {
    use FateAction::*;
    let answers = g.prompt_id();
    let actor = g.to_act().unwrap_or(g.ap);
    let rules = |c: Card| CardRef::of_card(card_code(c));
    match *a {
        ChooseKing(s) => ActionMeta::of(ActionKind::Setup).subject(rules(card(actor, s, KING))).answers(answers),
        ChooseQueen(s) => ActionMeta::of(ActionKind::Setup).subject(rules(card(actor, s, QUEEN))).answers(answers),
        ChooseComposition(..) => ActionMeta::of(ActionKind::Setup).answers(answers),
        ChooseKnights(m) | ChoosePages(m) => {
            let r = if matches!(a, ChooseKnights(_)) { KNIGHT } else { crate::card::PAGE };
            let mut meta = ActionMeta::of(ActionKind::Setup).answers(answers);
            for s in 0..4u8 {
                if m & (1 << s) != 0 {
                    meta = meta.target(rules(card(actor, s, r)));
                }
            }
            meta
        }
        UntapPentacles(_) | UntapWands(_) | UntapCups(_) | UntapSwords(_) => {
            ActionMeta::of(ActionKind::Choose).answers(answers)
        }
        Draw(_) => ActionMeta::of(ActionKind::Choose).answers(answers),
        EndDraw | EndMain | DoneBuffing | EndCombat | DeclineBonus => ActionMeta::of(ActionKind::Pass),
        Play(c) => ActionMeta::of(ActionKind::Play).subject(cr(c)),
        Return(c) => ActionMeta::of(ActionKind::Move).subject(cr(c)),
        Activate(c, arg) => {
            let m = ActionMeta::of(ActionKind::Activate).subject(cr(c));
            match arg {
                SkillArg::Card(t) => m.target(cr(t)),
                SkillArg::Cards(x, y) => m.target(cr(x)).target(cr(y)),
                _ => m,
            }
        }
        PlaceNext(c) => ActionMeta::of(ActionKind::Move).subject(cr(c)).answers(answers),
        Buff(c) => ActionMeta::of(ActionKind::Target).target(cr(c)).answers(answers),
        Attack(c, t) => {
            let m = ActionMeta::of(ActionKind::Attack).subject(cr(c));
            match edge(g, actor, t) {
                Some(d) => m.target(cr(d)),
                None => m,
            }
        }
        StandDown(c) => ActionMeta::of(ActionKind::Pass).subject(cr(c)),
        BonusAttack(_) => ActionMeta::of(ActionKind::Attack).subject(cr(g.bonus_card)).answers(answers),
        Split(_) => ActionMeta::of(ActionKind::Choose).answers(answers),
        HandDiscard(c) | QosVictim(c) => ActionMeta::of(ActionKind::Target).target(cr(c)).answers(answers),
        Koc(KocOption::Return(c)) | Koc(KocOption::Hand(c)) => {
            ActionMeta::of(ActionKind::Choose).target(cr(c)).answers(answers)
        }
        Koc(KocOption::Cup) => ActionMeta::of(ActionKind::Choose).answers(answers),
        KopDraw(_) => ActionMeta::of(ActionKind::Choose).answers(answers),
    }
}

impl FateGame {
    /// The id of the current decision's prompt.
    pub(crate) fn prompt_id(&self) -> &'static str {
        if let Some(top) = self.pending_top() {
            return match top {
                Pending::Split { .. } => "resource_split",
                Pending::HandDiscard { .. } => "hand_discard",
                Pending::KocChoice { .. } => "king_of_cups_choice",
                Pending::QosVictim { .. } => "queen_of_swords_victim",
                Pending::SwordRec { .. } => "sword_recovery",
                Pending::KopDraw { .. } => "king_of_pentacles_draw",
                Pending::KopSuits { .. } => "king_of_pentacles",
            };
        }
        match self.step {
            Step::Setup => match self.players[self.actor as usize].setup_stage {
                0 => "setup_king",
                1 => "setup_queen",
                2 => "setup_composition",
                3 => "setup_knights",
                _ => "setup_pages",
            },
            Step::TsPent => "pentacle_recovery",
            Step::TsWand => "wand_recovery",
            Step::Draw => "draw",
            Step::Main => "main",
            Step::Lineup => "lineup",
            Step::Buff if self.actor != self.ap => "defensive_buff",
            Step::Buff => "buff",
            Step::Attacks => "attack",
            Step::Bonus => "knight_of_swords_bonus",
            Step::EndCups => "cup_recovery",
            _ => "wait",
        }
    }
}

/// What the seat to act decides now.
pub(crate) fn prompt(g: &FateGame) -> Option<Prompt> {
    let actor = g.to_act()?;
    let id = g.prompt_id();
    let me = seat_name(actor);
    let ap = g.ap;
    let apn = seat_name(ap);
    let p = |en: String, zh: String| Prompt::new(id, Label::new(en, zh));
    if let Some(top) = g.pending_top() {
        return Some(match top {
            Pending::Split { victim, suit: s, m, ctx } => {
                let (ce, cz) = count_of(m, s);
                let (lo, hi) = g.split_range(victim, s, m);
                let range = (format!("{lo} to {hi}"), format!("{lo}到{hi}"));
                match ctx {
                    SplitCtx::Attack { short, by } => {
                        let src = by.filter(|&c| g.controller(c).is_some());
                        let (ne, nz) = src.map(|c| (format!("{}' ", card_name_en(c)), format!("{}的", card_name_zh(c)))).unwrap_or_default();
                        let (she, shz) = if short > 0 {
                            (format!("; then {short} card(s) from your hand"), format!("；之后还需从手牌弃置{short}张"))
                        } else {
                            (String::new(), String::new())
                        };
                        let pr = p(
                            format!("{apn}'s {ne}resource attack: you discard {ce}{she} — choose how many of them are untapped ({})", range.0),
                            format!("{apn}的{nz}资源攻击：你需弃置{cz}{shz}——选择其中未横置的张数（{}）", range.1),
                        );
                        match src {
                            Some(c) => pr.source(cr(c)),
                            None => pr,
                        }
                    }
                    SplitCtx::Kop => {
                        let src = card(ap, PENTACLES, KING);
                        p(
                            format!("{}' skill: you discard {ce} — choose whether it is untapped (an untapped one lets {apn} draw one)", card_name_en(src)),
                            format!("{}的技能：你需弃置{cz}——选择是否弃置未横置的牌（弃置未横置的牌会让{apn}抽一张同花色的牌）", card_name_zh(src)),
                        )
                        .source(cr(src))
                    }
                    SplitCtx::Kos => {
                        let src = g.players[victim as usize]
                            .cap_effects()
                            .iter()
                            .rev()
                            .find(|e| e.suit == s)
                            .map(|e| e.source)
                            .unwrap_or(card(ap, SWORDS, KING));
                        let cap = g.players[victim as usize].cap(s);
                        let pr = p(
                            format!("{}' skill: your {} cap is now {cap}; you discard the excess {ce} — choose how many of them are untapped ({})", card_name_en(src), SUIT_EN[s as usize], range.0),
                            format!("{}的技能：你的{}上限降为{cap}，需弃置超出的{cz}——选择其中未横置的张数（{}）", card_name_zh(src), SUIT_ZH[s as usize], range.1),
                        );
                        if g.controller(src).is_some() {
                            pr.source(cr(src))
                        } else {
                            pr.source(CardRef::of_card(card_code(src)))
                        }
                    }
                }
            }
            Pending::HandDiscard { left, .. } => p(
                format!("{apn}'s resource attack: your resources fall short — choose a card to discard from your hand ({left} left)"),
                format!("{apn}的资源攻击：你的资源不足——选择一张手牌弃置（还需{left}张）"),
            )
            .picks_left(left as u32),
            Pending::KocChoice { left, .. } => {
                let src = card(ap, CUPS, KING);
                let n = 3 - left;
                p(
                    format!("{}' skill, choice {n} of 2: return one of your field characters to hand, discard an untapped Cup, or discard a card from your hand", card_name_en(src)),
                    format!("{}的技能，第{n}次选择（共两次）：将一张场上人物牌返回手牌、弃置一张未横置的圣杯，或弃置一张手牌", card_name_zh(src)),
                )
                .source(cr(src))
                .picks_left(left as u32)
            }
            Pending::QosVictim { rank: r, any_higher, .. } => {
                let src = card(ap, SWORDS, QUEEN);
                let (re, rz) = if any_higher {
                    (format!("a {} or higher", RANK_EN[r as usize]), format!("{}或更高阶的人物牌", RANK_ZH[r as usize]))
                } else {
                    (format!("a {}", RANK_EN[r as usize]), format!("一张{}", RANK_ZH[r as usize]))
                };
                p(
                    format!("{}' skill: choose {re} to discard from your field or hand", card_name_en(src)),
                    format!("{}的技能：从你的场上或手牌中选择{rz}弃置", card_name_zh(src)),
                )
                .source(cr(src))
            }
            Pending::SwordRec { count, .. } => {
                let max = count.min(g.players[actor as usize].t[SWORDS as usize]);
                p(
                    format!("Sword recovery: characters were discarded — untap up to {max} of your tapped Swords"),
                    format!("宝剑复原：有人物牌被弃置——最多复原{max}张横置的宝剑"),
                )
            }
            Pending::KopDraw { suit: s } => {
                let src = card(ap, PENTACLES, KING);
                p(
                    format!("{}' skill: the opponent discarded an untapped {} — take one from your pile onto the field?", card_name_en(src), SUIT_ONE_EN[s as usize]),
                    format!("{}的技能：对方弃置了一张未横置的{}——是否从牌库抽一张置于场上？", card_name_zh(src), SUIT_ZH[s as usize]),
                )
                .source(cr(src))
            }
            Pending::KopSuits { .. } => {
                let src = card(ap, PENTACLES, KING);
                p(
                    format!("{}' skill is resolving", card_name_en(src)),
                    format!("{}的技能结算中", card_name_zh(src)),
                )
                .source(cr(src))
            }
        });
    }
    let pl = &g.players[actor as usize];
    let secret =
        !g.opts.open_hands || g.opts.setup_protocol == crate::options::SetupProtocol::SimultaneousSecretThenReveal;
    Some(match g.step {
        Step::Setup => match pl.setup_stage {
            0 => p(
                format!("Setup ({me}): choose your King, free of cost"),
                format!("开局（{me}）：选择一张国王加入手牌（免费）"),
            ),
            1 => p(
                format!("Setup ({me}): choose your Queen, free of cost"),
                format!("开局（{me}）：选择一张皇后加入手牌（免费）"),
            ),
            2 => p(
                format!("Setup ({me}): spend 8 points — choose how many Knights (2 points each) and Pages (1 point each) to take"),
                format!("开局（{me}）：花费八点资源值——选择骑士（每张2点）和侍卫（每张1点）的数量"),
            ),
            // The prompt may be shown to everyone: under a secret setup it does not say how many.
            3 if secret => p(
                format!("Setup ({me}): choose the suits of your Knights"),
                format!("开局（{me}）：选择骑士的花色"),
            ),
            3 => p(
                format!("Setup ({me}): choose the suits of your {} Knight(s)", pl.comp.0),
                format!("开局（{me}）：选择{}张骑士的花色", pl.comp.0),
            ),
            _ if secret => p(
                format!("Setup ({me}): choose the suits of your Pages"),
                format!("开局（{me}）：选择侍卫的花色"),
            ),
            _ => p(
                format!("Setup ({me}): choose the suits of your {} Page(s)", pl.comp.1),
                format!("开局（{me}）：选择{}张侍卫的花色", pl.comp.1),
            ),
        },
        Step::TsPent => p(
            format!("Turn start: untap up to {} of your tapped Pentacles (Pentacle recovery)", g.budget),
            format!("回合开始：最多复原{}张横置的星币（星币复原）", g.budget),
        ),
        Step::TsWand => p(
            format!("Turn start: untap up to {} of your tapped Wands, one per character not attacked or buffed last turn", g.budget),
            format!("回合开始：最多复原{}张横置的权杖（上回合每有一张没有被动行为的人物牌复原一张）", g.budget),
        ),
        Step::EndCups => p(
            format!("End phase: untap up to {} of your tapped Cups, one per character that neither attacked nor used a skill", g.budget),
            format!("结束阶段：最多复原{}张横置的圣杯（每有一张本回合没有主动行为的人物牌复原一张）", g.budget),
        ),
        Step::Draw => {
            let left = g.budget.min(pl.u[PENTACLES as usize]);
            p(
                format!("Draw phase: tap a Pentacle to fetch a resource card of a suit onto the field, or end the draw ({left} left)"),
                format!("抽牌阶段：横置一张星币，从牌堆选择一张资源牌置于场上，或结束抽牌（还剩{left}次）"),
            )
            .picks_left(left as u32)
        }
        Step::Main => p(
            format!("Main phase ({me}): play a character from hand, use a skill, return a character to hand, or end the phase"),
            format!("主要阶段（{me}）：打出人物牌、发动技能、将人物牌返回手牌，或结束主要阶段"),
        ),
        Step::Lineup => {
            let pos = g.cursor as u32 + 1;
            let left = (pl.row_len as u32).saturating_sub(g.cursor as u32 + 1);
            p(
                format!("Lineup: choose the character for position {pos} of your row, from the left (edges are attacked first)"),
                format!("排阵：从左起选择第{pos}个位置的人物牌（边缘的牌先受到攻击）"),
            )
            .picks_left(left)
        }
        Step::Buff if actor != ap => p(
            format!("Defensive buff ({me}): tap Swords to add attack to your characters before {apn} attacks, or finish"),
            format!("防守加攻（{me}）：在{apn}进攻前横置宝剑为你的人物牌增加攻击力，或结束"),
        ),
        Step::Buff => p(
            format!("Combat ({me}): tap Swords to add +1 attack each to your characters before attacking, or finish"),
            format!("战斗阶段（{me}）：进攻前横置宝剑，每张为你的人物牌增加一点攻击力，或结束"),
        ),
        Step::Attacks => p(
            format!("Attacks ({me}): attack with an edge character of your standing row, stand one down, or end combat"),
            format!("进攻（{me}）：派出阵列边缘的人物牌进攻、让其不再进攻，或结束战斗"),
        ),
        Step::Bonus => {
            let c = g.bonus_card;
            p(
                format!("{}' skill: it hit a character and survived — make a bonus resource attack on a suit, or decline", card_name_en(c)),
                format!("{}的技能：它攻击人物牌并存活——可以对一个花色发动额外资源攻击，或放弃", card_name_zh(c)),
            )
            .source(cr(c))
            .picks_left(g.cards[c as usize].skn_bonus as u32)
        }
        _ => p(format!("{me} to act"), format!("{me}行动")),
    })
}
