//! Words (English and Chinese, design.md §2) for matches (`match_play.rs`): the prompts between
//! games, their actions, the log events and the options.

use crate::action::RiftAction;
use crate::cards::DefId;
use crate::notes::Note;
use crate::options::{MatchFormat, RiftOptions};
use crate::state::*;
use engine::{ActionKind, ActionMeta, CardRef, EventKind as K, EventText, Label, OptionInfo, Prompt as UiPrompt};
use serde_json::json;

fn l(en: impl Into<String>, zh: impl Into<String>) -> Label {
    Label::new(en, zh)
}

fn p_en(s: u8) -> String {
    format!("P{}", s + 1)
}

fn p_zh(s: u8) -> String {
    format!("玩家{}", s + 1)
}

impl RiftGame {
    fn def_names(&self, d: DefId) -> (String, String) {
        let c = self.def(d);
        (c.name.clone(), c.zh.clone())
    }

    fn def_ref(&self, d: DefId) -> CardRef {
        CardRef::of_card(self.def(d).id.clone())
    }

    /// The battlefield a `field N` action names for the seat to act.
    fn field_def(&self, k: u8) -> Option<DefId> {
        let seat = self.acting()?;
        self.match_state()?.decks.get(seat as usize)?.battlefields.get(k as usize).copied()
    }

    /// Labels of the match actions (and of `yes`/`no`/`done` at a match prompt).
    pub(crate) fn match_label(&self, a: &RiftAction) -> Label {
        match *a {
            RiftAction::Swap(o, i) => {
                let ((oe, oz), (ie, iz)) = (self.def_names(o), self.def_names(i));
                l(format!("Swap {oe} out for {ie} from the sideboard"), format!("用备牌中的{iz}换下{oz}"))
            }
            RiftAction::Champion(c) => {
                let (e, z) = self.def_names(c);
                l(format!("Make {e} your Chosen Champion"), format!("将{z}设为你的英雄"))
            }
            RiftAction::Field(k) => match self.field_def(k) {
                Some(d) => {
                    let (e, z) = self.def_names(d);
                    l(format!("Choose battlefield {e}"), format!("选择战场{z}"))
                }
                None => l(format!("Choose battlefield {}", k + 1), format!("选择第{}个战场", k + 1)),
            },
            RiftAction::Yes => l("Play first", "先手"),
            RiftAction::No => l("Play last (let the other player go first)", "后手（让对手先行）"),
            RiftAction::Done => l("Done with the sideboard", "备牌调整完毕"),
            _ => l(a.to_string(), a.to_string()),
        }
    }

    pub(crate) fn match_meta(&self, a: RiftAction) -> ActionMeta {
        match a {
            RiftAction::Swap(o, i) => {
                ActionMeta::of(ActionKind::Setup).subject(self.def_ref(o)).target(self.def_ref(i))
            }
            RiftAction::Champion(c) => ActionMeta::of(ActionKind::Setup).subject(self.def_ref(c)),
            RiftAction::Field(k) => match self.field_def(k) {
                Some(d) => ActionMeta::of(ActionKind::Choose).subject(self.def_ref(d)),
                None => ActionMeta::of(ActionKind::Choose),
            },
            _ => ActionMeta::of(ActionKind::Other),
        }
    }

    /// The words of a match outcome's reason ("won the match 2–1 (best of 3)").
    pub(crate) fn match_reason_words(&self, reason: &str) -> (String, String) {
        let Some(m) = self.match_state() else { return (reason.to_string(), reason.to_string()) };
        let (a, b) = (m.wins(0), m.wins(1));
        if let Some(w) =
            self.outcome.as_ref().and_then(|o| o.winners.first()).filter(|_| reason.contains("conceded the match"))
        {
            let (hi, lo) = if w.0 == 0 { (a, b) } else { (b, a) };
            return (
                reason.to_string(),
                format!("{}认输整场比赛（局数 {hi}–{lo}，共{}局）", p_zh(1 - w.0), self.opts.match_of.games()),
            );
        }
        let (hi, lo) = (a.max(b), a.min(b));
        let of = self.opts.match_of.games();
        let format_zh = match self.opts.match_of {
            MatchFormat::Bo5 => "五局三胜",
            _ => "三局两胜",
        };
        if a == b {
            (reason.to_string(), format!("比赛以{a}–{b}战平（{format_zh}，共{of}局）"))
        } else {
            (reason.to_string(), format!("以{hi}–{lo}赢得比赛（{format_zh}）"))
        }
    }

