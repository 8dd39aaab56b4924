//! What one viewer may know (`FateView`), the terminal board, and action labels (en/zh).

use crate::action::{FateAction, KocOption, SkillArg, Target};
use crate::card::{card_code, card_name_en, card_name_zh, cards_of, owned_by, Card, SUIT_EN, SUIT_LETTERS, SUIT_ZH};
use crate::state::{End, FateGame, Pending, SplitCtx, Step, F_ACTED, F_AFFECTED};
use engine::{Label, Viewer};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SuitView {
    pub suit: String,
    pub untapped: u8,
    pub tapped: u8,
    pub cap: u8,
    pub pile: u8,
}

/// A card named by the view outside a row or hand (set aside, eliminated): its instance `id`
/// and catalogue key `card` (the same code, e.g. `QS`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardIdView {
    pub id: String,
    pub card: String,
}

impl CardIdView {
    fn of(c: Card) -> Self {
        CardIdView { id: card_code(c), card: card_code(c) }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardView {
    /// The instance id (actions, prompts and log lines name the card by it): the card's code.
    pub id: String,
    /// The catalogue key: the card's code (`QS` = P1's Queen of Swords, `nc` = P2's Knight of Cups).
    pub card: String,
    pub atk: u16,
    pub acted: bool,
    pub affected: bool,
    pub attacks_used: u8,
    pub extra_attacks: u8,
    pub skn_bonus: u8,
    /// SIMULTANEOUS_HIDDEN buffs not yet revealed (shown only to their owner).
    pub hidden_buff: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub seat: u8,
    pub resources: Vec<SuitView>,
    /// King of Swords cap reductions on this player: `suit:source:expiry`.
    pub cap_effects: Vec<String>,
    pub row: Vec<CardView>,
    /// Hand cards this viewer may see.
    pub hand: Vec<CardView>,
    /// Hand cards this viewer may not see (`openHands` = false); null while hidden setup
    /// choices are being made.
    pub hand_hidden: Option<u8>,
    /// Court cards set aside at setup, when visible.
    pub aside: Option<Vec<String>>,
    /// The same as card objects (`id`, `card`), when visible.
    pub aside_cards: Option<Vec<CardIdView>>,
    pub setup_stage: u8,
    /// (Knights, Pages) chosen at setup, when visible.
    pub composition: Option<[u8; 2]>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FateView {
    pub viewer: String,
    pub ply: u32,
    pub ply_limit: u32,
    pub first: u8,
    pub active: u8,
    pub step: String,
    pub to_act: Option<u8>,
    pub result: Option<String>,
    pub winner: Option<u8>,
    /// Decisions waiting, top first.
    pub pending: Vec<String>,
    /// Draw phase: picks left; manual recovery: the allowance.
    pub budget: u8,
    pub players: Vec<PlayerView>,
    pub eliminated: Vec<String>,
    /// The same as card objects (`id`, `card`).
    pub eliminated_cards: Vec<CardIdView>,
    pub plies_since_progress: u32,
}

pub(crate) fn step_name(s: Step) -> &'static str {
    match s {
        Step::Setup => "setup",
        Step::TurnStart => "turn_start",
        Step::TsPent => "pentacle_recovery",
        Step::TsWand => "wand_recovery",
        Step::Draw => "draw",
        Step::Main => "main",
        Step::Lineup => "lineup",
        Step::CombatStart => "combat_start",
        Step::Buff => "buff",
        Step::Attacks => "attacks",
        Step::Bonus => "bonus",
        Step::EndPhase => "end",
        Step::EndCups => "cup_recovery",
        Step::EndTurn => "end_turn",
        Step::Over => "over",
    }
}

fn pending_text(p: &Pending) -> String {
    let s = |x: u8| SUIT_LETTERS[x as usize];
    match *p {
        Pending::Split { victim, suit, m, ctx } => {
            let why = match ctx {
                SplitCtx::Attack { .. } => "resource attack",
                SplitCtx::Kop => "King of Pentacles",
                SplitCtx::Kos => "King of Swords cap",
            };
            format!("P{} discards {} {} ({why}): choose how many untapped", victim + 1, m, s(suit))
        }
        Pending::HandDiscard { victim, left, .. } => format!("P{} discards {left} card(s) from hand", victim + 1),
        Pending::KocChoice { victim, left, .. } => format!("P{} makes {left} King of Cups choice(s)", victim + 1),
        Pending::QosVictim { victim, rank, .. } => {
            format!("P{} discards a {} (Queen of Swords)", victim + 1, crate::card::RANK_EN[rank as usize])
        }
        Pending::SwordRec { player, count } => format!("P{} may untap up to {count} Sword(s)", player + 1),
        Pending::KopDraw { suit } => format!("King of Pentacles: take a {}?", s(suit)),
        Pending::KopSuits { .. } => "King of Pentacles resolving".into(),
    }
}

impl FateView {
    pub(crate) fn of(g: &FateGame, viewer: Viewer) -> FateView {
        let card_view = |c: Card, show_hidden: bool| {
            let cs = &g.cards[c as usize];
            CardView {
                id: card_code(c),
                card: card_code(c),
                atk: cs.atk,
                acted: cs.flags & F_ACTED != 0,
                affected: cs.flags & F_AFFECTED != 0,
                attacks_used: cs.attacks_used,
                extra_attacks: cs.extra_attacks,
                skn_bonus: cs.skn_bonus,
                hidden_buff: if show_hidden { cs.hidden_buff } else { 0 },
            }
        };
        let players = (0..2u8)
            .map(|p| {
                let pl = &g.players[p as usize];
                let hidden = g.hidden_for(viewer, p);
                let setup_secret = hidden && g.step == Step::Setup;
                let sees_hidden_buffs = matches!(viewer, Viewer::Omniscient) || viewer == Viewer::Seat(engine::Seat(p));
                let visible_hand = if hidden { pl.hand & pl.known } else { pl.hand };
                PlayerView {
                    seat: p,
                    resources: (0..4u8)
                        .map(|s| SuitView {
                            suit: SUIT_LETTERS[s as usize].to_string(),
                            untapped: pl.u[s as usize],
                            tapped: pl.t[s as usize],
                            cap: pl.cap(s),
                            pile: 10u8.saturating_sub(pl.n(s)),
                        })
                        .collect(),
                    cap_effects: pl
                        .cap_effects()
                        .iter()
                        .map(|e| format!("{}:{}:{}", SUIT_LETTERS[e.suit as usize], card_code(e.source), e.expires))
                        .collect(),
                    row: pl.row().iter().map(|&c| card_view(c, sees_hidden_buffs)).collect(),
                    hand: if setup_secret {
                        vec![]
                    } else {
                        cards_of(visible_hand).map(|c| card_view(c, false)).collect()
                    },
                    hand_hidden: if setup_secret { None } else { Some((pl.hand & !visible_hand).count_ones() as u8) },
                    aside: if hidden { None } else { Some(cards_of(g.aside & owned_by(p)).map(card_code).collect()) },
                    aside_cards: if hidden {
                        None
                    } else {
                        Some(cards_of(g.aside & owned_by(p)).map(CardIdView::of).collect())
                    },
                    setup_stage: pl.setup_stage,
                    composition: if hidden || pl.setup_stage < 3 { None } else { Some([pl.comp.0, pl.comp.1]) },
                }
            })
            .collect();
        FateView {
            viewer: viewer.to_string(),
            ply: g.ply,
            ply_limit: g.opts.ply_limit,
            first: g.first,
            active: g.ap,
            step: step_name(g.step).to_string(),
            to_act: g.to_act(),
            result: g.outcome().map(|o| o.reason),
            winner: if let End::Win(p) = g.end { Some(p) } else { None },
            pending: (0..g.n_pending as usize).rev().map(|i| pending_text(&g.pending[i])).collect(),
            budget: g.budget,
            players,
            eliminated: cards_of(g.elim).map(card_code).collect(),
            eliminated_cards: cards_of(g.elim).map(CardIdView::of).collect(),
            plies_since_progress: g.plies_since_progress,
        }
    }
}

fn flags_text(c: &CardView) -> String {
    let mut s = String::new();
    if c.atk > 0 {
        s += &format!("{}", c.atk);
    }
    if c.acted {
        s.push('*');
    }
    if c.affected {
        s.push('!');
    }
    if c.hidden_buff > 0 {
        s += &format!("(+{})", c.hidden_buff);
    }
    s
}

/// The board as text (both rows, resources u/t/cap per suit, hands, piles, step, ply).
pub(crate) fn render(g: &FateGame, viewer: Viewer) -> String {
    let v = FateView::of(g, viewer);
    let mut out = String::new();
    out += &format!(
        "Fate Deduction — ply {}/{}  active P{}  step {}  viewer {}\n",
        v.ply,
        v.ply_limit,
        v.active + 1,
        v.step,
        v.viewer
    );
    for p in &v.players {
        let res: Vec<String> = p
            .resources
            .iter()
            .map(|r| format!("{} {}/{} cap{} pile{}", r.suit, r.untapped, r.tapped, r.cap, r.pile))
            .collect();
        out += &format!("P{}  {}\n", p.seat + 1, res.join(" | "));
        let row: Vec<String> = p.row.iter().map(|c| format!("{}{}", c.card, flags_text(c))).collect();
        out += &format!("    row : [{}]\n", row.join(" "));
        let mut hand: Vec<String> = p.hand.iter().map(|c| c.card.clone()).collect();
        match p.hand_hidden {
            Some(0) => {}
            Some(n) => hand.push(format!("+{n} hidden")),
            None => hand.push("(choosing in secret)".into()),
        }
        out += &format!("    hand: {}\n", hand.join(" "));
        if !p.cap_effects.is_empty() {
            out += &format!("    caps: {}\n", p.cap_effects.join(" "));
        }
        if p.setup_stage < 5 {
            out += &format!("    setup stage {}/5\n", p.setup_stage);
        }
    }
    if !v.eliminated.is_empty() {
        out += &format!("eliminated: {}\n", v.eliminated.join(" "));
    }
    for p in &v.pending {
        out += &format!("pending: {p}\n");
    }
    match (&v.result, v.to_act) {
        (Some(r), _) => {
            out += &format!("game over: {r}{}\n", v.winner.map(|w| format!(", P{} wins", w + 1)).unwrap_or_default())
        }
        (None, Some(s)) => out += &format!("P{} to act\n", s + 1),
        _ => {}
    }
    out
}

fn suit_label(s: u8) -> (&'static str, &'static str) {
    (SUIT_EN[s as usize], SUIT_ZH[s as usize])
}

/// English and Chinese text for an action.
pub(crate) fn label(a: &FateAction) -> Label {
    use FateAction::*;
    let mask = |m: u8, zh: bool| -> String {
        (0..4u8)
            .filter(|s| m & (1 << s) != 0)
            .map(|s| if zh { SUIT_ZH[s as usize].to_string() } else { SUIT_EN[s as usize].to_string() })
            .collect::<Vec<_>>()
            .join(if zh { "、" } else { ", " })
    };
    let (en, zh) = match *a {
        ChooseKing(s) => (format!("Choose the King of {}", suit_label(s).0), format!("选择{}国王", suit_label(s).1)),
        ChooseQueen(s) => (format!("Choose the Queen of {}", suit_label(s).0), format!("选择{}皇后", suit_label(s).1)),
        ChooseComposition(k, p) => (format!("Take {k} Knights and {p} Pages"), format!("选择{k}张骑士和{p}张侍卫")),
        ChooseKnights(m) => (format!("Knights: {}", mask(m, false)), format!("骑士：{}", mask(m, true))),
        ChoosePages(m) => (format!("Pages: {}", mask(m, false)), format!("侍卫：{}", mask(m, true))),
        UntapPentacles(k) => (format!("Untap {k} Pentacles"), format!("复原{k}张星币")),
        UntapWands(k) => (format!("Untap {k} Wands"), format!("复原{k}张权杖")),
        UntapCups(k) => (format!("Untap {k} Cups"), format!("复原{k}张圣杯")),
        UntapSwords(k) => (format!("Untap {k} Swords"), format!("复原{k}张宝剑")),
        Draw(s) => (format!("Draw a {} resource", suit_label(s).0), format!("抽一张{}资源牌", suit_label(s).1)),
        EndDraw => ("End the draw phase".into(), "结束抽牌阶段".into()),
        Play(c) => (format!("Play the {}", card_name_en(c)), format!("打出{}", card_name_zh(c))),
        Return(c) => (format!("Return the {} to hand", card_name_en(c)), format!("将{}返回手牌", card_name_zh(c))),
        Activate(c, arg) => {
            let (ae, az) = match arg {
                SkillArg::None => (String::new(), String::new()),
                SkillArg::X(x) => (format!(" with X = {x}"), format!("（X = {x}）")),
                SkillArg::Suit(s) => (format!(" on {}", suit_label(s).0), format!("（{}）", suit_label(s).1)),
                SkillArg::Suits(x, y) => (
                    format!(" untapping {} and {}", suit_label(x).0, suit_label(y).0),
                    format!("（复原{}和{}）", suit_label(x).1, suit_label(y).1),
                ),
                SkillArg::Card(t) => {
                    (format!(" targeting the {}", card_name_en(t)), format!("（目标：{}）", card_name_zh(t)))
                }
                SkillArg::Cards(x, y) => (
                    format!(" targeting the {} and the {}", card_name_en(x), card_name_en(y)),
                    format!("（目标：{}和{}）", card_name_zh(x), card_name_zh(y)),
                ),
            };
            (format!("Use the {}'s skill{ae}", card_name_en(c)), format!("发动{}的技能{az}", card_name_zh(c)))
        }
        EndMain => ("End the main phase".into(), "结束主要阶段".into()),
        PlaceNext(c) => {
            (format!("Place the {} next in the row", card_name_en(c)), format!("将{}放在下一个位置", card_name_zh(c)))
        }
        Buff(c) => (
            format!("Tap a Sword: +1 attack to the {}", card_name_en(c)),
            format!("横置宝剑：{}攻击力+1", card_name_zh(c)),
        ),
        DoneBuffing => ("Done buffing".into(), "结束加攻".into()),
        Attack(c, t) => match t {
            Target::Left => {
                (format!("The {} attacks the left edge", card_name_en(c)), format!("{}攻击左边缘", card_name_zh(c)))
            }
            Target::Right => {
                (format!("The {} attacks the right edge", card_name_en(c)), format!("{}攻击右边缘", card_name_zh(c)))
            }
            Target::Suit(s) => (
                format!("The {} attacks the {} resources", card_name_en(c), suit_label(s).0),
                format!("{}攻击{}资源", card_name_zh(c), suit_label(s).1),
            ),
        },
        StandDown(c) => (format!("The {} stands down", card_name_en(c)), format!("{}不再进攻", card_name_zh(c))),
        EndCombat => ("End combat".into(), "结束战斗".into()),
        BonusAttack(s) => (format!("Bonus attack on {}", suit_label(s).0), format!("额外攻击{}资源", suit_label(s).1)),
        DeclineBonus => ("No bonus attack".into(), "放弃额外攻击".into()),
        Split(k) => (format!("Discard {k} untapped among them"), format!("其中弃置{k}张未横置的牌")),
        HandDiscard(c) => {
            (format!("Discard the {} from hand", card_name_en(c)), format!("从手牌弃置{}", card_name_zh(c)))
        }
        Koc(KocOption::Return(c)) => {
            (format!("Return the {} to hand", card_name_en(c)), format!("将{}返回手牌", card_name_zh(c)))
        }
        Koc(KocOption::Cup) => ("Discard an untapped Cup".into(), "弃置一张未横置的圣杯".into()),
        Koc(KocOption::Hand(c)) => {
            (format!("Discard the {} from hand", card_name_en(c)), format!("从手牌弃置{}", card_name_zh(c)))
        }
        QosVictim(c) => (format!("Discard the {}", card_name_en(c)), format!("弃置{}", card_name_zh(c))),
        KopDraw(true) => ("Take the King of Pentacles draw".into(), "从牌库抽取该花色的牌".into()),
        KopDraw(false) => ("Decline the draw".into(), "放弃抽牌".into()),
    };
    Label::new(en, zh)
}