    /// The prompt of a match stage, naming its purpose and the rule.
    pub(crate) fn match_prompt(&self, p: &Prompt, id: &str) -> UiPrompt {
        let (game, of) = match self.match_state() {
            Some(m) => (m.game(), self.opts.match_of.games()),
            None => (1, 1),
        };
        match *p {
            Prompt::Sideboard { .. } => UiPrompt::new(
                id,
                l(
                    format!("Before game {game} of {of}: swap cards 1-for-1 between your Main Deck and your sideboard (your Chosen Champion may change; legend, runes and battlefields may not), then done (TR 403)"),
                    format!("第{game}局（共{of}局）开始前：在主牌组与备牌之间一换一调整卡牌（可更换英雄；传奇、符文和战场不可更换），完成后选择完毕（TR 403）"),
                ),
            ),
            Prompt::ChooseField { .. } => UiPrompt::new(
                id,
                l(
                    format!("Before game {game} of {of}: choose the battlefield you use (secret until both have chosen; one used in a game of this match that had a winner can't be used again, spec §5)"),
                    format!("第{game}局（共{of}局）开始前：选择你使用的战场（双方都选择后才公开；本场比赛中已在分出胜负的对局里使用过的战场不能再用，规格 §5）"),
                ),
            ),
            Prompt::PlayFirst { .. } if self.match_state().is_some_and(|m| !m.results.is_empty()) => UiPrompt::new(
                id,
                l(
                    format!("You lost the last game: do you play first in game {game} of {of}? (TR 407.4)"),
                    format!("你输掉了上一局：第{game}局（共{of}局）你要先手吗？（TR 407.4）"),
                ),
            ),
            Prompt::PlayFirst { .. } if self.opts.mode.teams() => UiPrompt::new(
                id,
                l(
                    "Your team was chosen at random to decide the turn order: choose the seat that takes the first turn (play goes A1-B1-A2-B2 from there; spec §6 step 4)",
                    "你的队伍被随机选中决定行动顺序：选择先行的座位（此后按A1-B1-A2-B2的顺序轮流；规格 §6 第4步）",
                ),
            ),
            _ => UiPrompt::new(
                id,
                l(
                    "You were chosen at random to decide the turn order: do you play first? (TR, spec §6)",
                    "你被随机选中决定行动顺序：你要先手吗？（TR，规格 §6）",
                ),
            ),
        }
    }
}

/// The log line of a match event.
pub(crate) fn describe_match_note(g: &RiftGame, n: &Note) -> EventText {
    let t = |k: K, en: String, zh: String| EventText::new(k, l(en, zh));
    match *n {
        Note::MatchGameOver { game, winner, wins } => {
            let (re, rz) = if winner == NOBODY {
                ("was drawn".to_string(), "平局".to_string())
            } else {
                (format!("was won by {}", p_en(winner)), format!("{}获胜", p_zh(winner)))
            };
            t(
                K::End,
                format!("Game {game} {re}; the match stands {}–{} (P1–P2)", wins[0], wins[1]),
                format!("第{game}局{rz}；比赛比分 {}–{}（玩家1–玩家2）", wins[0], wins[1]),
            )
        }
        Note::MatchGameBegins { game, of, first } => t(
            K::Turn,
            format!("Game {game} of {of} begins; {} plays first", p_en(first)),
            format!("第{game}局（共{of}局）开始；{}先手", p_zh(first)),
        ),
        Note::FieldChosen { seat, def } => {
            let (e, z) = g.def_names(def);
            t(K::Info, format!("{} chose battlefield {e}", p_en(seat)), format!("{}选择了战场{z}", p_zh(seat)))
                .card(g.def_ref(def))
        }
        Note::SideSwapped { seat, out: Some(o), inn: Some(i) } => {
            let ((oe, oz), (ie, iz)) = (g.def_names(o), g.def_names(i));
            t(
                K::Card,
                format!("{} swapped {oe} for {ie} from the sideboard", p_en(seat)),
                format!("{}用备牌中的{iz}换下了{oz}", p_zh(seat)),
            )
            .card(g.def_ref(o))
            .card(g.def_ref(i))
        }
        Note::SideSwapped { seat, .. } => t(
            K::Card,
            format!("{} swapped a card with their sideboard", p_en(seat)),
            format!("{}与备牌交换了一张牌", p_zh(seat)),
        ),
        Note::ChampionChanged { seat, def: Some(d) } => {
            let (e, z) = g.def_names(d);
            t(
                K::Card,
                format!("{} made {e} their Chosen Champion for the next game", p_en(seat)),
                format!("{}将{z}设为下一局的英雄", p_zh(seat)),
            )
            .card(g.def_ref(d))
        }
        Note::ChampionChanged { seat, .. } => t(
            K::Card,
            format!("{} changed their Chosen Champion for the next game", p_en(seat)),
            format!("{}更换了下一局的英雄", p_zh(seat)),
        ),
        Note::PlayChoice { seat, first: true } => {
            t(K::Action, format!("{} chose to go first", p_en(seat)), format!("{}选择先手", p_zh(seat)))
        }
        Note::PlayChoice { seat, .. } => {
            t(K::Action, format!("{} chose to go last", p_en(seat)), format!("{}选择后手", p_zh(seat)))
        }
        Note::StartChosen { seat, first } => t(
            K::Action,
            format!("{}'s team chose {} to take the first turn", p_en(seat), p_en(first)),
            format!("{}的队伍选择由{}先行", p_zh(seat), p_zh(first)),
        ),
        _ => t(K::Info, String::new(), String::new()),
    }
}

/// The match options, for forms.
pub(crate) fn options_info() -> Vec<OptionInfo> {
    let d = RiftOptions::default();
    vec![
        OptionInfo::new(
            "match",
            l("Match", "比赛赛制"),
            l(
                "One game, or a 1v1 match of best of three or five games: sideboarding, a chosen battlefield each game (not one used in a won game), and the loser chooses to play first (TR 407)",
                "单局，或1对1三局两胜/五局三胜比赛：局间调整备牌、每局自选战场（已在分出胜负的对局中用过的不可再用），由输家选择是否先手（TR 407）",
            ),
            json!(d.match_of),
        )
        .choice(json!(MatchFormat::Bo1), l("One game", "单局"))
        .choice(json!(MatchFormat::Bo3), l("Best of three", "三局两胜"))
        .choice(json!(MatchFormat::Bo5), l("Best of five", "五局三胜"))
        .choice(
            json!(MatchFormat::Bo1Variant),
            l(
                "One game, Bo1 variant setup: random battlefields, then the play-first choice, then sideboarding as between games (spec §25)",
                "单局（Bo1变体准备）：随机战场，然后选择先后手，再像局间一样调整备牌（规格 §25）",
            ),
        ),
        OptionInfo::new(
            "sideboard_max",
            l("Sideboard size", "备牌上限"),
            l(
                "Most cards a sideboard may hold: 10 (TR 2026-07-16) or 8 (TR 2026-05-02)",
                "备牌最多张数：10张（TR 2026-07-16）或8张（TR 2026-05-02）",
            ),
            json!(d.sideboard_max),
        )
        .range(0, 10),
        OptionInfo::new(
            "choose_first",
            l("Choose to go first", "选择先后手"),
            l(
                "A randomly chosen player decides whether to play first or last (tournament rule), instead of a random first player; in 2v2 their team picks the seat that starts; in four-player games the battlefields are drawn after the choice",
                "随机选出的玩家决定先手或后手（赛事规则），而非随机决定先手玩家；2对2时由其队伍选择先行的座位；四人对局在选择之后才抽取战场",
            ),
            json!(d.choose_first),
        )
        .yes_no(),
    ]
}
