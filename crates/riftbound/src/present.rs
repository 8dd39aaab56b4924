//! Presentation (design.md §2): what each action is and which cards it names, what every
//! decision point asks and for which card, log events in words, how the game ended, the card
//! catalogue and the rules options. Runs only when a client asks; playouts never call it.

use crate::action::{ObjId, Ref, RiftAction, Src};
use crate::cards::{
    kw, At, CardDb, CardDef, DefId, Instr, KeywordAbility, Kind, Lead, Op, Side, TargetSpec, What, Who, Whose,
    DOMAIN_LETTERS,
};
use crate::game::RiftEvent;
use crate::notes::{By, Note};
use crate::options::{Mode, RiftOptions};
use crate::payment::Cost;
use crate::state::*;
use engine::{
    ActionKind, ActionMeta, CardInfo, CardRef, EventKind, EventText, Label, OptionInfo, Outcome, Prompt as UiPrompt,
};
use serde_json::json;

/// Catalogue key of the blank battlefield token a conceding player's battlefield becomes (CR 651).
pub const BLANK: &str = "BLANK";

fn l(en: impl Into<String>, zh: impl Into<String>) -> Label {
    Label::new(en, zh)
}

pub(crate) fn seat_en(s: u8) -> String {
    format!("P{}", s + 1)
}

pub(crate) fn seat_zh(s: u8) -> String {
    format!("玩家{}", s + 1)
}

fn names(db: &CardDb, d: DefId) -> (String, String) {
    let c = db.get(d);
    (c.name.clone(), c.zh.clone())
}

/// "counter" or "counters" for `n`.
fn cs(n: i32) -> &'static str {
    if n == 1 {
        "counter"
    } else {
        "counters"
    }
}

fn plural(n: i32, one: &str, many: &str) -> String {
    if n == 1 {
        one.to_string()
    } else {
        format!("{n} {many}")
    }
}

/// A domain's Chinese name (spec §0.1), by index into `cards::DOMAINS`.
pub fn domain_zh(d: u8) -> &'static str {
    ["炽烈", "翠意", "灵光", "摧破", "混沌", "序理"].get(d as usize).copied().unwrap_or("?")
}

/// The cost as printed: Energy, then one letter per Power pip ("3 R", "2 R/P"; "A" any domain).
pub fn cost_text(energy: u8, pips: &[u8]) -> String {
    let mut s = energy.to_string();
    for &m in pips {
        s.push(' ');
        s.push_str(&pip_text(m));
    }
    s
}

/// One Power pip in words, English and Chinese: "fury" / "炽烈", "fury or chaos" / "炽烈或混沌",
/// "any domain" / "任意领域" (Weaponmaster's pip choice, CR 821).
pub fn pip_words(m: u8) -> (String, String) {
    if m == crate::cards::ANY_DOMAIN {
        return ("any-domain".into(), "任意领域".into());
    }
    let ds: Vec<u8> = (0..6).filter(|i| m & (1 << i) != 0).collect();
    let en: Vec<&str> = ds.iter().map(|&d| crate::cards::DOMAINS[d as usize]).collect();
    let zh: Vec<&str> = ds.iter().map(|&d| domain_zh(d)).collect();
    (en.join(" or "), zh.join("或"))
}

/// One Power pip as the card file and positions write it: `A` (any domain) or letters like `R/P`.
pub fn pip_text(m: u8) -> String {
    if m == crate::cards::ANY_DOMAIN {
        return "A".into();
    }
    let letters: Vec<String> = (0..6).filter(|i| m & (1 << i) != 0).map(|i| DOMAIN_LETTERS[i].to_string()).collect();
    letters.join("/")
}

fn cost_of(c: &Cost) -> String {
    cost_text(c.energy, c.pips())
}

/// The seat a note is about (the log entry's `seat`).
pub fn note_seat(n: &Note) -> u8 {
    match *n {
        Note::Turn { seat, .. }
        | Note::Phase { seat, .. }
        | Note::Played { seat, .. }
        | Note::Discarded { seat, .. }
        | Note::Drew { seat, .. }
        | Note::BurnOut { seat }
        | Note::Shuffled { seat }
        | Note::RecycledHand { seat, .. }
        | Note::Predicted { seat, .. }
        | Note::RecycledRune { seat, .. }
        | Note::Channeled { seat, .. }
        | Note::Conquered { seat, .. }
        | Note::Held { seat, .. }
        | Note::FinalPointDenied { seat, .. }
        | Note::Point { seat, .. }
        | Note::Conceded { seat }
        | Note::Xp { seat, .. } => seat,
        Note::Damage { controller, .. }
        | Note::Died { controller, .. }
        | Note::Destroyed { controller, .. }
        | Note::Moved { controller, .. }
        | Note::Recalled { controller, .. } => controller,
        Note::Returned { owner, .. } => owner,
        Note::ShowdownStarted { focus, .. } => focus,
        Note::CombatStarted { attacker, .. } | Note::CombatEnded { attacker, .. } => attacker,
        Note::GameOver => 0,
        Note::ControlChanged { to, .. } => to,
        Note::ExtraTurn { seat } => seat,
        Note::MatchGameOver { .. } => 0,
        Note::MatchGameBegins { first, .. } => first,
        Note::FieldChosen { seat, .. }
        | Note::SideSwapped { seat, .. }
        | Note::ChampionChanged { seat, .. }
        | Note::PlayChoice { seat, .. }
        | Note::StartChosen { seat, .. } => seat,
        Note::DeflectUnpayable { seat, .. } => seat,
        Note::DamageReplaced { controller, .. } => controller,
        Note::Added { seat, .. } | Note::InstrPay { seat, .. } | Note::LegionInactive { seat, .. } => seat,
        Note::RepeatBound { seat, .. } => seat,
    }
}

/// A note only its seat may read in full (a card drawn, recycled from hand, looked at) and what
/// the others read instead; `None` for a public note.
pub fn public_half(n: &Note) -> Option<Note> {
    match *n {
        Note::Drew { seat, .. } => Some(Note::Drew { seat, card: None, def: None }),
        Note::RecycledHand { seat, .. } => Some(Note::RecycledHand { seat, def: None }),
        Note::Predicted { seat, recycled, .. } => Some(Note::Predicted { seat, def: None, recycled }),
        Note::SideSwapped { seat, .. } => Some(Note::SideSwapped { seat, out: None, inn: None }),
        Note::ChampionChanged { seat, .. } => Some(Note::ChampionChanged { seat, def: None }),
        _ => None,
    }
}

/// What an instruction does, as a verb phrase: with `object`, the phrase takes the chosen target
/// ("deal 2 damage to" / "对其造成2点伤害"), else it stands alone ("deal 2 damage").
fn effect(db: &CardDb, ins: &Instr, object: bool) -> (String, String) {
    let n = ins.n;
    let object = object && ins.who == Who::Target;
    let pick = |o: (String, String), a: (String, String)| if object { o } else { a };
    let (en, zh) = match ins.op {
        Op::Draw => (format!("draw {}", plural(n, "a card", "cards")), format!("抽{n}张牌")),
        Op::Discard => (format!("discard {}", plural(n, "a card", "cards")), format!("弃置{n}张牌")),
        Op::DiscardHand => ("discard your hand".into(), "弃掉你的手牌".into()),
        Op::Damage => pick(
            (format!("deal {n} damage to"), format!("对其造成{n}点伤害")),
            (format!("deal {n} damage"), format!("造成{n}点伤害")),
        ),
        Op::Kill => pick(("kill".into(), "消灭其".into()), ("kill a unit".into(), "消灭一个单位".into())),
        Op::Stun => pick(("stun".into(), "眩晕其".into()), ("stun a unit".into(), "眩晕一个单位".into())),
        Op::Ready => pick(("ready".into(), "重置其".into()), ("ready a unit".into(), "重置一个单位".into())),
        Op::Exhaust => pick(("exhaust".into(), "横置其".into()), ("exhaust a unit".into(), "横置一个单位".into())),
        Op::Might if ins.limit.is_some() => crate::limits::limited_might_text(n, ins.limit.unwrap_or(0), object),
        Op::Might => pick(
            (format!("give +{n} Might this turn to"), format!("本回合使其战力+{n}")),
            (format!("give a unit +{n} Might this turn"), format!("本回合使一个单位战力+{n}")),
        ),
        Op::Buff => pick(("buff".into(), "增益其".into()), ("buff a unit".into(), "增益一个单位".into())),
        Op::ReturnHand => pick(
            ("return to its owner's hand".into(), "将其返回拥有者的手牌".into()),
            ("return a unit to its owner's hand".into(), "将一个单位返回其拥有者的手牌".into()),
        ),
        Op::Counter => pick(("counter".into(), "反制其".into()), ("counter a spell".into(), "反制一个法术".into())),
        Op::CreateToken => {
            let tok = db.cards.get(ins.token_def as usize);
            let (te, tz) = tok.map(|c| (c.name.clone(), c.zh.clone())).unwrap_or_default();
            (
                format!("create {}", plural(n, &format!("a {te} token"), &format!("{te} tokens"))),
                format!("创造{n}个{tz}指示物"),
            )
        }
        Op::Channel => (format!("channel {}", plural(n, "a rune", "runes")), format!("引导{n}张符文")),
        Op::Move => pick(("move".into(), "移动其".into()), ("move a unit".into(), "移动一个单位".into())),
        Op::RecycleHand => ("recycle a card from your hand".into(), "从手牌回收一张牌".into()),
        Op::DamageSplit => pick(
            (format!("deal {n} damage split among"), format!("将{n}点伤害分配给其")),
            (format!("deal {n} damage split among the targets"), format!("将{n}点伤害分配给目标")),
        ),
        Op::Predict if n > 1 => (format!("predict {n}"), format!("预知{n}")),
        Op::Predict => ("look at the top card of your deck".into(), "查看你牌库顶的牌".into()),
        Op::Attach => pick(
            ("attach it to".into(), "将其装备给该单位".into()),
            ("attach it to a unit".into(), "将其装备给一个单位".into()),
        ),
        Op::Save => pick(
            ("protect from its next death this turn".into(), "使其本回合免于下一次死亡".into()),
            ("protect a unit from its next death this turn".into(), "使一个单位本回合免于下一次死亡".into()),
        ),
        Op::AddCounter => pick(
            (format!("put {n} {} {} on", ins.counter, cs(n)), format!("在其上放置{n}个{}计数器", ins.counter)),
            (
                format!("put {n} {} {} on a unit", ins.counter, cs(n)),
                format!("在一个单位上放置{n}个{}计数器", ins.counter),
            ),
        ),
        Op::RemoveCounter => pick(
            (format!("remove {n} {} {} from", ins.counter, cs(n)), format!("从其上移除{n}个{}计数器", ins.counter)),
            (format!("remove {n} {} {}", ins.counter, cs(n)), format!("移除{n}个{}计数器", ins.counter)),
        ),
        Op::GainXp => (format!("gain {n} XP"), format!("获得{n}点经验")),
        Op::Empower => pick(("empower".into(), "赋能其".into()), ("empower a unit".into(), "赋能一个单位".into())),
        Op::Disempower => {
            pick(("disempower".into(), "解除其赋能".into()), ("disempower a unit".into(), "解除一个单位的赋能".into()))
        }
        Op::ExtraTurn => ("take a turn after this one".into(), "在本回合后进行一个额外回合".into()),
        Op::Add => {
            let c = cost_text(n.clamp(0, 255) as u8, &ins.pip_masks);
            (format!("add {c}"), format!("添加{c}"))
        }
        Op::Pay => {
            let c = cost_text(n.clamp(0, 255) as u8, &ins.pip_masks);
            (format!("pay {c} to go on"), format!("支付{c}以继续"))
        }
        Op::GrantRepeat => {
            let c = cost_text(n.clamp(0, 255) as u8, &ins.pip_masks);
            if ins.spells == crate::cards::RepeatSpells::ThisTurn {
                (format!("give spells you play this turn Repeat {c}"), format!("使你本回合打出的法术获得重复{c}"))
            } else {
                (format!("give your next spell this turn Repeat {c}"), format!("使你本回合的下一个法术获得重复{c}"))
            }
        }
        Op::GrantAbilityRepeat => {
            let c = cost_text(n.clamp(0, 255) as u8, &ins.pip_masks);
            (format!("its activated abilities have Repeat {c} this turn"), format!("本回合其主动技能获得重复{c}"))
        }
        Op::SaveToHand => pick(
            (
                "return to its owner's hand instead of its next death this turn".into(),
                "本回合其下一次死亡时改为将其返回拥有者的手牌".into(),
            ),
            (
                "return a unit to its owner's hand instead of its next death this turn".into(),
                "本回合一个单位下一次死亡时改为将其返回拥有者的手牌".into(),
            ),
        ),
        Op::Copy => pick(
            ("make a copy of another unit out of".into(), "使其成为另一个单位的复制品".into()),
            ("make a unit a copy of another".into(), "使一个单位成为另一个单位的复制品".into()),
        ),
        Op::PreventDamage if n > 0 => pick(
            (format!("prevent the next {n} damage this turn to"), format!("本回合防止接下来对其造成的{n}点伤害")),
            (
                format!("prevent the next {n} damage this turn to a unit"),
                format!("本回合防止接下来对一个单位造成的{n}点伤害"),
            ),
        ),
        Op::PreventDamage => pick(
            ("prevent all damage this turn to".into(), "本回合防止对其造成的所有伤害".into()),
            ("prevent all damage this turn to a unit".into(), "本回合防止对一个单位造成的所有伤害".into()),
        ),
        Op::DoubleDamage => pick(
            ("double the damage dealt this turn to".into(), "本回合使对其造成的伤害翻倍".into()),
            ("double the damage dealt this turn to a unit".into(), "本回合使对一个单位造成的伤害翻倍".into()),
        ),
        Op::CopyThisTurn => pick(
            ("make a copy of another unit this turn out of".into(), "本回合使其成为另一个单位的复制品".into()),
            ("make a unit a copy of another this turn".into(), "本回合使一个单位成为另一个单位的复制品".into()),
        ),
        Op::SetTrait | Op::SetTraitThisTurn => crate::traits::set_trait_text(db, ins, object),
        Op::GrantAbility | Op::GrantAbilityThisTurn => crate::grant::grant_text(ins, object),
        Op::SetMight => pick(
            (format!("set the Might to {n} this turn of"), format!("本回合使其战力变为{n}")),
            (format!("set a unit's Might to {n} this turn"), format!("本回合使一个单位的战力变为{n}")),
        ),
        Op::GainKeyword | Op::LoseKeyword => {
            let (ke, kz) = KEYWORDS.iter().find(|k| k.0 == ins.kw).map(|k| (k.1, k.2)).unwrap_or(("?", "?"));
            let gain = ins.op == Op::GainKeyword;
            pick(
                if gain {
                    (format!("give {ke} this turn to"), format!("本回合使其获得{kz}"))
                } else {
                    (format!("take {ke} this turn from"), format!("本回合使其失去{kz}"))
                },
                if gain {
                    (format!("give a unit {ke} this turn"), format!("本回合使一个单位获得{kz}"))
                } else {
                    (format!("take {ke} from a unit this turn"), format!("本回合使一个单位失去{kz}"))
                },
            )
        }
        Op::GainControl => pick(
            ("gain control of".into(), "获得其控制权".into()),
            ("gain control of a unit".into(), "获得一个单位的控制权".into()),
        ),
        Op::GainControlThisTurn => pick(
            ("gain control this turn of".into(), "本回合获得其控制权".into()),
            ("gain control of a unit this turn".into(), "本回合获得一个单位的控制权".into()),
        ),
        Op::MoveCounter => pick(
            (format!("move {n} {} {} from", ins.counter, cs(n)), format!("从其上移走{n}个{}计数器", ins.counter)),
            (
                format!("move {n} {} {} to another object", ins.counter, cs(n)),
                format!("将{n}个{}计数器移到另一个对象上", ins.counter),
            ),
        ),
        Op::HuntXp => ("gain XP equal to its Hunt".into(), "获得等同于其狩猎值的经验".into()),
        Op::EquipToMe => pick(
            ("pay the Equip cost of and attach to this unit".into(), "支付其装备费用并将其装备给此单位".into()),
            (
                "pay an Equipment's Equip cost and attach it to this unit".into(),
                "支付一件装备的装备费用并将其装备给此单位".into(),
            ),
        ),
    };
    let (en, zh) = match (ins.op.takes_selector(), ins.who) {
        (false, _) | (true, Who::Target) => (en, zh),
        (true, Who::Self_) => (format!("{en} (this)"), format!("{zh}（此牌）")),
        (true, Who::Subject) => (format!("{en} (that unit)"), format!("{zh}（该单位）")),
        (true, Who::YourLegend) => (format!("{en} (your legend)"), format!("{zh}（你的传奇）")),
        (true, Who::Here) => (format!("{en} (this battlefield)"), format!("{zh}（此处的战场）")),
        (true, Who::AtT) => (format!("{en} (that battlefield)"), format!("{zh}（该战场）")),
        (true, _) => (format!("{en} (each of them)"), format!("{zh}（每个单位）")),
    };
    // "N for each counter on …" (CR 741–749): the printed N is per counter.
    let c = &ins.counter;
    let (en, zh) = match ins.for_each {
        crate::cards::ForEach::None => (en, zh),
        crate::cards::ForEach::CountersOnT => {
            (format!("{en}, for each {c} counter on it"), format!("{zh}，其上每有一个{c}计数器便执行一次该数值"))
        }
        crate::cards::ForEach::CountersHere => (
            format!("{en}, for each {c} counter on this battlefield"),
            format!("{zh}，此处的战场上每有一个{c}计数器便执行一次该数值"),
        ),
        crate::cards::ForEach::CountersOnYourLegend => (
            format!("{en}, for each {c} counter on your legend"),
            format!("{zh}，你的传奇上每有一个{c}计数器便执行一次该数值"),
        ),
        f => {
            let (we, wz) = for_each_words(f);
            (format!("{en}, for each {we}"), format!("{zh}，{wz}每有一个便执行一次该数值"))
        }
    };
    match ins.player {
        Whose::You => (en, zh),
        Whose::ItsController => (format!("its controller: {en}"), format!("其控制者{zh}")),
        Whose::EachOpponent => (format!("each opponent: {en}"), format!("每名对手{zh}")),
    }
}

/// What a `for_each` that counts no counters counts, in English and Chinese.
fn for_each_words(f: crate::cards::ForEach) -> (&'static str, &'static str) {
    use crate::cards::ForEach;
    match f {
        ForEach::UnitsYouControl => ("unit you control", "你控制的单位"),
        ForEach::UnitsYouControlHere => ("unit you control here", "你在此处控制的单位"),
        ForEach::EnemyUnits => ("enemy unit", "敌方单位"),
        ForEach::EnemyUnitsHere => ("enemy unit here", "此处的敌方单位"),
        ForEach::CardsInYourHand => ("card in your hand", "你手牌中的牌"),
        ForEach::CardsInYourTrash => ("card in your trash", "你废牌堆中的牌"),
        ForEach::RunesYouControl => ("rune you control", "你控制的符文"),
        ForEach::BattlefieldsYouControl => ("battlefield you control", "你控制的战场"),
        _ => ("", ""),
    }
}

/// What pays an additional cost: a unit or gear as [`target_noun`] says, the payer's own legend,
/// or a battlefield (the one here with `at = "here"`).
fn cost_noun(spec: &TargetSpec) -> (String, String) {
    match (spec.what, spec.at) {
        (What::Legend, _) => ("your legend".to_string(), "你的传奇".to_string()),
        (What::Battlefield, At::Here) => ("the battlefield here".to_string(), "此处的战场".to_string()),
        (What::Battlefield, _) => ("a battlefield you control".to_string(), "一个你控制的战场".to_string()),
        _ => target_noun(spec, false),
    }
}

fn target_noun(spec: &TargetSpec, up_to: bool) -> (String, String) {
    let (side_en, side_zh) = match spec.side {
        Side::Any => ("", ""),
        Side::Friendly => ("friendly ", "友方"),
        Side::Enemy => ("enemy ", "敌方"),
    };
    let (noun_en, noun_zh) = match spec.what {
        What::Unit => ("unit", "单位"),
        What::Spell => ("spell", "法术"),
        What::Battlefield => ("battlefield", "战场"),
        What::Place => ("place (your base or a battlefield)", "地点（你的基地或战场）"),
        What::Destination => ("destination", "目的地"),
        What::Equipment => ("Equipment you control", "你控制的武装"),
        What::Gear => ("gear", "装备"),
        What::Legend => ("legend", "传奇"),
    };
    let article = if up_to { "another".to_string() } else { "a".to_string() };
    let article = if spec.side == Side::Enemy && !up_to { "an".to_string() } else { article };
    (format!("{article} {side_en}{noun_en}"), format!("一个{side_zh}{noun_zh}"))
}

impl RiftGame {
    // ------------------------------------------------------------------ card references

    /// A card as actions, prompts and the log name it: its view id (the object number) where it is
    /// somewhere a view shows it, else only its catalogue key.
    pub fn cref(&self, id: ObjId) -> CardRef {
        let me = self.acting().unwrap_or(NOBODY);
        self.cref_as(id, &|s| s == me)
    }

    /// [`RiftGame::cref`] for a viewer who sees the private cards of the seats `sees` accepts.
    pub fn cref_as(&self, id: ObjId, sees: &dyn Fn(u8) -> bool) -> CardRef {
        let o = self.obj(id);
        let key = self.def(o.def).id.clone();
        match o.zone {
            Zone::Deck | Zone::RuneDeck | Zone::Banished | Zone::Gone => CardRef::of_card(key),
            // Hands are private (CR 128); facedown cards show their id to everyone, their face to
            // their controller (CR 107.3).
            Zone::Hand if !sees(o.owner) => CardRef::default(),
            Zone::Facedown(_) if !sees(o.controller) => CardRef::hidden(id.to_string()),
            _ => CardRef::new(id.to_string(), key),
        }
    }

    /// The card an item belongs to, as a viewer who sees the seats `sees` accepts knows it.
    pub fn item_source_as(&self, it: &Item, sees: &dyn Fn(u8) -> bool) -> CardRef {
        match it.src {
            ItemSrc::Spell(id) | ItemSrc::Obj(id) => self.cref_as(id, sees),
            ItemSrc::Legend(s) => self.legend_ref(s),
            ItemSrc::Bf(b) => self.bf_ref(b),
        }
    }

    pub fn legend_ref(&self, seat: u8) -> CardRef {
        CardRef::new(format!("L{}", seat + 1), self.def(self.players[seat as usize].legend).id.clone())
    }

    pub fn bf_ref(&self, b: u8) -> CardRef {
        let bf = &self.bfs[b as usize];
        let key = if bf.blank { BLANK.to_string() } else { self.def(bf.def).id.clone() };
        CardRef::new(format!("b{}", b + 1), key)
    }

    /// The card an item belongs to.
    pub fn item_source(&self, it: &Item) -> CardRef {
        match it.src {
            ItemSrc::Spell(id) | ItemSrc::Obj(id) => self.cref(id),
            ItemSrc::Legend(s) => self.legend_ref(s),
            ItemSrc::Bf(b) => self.bf_ref(b),
        }
    }

    pub fn tgt_ref(&self, t: Tgt) -> CardRef {
        match t {
            Tgt::Obj(id, _) => self.cref(id),
            Tgt::Bf(b) => self.bf_ref(b),
            Tgt::Base(s) => CardRef { id: format!("P{} base", s + 1), card: None },
            Tgt::Legend(s) => self.legend_ref(s),
        }
    }

    fn obj_names(&self, id: ObjId) -> (String, String) {
        names(self.db(), self.obj(id).def)
    }

    fn bf_names(&self, b: u8) -> (String, String) {
        let bf = &self.bfs[b as usize];
        let (e, z) = names(self.db(), bf.def);
        if bf.blank {
            (format!("Blank Battlefield (was {e})"), format!("空白战场（原{z}）"))
        } else {
            (e, z)
        }
    }

    pub fn item_zh(&self, it: &Item) -> String {
        self.src_names(it).1
    }

    fn src_names(&self, it: &Item) -> (String, String) {
        match it.src {
            // One of several activated abilities: which one (`activated.rs`).
            ItemSrc::Obj(id) => {
                let (e, z) = self.obj_names(id);
                match self.item_activated_words(it) {
                    Some((we, wz)) => (format!("{e} ({we})"), format!("{z}（{wz}）")),
                    None => (e, z),
                }
            }
            ItemSrc::Spell(id) => self.obj_names(id),
            ItemSrc::Legend(s) => names(self.db(), self.players[s as usize].legend),
            ItemSrc::Bf(b) => self.bf_names(b),
        }
    }

    fn ref_card(&self, r: Ref) -> Option<CardRef> {
        match r {
            Ref::Obj(id) if (id as usize) < self.objs.len() => Some(self.cref(id)),
            Ref::Bf(b) if (b as usize) < self.bfs.len() => Some(self.bf_ref(b)),
            _ => None,
        }
    }

    // ------------------------------------------------------------------ actions

    /// The prompt id of the open decision (see [`RiftGame::prompt_now`]).
    fn prompt_id(&self) -> &'static str {
        match &self.prompt {
            Some(Prompt::Mulligan { .. }) => "mulligan",
            Some(Prompt::Build(b)) => match b.stage {
                Stage::Optional => "optional",
                Stage::Location => "location",
                Stage::Accelerate => "accelerate",
                Stage::ExtraDiscard => "additional_cost",
                Stage::Targets(_) => "target",
                Stage::Pay => "pay",
                Stage::Deflect => "deflect",
                Stage::Repeat => "repeat",
                Stage::PayInstr => "pay_in_instruction",
                Stage::EquipPip => "equip_pip",
            },
            Some(Prompt::TriggerOrder { .. }) => "trigger_order",
            Some(Prompt::Discard { .. }) => "discard",
            Some(Prompt::Recycle { .. }) => "recycle",
            Some(Prompt::Predict { .. }) => "predict",
            Some(Prompt::PredictMany { order: false, .. }) => "predict",
            Some(Prompt::PredictMany { order: true, .. }) => "predict_order",
            Some(Prompt::AddDomain { .. }) => "add_domain",
            Some(Prompt::Assign { .. }) => "assign",
            Some(Prompt::MoveGroup { .. }) => "move",
            Some(Prompt::Showdown { .. }) => "showdown",
            Some(Prompt::BurnOut { .. }) => "burn_out",
            Some(Prompt::HidePay { .. }) => "pay",
            Some(Prompt::Split { .. }) => "split_damage",
            Some(Prompt::Replacement { .. }) => "replacement_order",
            Some(Prompt::EnterReady { .. }) => "enter_ready",
            Some(Prompt::Sideboard { .. }) => "sideboard",
            Some(Prompt::ChooseField { .. }) => "battlefield_choice",
            Some(Prompt::PlayFirst { .. }) => "play_first",
            None if !self.chain.is_empty() => "priority",
            None if self.showdown.is_some() => "focus",
            None if self.invited != NOBODY && self.acting() == Some(self.invited) => "invited",
            None => "main",
        }
    }

    pub fn meta_of(&self, a: RiftAction) -> ActionMeta {
        use RiftAction::*;
        let inside = self.prompt.is_some();
        let answer = |m: ActionMeta| if inside { m.answers(self.prompt_id()) } else { m };
        let obj = |id: ObjId| (id as usize) < self.objs.len();
        match a {
            Mull(c) if obj(c) => answer(ActionMeta::of(ActionKind::Setup).subject(self.cref(c))),
            Mull(_) | Keep => answer(ActionMeta::of(ActionKind::Setup)),
            Play(c) if obj(c) => ActionMeta::of(ActionKind::Play).subject(self.cref(c)),
            Act(Src::Legend) => {
                let s = self.acting().unwrap_or(0);
                ActionMeta::of(ActionKind::Activate).subject(self.legend_ref(s))
            }
            Act(Src::Obj(c) | Src::Nth(c, _)) if obj(c) => ActionMeta::of(ActionKind::Activate).subject(self.cref(c)),
            Move(c, r) if obj(c) => {
                let m = ActionMeta::of(ActionKind::Move).subject(self.cref(c));
                match self.ref_card(r) {
                    Some(t) => m.target(t),
                    None => m,
                }
            }
            Add(c) if obj(c) => answer(ActionMeta::of(ActionKind::Move).subject(self.cref(c))),
            Go | Done => answer(ActionMeta::of(ActionKind::Confirm)),
            Back => {
                let m = ActionMeta::of(ActionKind::Cancel);
                let m = match &self.prompt {
                    Some(Prompt::Build(b)) => m.subject(self.item_source(&b.item)),
                    Some(Prompt::Replacement { unit, .. }) => m.subject(self.cref(*unit)),
                    _ => m,
                };
                answer(m)
            }
            Hide(c, b) if obj(c) && (b as usize) < self.bfs.len() => {
                ActionMeta::of(ActionKind::Play).subject(self.cref(c)).target(self.bf_ref(b))
            }
            End | Pass => answer(ActionMeta::of(ActionKind::Pass)),
            Pick(r) => {
                let kind = match &self.prompt {
                    Some(Prompt::Build(b)) => match b.stage {
                        Stage::Targets(_) => ActionKind::Target,
                        Stage::Pay | Stage::ExtraDiscard | Stage::Optional | Stage::Deflect => ActionKind::Pay,
                        _ => ActionKind::Choose,
                    },
                    Some(Prompt::Assign { .. }) => ActionKind::Target,
                    _ => ActionKind::Choose,
                };
                let source = match &self.prompt {
                    Some(Prompt::Build(b)) => Some(self.item_source(&b.item)),
                    _ => None,
                };
                let mut m = ActionMeta::of(kind);
                if let Some(s) = source {
                    m = m.subject(s);
                }
                if let Some(t) = self.ref_card(r) {
                    m = m.target(t);
                }
                answer(m)
            }
            Yes | No => {
                let m = ActionMeta::of(ActionKind::Choose);
                let m = match &self.prompt {
                    Some(Prompt::Build(b)) => m.subject(self.item_source(&b.item)),
                    _ => m,
                };
                answer(m)
            }
            First(i) => {
                if let Some(Prompt::Replacement { unit, .. } | Prompt::EnterReady { unit, .. }) = self.prompt {
                    // A CR 373.a answer is about the unit it names.
                    let unit = match self.prompt {
                        Some(Prompt::Replacement { .. }) => self.damage_choice_unit(i as usize).unwrap_or(unit),
                        _ => unit,
                    };
                    return answer(ActionMeta::of(ActionKind::Choose).subject(self.cref(unit)));
                }
                let m = ActionMeta::of(ActionKind::Choose);
                let m = match self.pending.get(i as usize) {
                    Some(p) => m.subject(self.item_source(&p.item)),
                    None => m,
                };
                answer(m)
            }
            Invite => ActionMeta::of(ActionKind::Other),
            Exhaust(c, _) | Recycle(c, _) if obj(c) => answer(ActionMeta::of(ActionKind::Pay).subject(self.cref(c))),
            AutoPay => answer(ActionMeta::of(ActionKind::Pay)),
            Concede(_) | ConcedeMatch(_) => ActionMeta::of(ActionKind::Concede),
            Swap(..) | Champion(_) | Field(_) => answer(self.match_meta(a)),
            Domain(_) => answer(ActionMeta::of(ActionKind::Choose)),
            Pip(_) => {
                let m = ActionMeta::of(ActionKind::Choose);
                let m = match &self.prompt {
                    Some(Prompt::Build(b)) => m.subject(self.item_source(&b.item)),
                    _ => m,
                };
                answer(m)
            }
            _ => ActionMeta::of(ActionKind::Other),
        }
    }

    // ------------------------------------------------------------------ prompts

    /// What the ability of an item does, as a phrase, and its Chinese.
    pub(crate) fn ability_effect(&self, it: &Item) -> (String, String) {
        match self.ability(it).and_then(|a| a.keyword) {
            Some(KeywordAbility::Equip) => return ("attach it to a unit".into(), "将其装备给一个单位".into()),
            Some(KeywordAbility::Vision) => {
                return ("look at the top card of your deck".into(), "查看你牌库顶的牌".into())
            }
            Some(KeywordAbility::Temporary) => return ("kill it".into(), "消灭它".into()),
            Some(KeywordAbility::QuickDraw) => return ("attach it to a unit".into(), "将其装备给一个单位".into()),
            Some(KeywordAbility::Empower) => return ("give it the Empowered status".into(), "使其获得赋能状态".into()),
            Some(KeywordAbility::Hunt) => return ("gain XP (Hunt)".into(), "获得经验（狩猎）".into()),
            Some(KeywordAbility::Weaponmaster) => {
                return (
                    "pay an Equipment's Equip cost to attach it to this unit (Weaponmaster)".into(),
                    "支付一件武装的装备费用，将其装备给此单位（武器大师）".into(),
                )
            }
            None => {}
        }
        let Some(ab) = self.ability(it) else { return ("use its ability".into(), "使用其能力".into()) };
        let parts: Vec<(String, String)> = ab.effects.iter().take(2).map(|i| effect(self.db(), i, false)).collect();
        if parts.is_empty() {
            return ("use its ability".into(), "使用其能力".into());
        }
        let en: Vec<&str> = parts.iter().map(|p| p.0.as_str()).collect();
        let zh: Vec<&str> = parts.iter().map(|p| p.1.as_str()).collect();
        (en.join(", then "), zh.join("，然后"))
    }

    /// What the ability does to the target in `slot`.
    fn slot_effect(&self, it: &Item, slot: u8) -> (String, String) {
        if self.ability(it).is_some_and(|a| a.keyword == Some(KeywordAbility::QuickDraw)) {
            return ("attach it to".into(), "将其装备给该单位".into());
        }
        let found = self.ability(it).and_then(|ab| {
            ab.effects.iter().find(|i| {
                i.t == slot && (i.op.takes_selector() || i.op == crate::cards::Op::DamageSplit) && i.who == Who::Target
            })
        });
        match found {
            Some(i) => effect(self.db(), i, true),
            None => ("be the target of its effect".into(), "作为其效果的目标".into()),
        }
    }

    /// A prompt asked while an item resolves: its title names the item (`fallback` when nothing
    /// resolves), and the item is its source (design.md §2).
    fn resolving_prompt(
        &self,
        id: &'static str,
        fallback: (&str, &str),
        title: impl FnOnce(&str, &str) -> Label,
    ) -> UiPrompt {
        let src = self.resolving.as_ref().map(|r| &r.item);
        let (e, z) = src.map(|it| self.src_names(it)).unwrap_or_else(|| (fallback.0.into(), fallback.1.into()));
        let p = UiPrompt::new(id, title(&e, &z));
        match src {
            Some(it) => p.source(self.item_source(it)),
            None => p,
        }
    }

    /// The decision the seat to act is making, naming the card it is for.
    pub fn prompt_now(&self) -> Option<UiPrompt> {
        let seat = self.acting()?;
        let id = self.prompt_id();
        let p = match &self.prompt {
            Some(Prompt::Mulligan { aside, .. }) => {
                let left = (self.opts.mulligan_max as usize).saturating_sub(aside.len()) as u32;
                UiPrompt::new(
                    id,
                    l(
                        format!(
                            "Mulligan: choose up to {left} more card(s) to set aside and redraw, or keep your hand (CR 117)"
                        ),
                        format!("调度：再选择至多{left}张牌放到一旁并重抽，或保留手牌（CR 117）"),
                    ),
                )
                .picks_left(left)
            }
            Some(Prompt::Build(b)) => self.build_prompt(b, id),
            Some(Prompt::TriggerOrder { .. }) => UiPrompt::new(
                id,
                l(
                    "Choose which of your triggered abilities goes on the chain first (it resolves last)",
                    "选择你的哪个触发能力先放入链中（它最后结算）",
                ),
            ),
            Some(Prompt::Discard { left, .. }) => self
                .resolving_prompt(id, ("Effect", "效果"), |e, z| {
                    l(format!("{e}: choose a card to discard"), format!("{z}：选择一张要弃置的牌"))
                })
                .picks_left(*left as u32),
            Some(Prompt::Recycle { left, .. }) => self
                .resolving_prompt(id, ("Effect", "效果"), |e, z| {
                    l(
                        format!("{e}: choose a card from your hand to recycle to the bottom of your deck"),
                        format!("{z}：选择一张手牌回收到你的牌库底"),
                    )
                })
                .picks_left(*left as u32),
            Some(Prompt::Predict { .. }) => self.resolving_prompt(id, ("Vision", "预见"), |e, z| {
                l(
                    format!("{e} (Vision): recycle the top card of your deck (shown to you) to the bottom? (CR 436)"),
                    format!("{z}（预见）：将你牌库顶的牌（仅你可见）回收到牌库底吗？（CR 436）"),
                )
            }),
            Some(Prompt::PredictMany { cards, order, .. }) => {
                let k = cards.len();
                self.resolving_prompt(id, ("Predict", "预知"), |e, z| {
                    if *order {
                        l(
                            format!("{e} (Predict): put the {k} kept cards back on top of your deck in any order — choose the next card from the top (CR 436)"),
                            format!("{z}（预知）：将留下的{k}张牌以任意顺序放回牌库顶——选择从上往下的下一张（CR 436）"),
                        )
                    } else {
                        l(
                            format!("{e} (Predict): recycle any of the {k} looked-at cards (shown to you) to the bottom of your deck, one at a time, or keep the rest ('done') (CR 436)"),
                            format!("{z}（预知）：将查看的{k}张牌（仅你可见）中任意张逐一回收到牌库底，或留下其余的牌（“完毕”）（CR 436）"),
                        )
                    }
                })
                .picks_left(k as u32)
            }
            Some(Prompt::AddDomain { left, mask, .. }) if *mask == crate::cards::ANY_DOMAIN => self
                .resolving_prompt(id, ("Add", "添加"), |e, z| {
                    l(
                        format!("{e}: add one Power of any domain — choose its domain ({left} left, CR 429)"),
                        format!("{z}：添加1点任意领域的能量——选择其领域（剩余{left}点，CR 429）"),
                    )
                })
                .picks_left(*left as u32),
            Some(Prompt::AddDomain { left, mask, .. }) => {
                let ds: Vec<u8> = (0..6u8).filter(|d| mask & (1 << d) != 0).collect();
                let en: Vec<&str> = ds.iter().map(|&d| crate::cards::DOMAINS[d as usize]).collect();
                let zh: Vec<&str> = ds.iter().map(|&d| domain_zh(d)).collect();
                let (en, zh) = (en.join(" or "), zh.join("或"));
                self.resolving_prompt(id, ("Add", "添加"), |e, z| {
                    l(
                        format!("{e}: add one Power of {en} — choose its domain ({left} left, CR 429)"),
                        format!("{z}：添加1点{zh}领域的能量——选择其领域（剩余{left}点，CR 429）"),
                    )
                })
                .picks_left(*left as u32)
            }
            Some(Prompt::Assign { left, .. }) => {
                let b = self.showdown.as_ref().map(|s| s.bf).unwrap_or(0);
                let (e, z) = self.bf_names(b);
                UiPrompt::new(
                    id,
                    l(
                        format!("Combat at {e}: choose an enemy unit to assign your next combat damage to ({left} left, CR 465.2)"),
                        format!("{z}的战斗：选择一个敌方单位分配你的下一份战斗伤害（剩余{left}点，CR 465.2）"),
                    ),
                )
                .source(self.bf_ref(b))
            }
            Some(Prompt::MoveGroup { dest, units, .. }) => {
                let (de, dz) = match *dest {
                    Loc::Bf(b) => self.bf_names(b),
                    _ => ("your base".into(), "你的基地".into()),
                };
                let first = units.first().copied();
                let (ue, uz) = first.map(|u| self.obj_names(u)).unwrap_or_default();
                let p = UiPrompt::new(
                    id,
                    l(
                        format!("Moving {ue} to {de}: add more units going there, or move now (CR 144)"),
                        format!("将{uz}移动到{dz}：加入更多前往该处的单位，或立即移动（CR 144）"),
                    ),
                );
                match first {
                    Some(u) => p.source(self.cref(u)),
                    None => p,
                }
            }
            Some(Prompt::Showdown { .. }) => UiPrompt::new(
                id,
                l(
                    "Several showdowns are staged: choose the battlefield whose showdown begins first (CR 323.9)",
                    "多场对决待开始：选择先开始对决的战场（CR 323.9）",
                ),
            ),
            Some(Prompt::HidePay { bf, .. }) => {
                let c = cost_of(&self.hide_cost(*bf));
                let p = UiPrompt::new(
                    id,
                    l(
                        format!("Hide: pay {c} — add to your rune pool (exhaust or recycle a rune, use Add gear) or 'pay' the rest automatically (CR 421, 444)"),
                        format!("待命：支付{c}——向法力池中添加（横置或回收符文、使用产出类装备），或“自动支付”其余部分（CR 421、444）"),
                    ),
                );
                if self.hide_back_open() {
                    p.cancel("back")
                } else {
                    p
                }
            }
            Some(Prompt::Split { left, .. }) => {
                let src = self.resolving.as_ref().map(|r| &r.item);
                let (e, z) = src.map(|it| self.src_names(it)).unwrap_or_else(|| ("Effect".into(), "效果".into()));
                let p = UiPrompt::new(
                    id,
                    l(
                        format!("{e}: split the damage — choose the target that takes the next point ({left} left; each target takes at least one, CR 355.14)"),
                        format!("{z}：分配伤害——选择承受下一点伤害的目标（剩余{left}点；每个目标至少一点，CR 355.14）"),
                    ),
                )
                .picks_left(*left as u32);
                match src {
                    Some(it) => p.source(self.item_source(it)),
                    None => p,
                }
            }
            Some(Prompt::BurnOut { .. }) => UiPrompt::new(
                id,
                l(
                    "Burn out: your deck ran out — choose the opponent who gains 1 point (CR 431)",
                    "燃尽：你的牌库耗尽——选择获得1分的对手（CR 431）",
                ),
            ),
            Some(Prompt::Replacement { unit, .. }) if !self.dmg_batch.is_empty() => {
                let (e, z) = names(self.db(), self.obj(*unit).def);
                let with_source = |p: UiPrompt| match self.damage_choice_source(0) {
                    Some(ItemSrc::Obj(o)) => p.source(self.cref(o)),
                    Some(ItemSrc::Legend(s)) => p.source(self.legend_ref(s)),
                    Some(ItemSrc::Bf(b)) => p.source(self.bf_ref(b)),
                    _ => p,
                };
                let (re, rz) = self.damage_choice_label(0).unwrap_or_default();
                match self.damage_ask() {
                    // A "once each turn" static meets several events: which unit (CR 373.a).
                    Some(crate::replace_ask::DamageAsk::Which { may, .. }) => {
                        let (ne, nz) = if may { (", or none of them", "，或都不适用") } else { ("", "") };
                        return Some(with_source(UiPrompt::new(
                            id,
                            l(
                                format!("Several units are dealt damage at once and your replacement — {re} — applies to one of them: choose which{ne} (CR 373.a, 371)"),
                                format!("多个单位同时受到伤害，你的替代效果——{rz}——只适用于其中一个：选择哪一个{nz}（CR 373.a、371）"),
                            ),
                        )));
                    }
                    // Another player put this seat's optional replacement next (CR 372, 374).
                    Some(crate::replace_ask::DamageAsk::May { .. }) => {
                        let c = self.obj(*unit).controller;
                        let (pe, pz) = (seat_en(c), seat_zh(c));
                        return Some(with_source(UiPrompt::new(
                            id,
                            l(
                                format!("{e} would be dealt damage and {pe} applies your optional replacement next — {re}: apply it or decline it (CR 372, 374)"),
                                format!("{z}将受到伤害，{pz}将你的可选替代效果排在下一个——{rz}：适用或不适用（CR 372、374）"),
                            ),
                        )));
                    }
                    _ => {}
                }
                // One optional replacement: the prompt names it and its source (CR 371).
                if self.damage_choices() == 1 {
                    let p = UiPrompt::new(
                        id,
                        l(
                            format!("{e} would be dealt damage: apply the optional replacement — {re} — or decline it (CR 371)"),
                            format!("{z}将受到伤害：适用可选的替代效果——{rz}——或不适用（CR 371）"),
                        ),
                    );
                    return Some(with_source(p));
                }
                UiPrompt::new(
                    id,
                    l(
                        format!("{e} would be dealt damage and replacement effects apply: choose which applies first, or decline an optional one of yours; another player's optional one is theirs to apply (CR 371, 372, 374)"),
                        format!("{z}将受到伤害，有替代效果可以适用：选择先适用哪一个，或不适用你的可选效果；其他玩家的可选效果由其决定是否适用（CR 371、372、374）"),
                    ),
                )
            }
            Some(Prompt::EnterReady { unit, .. }) => {
                let (e, z) = names(self.db(), self.obj(*unit).def);
                let choices = self.enter_ready_choices(*unit);
                let p = if let [one] = choices.as_slice() {
                    // One optional static: the prompt names it and its source (CR 371).
                    let (re, rz) = self.enter_choice_label(*unit, 0).unwrap_or_default();
                    let p = UiPrompt::new(
                        id,
                        l(
                            format!("{e} enters the board: apply the optional replacement — {re} — or let it enter exhausted (CR 371)"),
                            format!("{z}进场：适用可选的替代效果——{rz}——或以横置状态进场（CR 371）"),
                        ),
                    );
                    match one.src {
                        ItemSrc::Obj(o) => p.source(self.cref(o)),
                        ItemSrc::Legend(s) => p.source(self.legend_ref(s)),
                        ItemSrc::Bf(b) => p.source(self.bf_ref(b)),
                        ItemSrc::Spell(_) => p,
                    }
                } else {
                    UiPrompt::new(
                        id,
                        l(
                            format!("{e} enters the board and several effects would make it enter ready: choose which applies (CR 372)"),
                            format!("{z}进场，有多个效果可使其以活跃状态进场：选择适用哪一个（CR 372）"),
                        ),
                    )
                };
                p
            }
            Some(Prompt::Replacement { unit, .. }) => {
                let (e, z) = names(self.db(), self.obj(*unit).def);
                let repls = self.death_choices(*unit);
                // One optional replacement: the prompt names it (CR 371).
                if let [one] = repls.as_slice() {
                    let (re, rz) = one.text();
                    return Some(UiPrompt::new(
                        id,
                        l(
                            format!(
                                "{e} would die: apply the optional replacement — {re} instead — or decline it (CR 371)"
                            ),
                            format!("{z}将要死亡：适用可选的替代效果——改为{rz}——或不适用（CR 371）"),
                        ),
                    ));
                }
                let (oe, oz) = if self.death_may_decline(*unit) {
                    (", or decline the optional one (CR 371)", "，或不适用可选的效果（CR 371）")
                } else {
                    ("", "")
                };
                UiPrompt::new(
                    id,
                    l(
                        format!("{e} would die and two effects replace it: choose which applies (CR 372){oe}"),
                        format!("{z}将要死亡，有两个效果可以替代：选择适用哪一个（CR 372）{oz}"),
                    ),
                )
            }
            Some(p @ (Prompt::Sideboard { .. } | Prompt::ChooseField { .. } | Prompt::PlayFirst { .. })) => {
                self.match_prompt(p, id)
            }
            None => {
                if let Some(top) = self.chain.last() {
                    let (e, z) = self.src_names(top);
                    UiPrompt::new(
                        id,
                        l(
                            format!("{e} is on the chain: play a Reaction, or pass to let it resolve (CR 339)"),
                            format!("{z}在链上：打出一张反应牌，或让过使其结算（CR 339）"),
                        ),
                    )
                    .source(self.item_source(top))
                } else if let Some(sd) = &self.showdown {
                    let (e, z) = self.bf_names(sd.bf);
                    let what = if sd.combat.is_some() { ("Combat", "战斗") } else { ("Showdown", "对决") };
                    UiPrompt::new(
                        id,
                        l(
                            format!("{} at {e}: you have Focus — play an Action or Reaction, or pass (CR 347)", what.0),
                            format!("{z}的{}：你拥有焦点——打出行动或反应牌，或让过（CR 347）", what.1),
                        ),
                    )
                    .source(self.bf_ref(sd.bf))
                } else if id == "invited" {
                    UiPrompt::new(
                        id,
                        l(
                            format!(
                                "{} invited you to act: play a card or use an ability, or pass",
                                seat_en(self.turn_player)
                            ),
                            format!("{}邀请你行动：打出一张牌或使用能力，或让过", seat_zh(self.turn_player)),
                        ),
                    )
                } else {
                    let _ = seat;
                    UiPrompt::new(
                        id,
                        l(
                            "Your Main Phase: play cards, use abilities, move units, or end your turn",
                            "你的主要阶段：打出卡牌、使用能力、移动单位，或结束回合",
                        ),
                    )
                }
            }
        };
        Some(p)
    }

    fn build_prompt(&self, b: &Build, id: &str) -> UiPrompt {
        let (e, z) = self.src_names(&b.item);
        let source = self.item_source(&b.item);
        let title = match b.stage {
            Stage::Optional if self.trigger_lead_pay(&b.item).is_some() => {
                let c = cost_of(&self.trigger_lead_pay(&b.item).unwrap_or_default());
                let (fe, fz) = self.ability_effect(&b.item);
                l(
                    format!("{e}'s trigger: pay its cost {c} ({fe})? 'no' declines it (CR 204.3, 404.2)"),
                    format!("{z}的触发：支付其费用{c}（{fz}）吗？“否”放弃该触发（CR 204.3、404.2）"),
                )
            }
            Stage::Optional => {
                let (fe, fz) = self.ability_effect(&b.item);
                match self.ability(&b.item).and_then(|a| a.lead) {
                    Some(Lead::Discard) => l(
                        format!("{e}'s optional trigger: discard a card to {fe}? (choose the card, or no)"),
                        format!("{z}的可选触发：弃置一张牌以{fz}？（选择要弃的牌，或否）"),
                    ),
                    Some(Lead::RecycleHand) => l(
                        format!(
                            "{e}'s optional trigger: recycle a card from your hand to {fe}? (choose the card, or no)"
                        ),
                        format!("{z}的可选触发：从手牌回收一张牌以{fz}？（选择要回收的牌，或否）"),
                    ),
                    Some(Lead::ExhaustSelf) => l(
                        format!("{e}'s optional trigger: exhaust it to {fe}?"),
                        format!("{z}的可选触发：横置它以{fz}？"),
                    ),
                    None => l(format!("{e}'s optional trigger: {fe}?"), format!("{z}的可选触发：{fz}？")),
                }
            }
            Stage::Location => l(
                format!("Play {e}: choose where it enters — your base or a battlefield you control (CR 143.4)"),
                format!("打出{z}：选择它进场的位置——你的基地或你控制的战场（CR 143.4）"),
            ),
            Stage::Accelerate => l(
                format!("Play {e}: pay the Accelerate cost (1 and one Power) so it enters ready? (CR 805)"),
                format!("打出{z}：支付急速费用（1点和一点能量）使其以活跃状态进场吗？（CR 805）"),
            ),
            Stage::ExtraDiscard if b.item.trigger => {
                let (pe, pz) = match self.unit_cost_due(b) {
                    Some(c) => {
                        let (ne, nz) = cost_noun(&c.unit);
                        c.phrase(&ne, &nz)
                    }
                    None => ("discard a card".to_string(), "弃置一张牌".to_string()),
                };
                l(
                    format!("{e} (triggered): {pe} to pay its cost, or 'no' to decline it (CR 204.3, 404.2)"),
                    format!("{z}（触发）：{pz}以支付其费用，或“否”放弃该触发（CR 204.3、404.2）"),
                )
            }
            Stage::ExtraDiscard => match self.unit_cost_due(b) {
                Some(c) => {
                    let (ne, nz) = cost_noun(&c.unit);
                    let (pe, pz) = c.phrase(&ne, &nz);
                    l(
                        format!("{e}: {pe} as the additional cost (CR 204.2)"),
                        format!("{z}：{pz}作为额外费用（CR 204.2）"),
                    )
                }
                None => l(
                    format!("{e}: discard a card as the additional cost (CR 204.2)"),
                    format!("{z}：弃置一张牌作为额外费用（CR 204.2）"),
                ),
            },
            Stage::Targets(slot) => {
                // A repeated execution's slots follow the first's (CR 820, `repeat.rs`).
                let (k, local) = self.repeat_slot(&b.item, slot);
                let spec = &self.specs(&b.item)[local as usize];
                let chosen = b.item.targets.iter().filter(|(s, _)| *s == slot).count();
                let (ne, nz) = target_noun(spec, chosen > 0);
                let (fe, fz) = if spec.what == What::Destination {
                    ("move it to".to_string(), "将其移动到该处".to_string())
                } else {
                    self.slot_effect(&b.item, local)
                };
                let up = if spec.up_to > 0 { (" (or done)", "（或完成）") } else { ("", "") };
                let (re, rz) = if k > 0 {
                    (format!(" (Repeat: execution {})", k + 1), format!("（重复：第{}次执行）", k + 1))
                } else {
                    (String::new(), String::new())
                };
                l(format!("{e}{re}: choose {ne} to {fe}{}", up.0), format!("{z}{rz}：选择{nz}，{fz}{}", up.1))
            }
            Stage::Repeat => {
                let (c, granted) = self.repeat_asking(b).unwrap_or_default();
                let c = cost_of(&c);
                let (ge, gz) = if granted { (" (a granted Repeat)", "（获得的重复）") } else { ("", "") };
                l(
                    format!(
                        "{e}: pay Repeat {c}{ge} so its instructions execute once more, with their own choices? (CR 820)"
                    ),
                    format!("{z}：支付重复费用{c}{gz}，使其指令再执行一次（另作选择）吗？（CR 820）"),
                )
            }
            Stage::EquipPip => {
                let c = cost_of(&self.equip_cost_full());
                let auto = if self.opts.rune_actions {
                    (
                        ", 'pay' to take off the first payable one and pay automatically",
                        "，“自动支付”则去掉第一个可支付的并自动支付",
                    )
                } else {
                    ("", "")
                };
                l(
                    format!("{e} resolving: Weaponmaster pays the Equip cost {c} less [A] — choose which Power pip to take off ('pip fury'…), then pay the rest{}, or 'no' not to attach the Equipment (CR 821)", auto.0),
                    format!("{z}结算中：武器大师支付装备费用{c}减去[A]——选择去掉哪一个能量符号（“pip fury”等），再支付其余费用{}，或“否”不装备（CR 821）", auto.1),
                )
            }
            Stage::PayInstr if self.instr_pay_is_equip() => {
                let c = cost_of(&self.build_cost(b));
                let how = if self.opts.rune_actions {
                    ("add to your rune pool or 'pay' automatically", "向法力池中添加或“自动支付”")
                } else {
                    ("yes", "是")
                };
                l(
                    format!("{e} resolving: pay the Equip cost {c} to attach the Equipment to this unit ({}), or 'no' not to attach it (CR 821)", how.0),
                    format!("{z}结算中：支付装备费用{c}将该装备装备给此单位（{}），或“否”不装备（CR 821）", how.1),
                )
            }
            Stage::PayInstr => {
                let c = cost_of(&self.build_cost(b));
                if self.opts.rune_actions {
                    l(
                        format!("{e} resolving: pay {c} to go on (add to your rune pool or 'pay' automatically), or 'no' to skip what follows (CR 204.3)"),
                        format!("{z}结算中：支付{c}以继续（向法力池中添加或“自动支付”），或“否”跳过后续效果（CR 204.3）"),
                    )
                } else {
                    l(
                        format!("{e} resolving: pay {c} to go on, or decline and skip what follows? (CR 204.3)"),
                        format!("{z}结算中：支付{c}以继续，还是拒绝并跳过后续效果？（CR 204.3）"),
                    )
                }
            }
            Stage::Pay if self.opts.rune_actions => {
                let c = cost_of(&self.build_cost(b));
                l(
                    format!("Pay {c} for {e}: add to your rune pool (exhaust or recycle a rune, use Add gear) or 'pay' the rest automatically (CR 444)"),
                    format!("为{z}支付{c}：向法力池中添加（横置或回收符文、使用产出类装备），或“自动支付”其余部分（CR 444）"),
                )
            }
            Stage::Pay => {
                let cost = self.build_cost(b);
                let c = cost_of(&cost);
                l(
                    format!(
                        "Pay {c} for {e}: choose the rune to recycle (or gear to exhaust) for the next Power (CR 357)"
                    ),
                    format!("为{z}支付{c}：选择为下一点能量回收的符文（或横置的装备）（CR 357）"),
                )
            }
            Stage::Deflect => {
                let c = cost_of(&self.build_cost(b));
                l(
                    format!("{e} targets a unit with Deflect: pay {c}, or decline and remove the trigger? (CR 809)"),
                    format!("{z}以具有偏转的单位为目标：支付{c}，还是拒绝支付并移除该触发？（CR 809）"),
                )
            }
        };
        let mut p = UiPrompt::new(id, title).source(source);
        // CR 358.5: a play or activation not yet finished can be undone (`back`); a trigger can't,
        // nor a play begun right after a back-out (`backout.rs`).
        if self.back_allowed(b) {
            p = p.cancel("back");
        }
        match b.stage {
            Stage::Targets(slot) => {
                let spec = &self.specs(&b.item)[self.repeat_slot(&b.item, slot).1 as usize];
                let chosen = b.item.targets.iter().filter(|(s, _)| *s == slot).count() as u32;
                let want = if spec.up_to > 0 { spec.up_to as u32 } else { 1 };
                p = p.picks_left(want.saturating_sub(chosen));
            }
            Stage::Pay => {
                let cost = self.build_cost(b);
                p = p.picks_left((cost.pips().len() as u32).saturating_sub(b.paid.len() as u32));
            }
            _ => {}
        }
        p
    }

    // ------------------------------------------------------------------ log events

    pub fn describe(&self, e: &RiftEvent) -> EventText {
        if let Some(n) = &e.what {
            return describe_note(n, self);
        }
        let label = e.label.clone().unwrap_or_else(|| l(e.action.clone(), e.action.clone()));
        let who = (seat_en(e.seat), seat_zh(e.seat));
        let mut t = EventText::new(
            EventKind::Action,
            l(format!("{}: {}", who.0, label.en), format!("{}：{}", who.1, label.zh)),
        );
        t.cards = e.cards.clone();
        t
    }

    pub fn outcome_words(&self, o: &Outcome) -> Label {
        let scores: Vec<String> = o.scores.iter().map(|s| s.to_string()).collect();
        let score = scores.join("–");
        let (why_en, why_zh) = match o.reason.as_str() {
            "victory score" => (
                format!("reached the Victory Score of {}", self.opts.victory()),
                format!("达到{}分胜利分数", self.opts.victory()),
            ),
            "victory score reached by burn out" => (
                "reached the Victory Score through an opponent's burn out".to_string(),
                "因对手燃尽而达到胜利分数".to_string(),
            ),
            "opponents conceded" => ("every opponent conceded".to_string(), "所有对手均已认输".to_string()),
            "everyone conceded" => ("everyone conceded".to_string(), "所有玩家均已认输".to_string()),
            "turn limit" => ("the turn limit was reached".to_string(), "达到回合上限".to_string()),
            r if self.matchp.is_some() && r.contains("match") => self.match_reason_words(r),
            r => (r.to_string(), format!("原因：{r}")),
        };
        if o.winners.is_empty() {
            return l(format!("Draw: {why_en} (points {score})"), format!("平局：{why_zh}（分数 {score}）"));
        }
        let en: Vec<String> = o.winners.iter().map(|s| seat_en(s.0)).collect();
        let zh: Vec<String> = o.winners.iter().map(|s| seat_zh(s.0)).collect();
        if self.opts.mode.teams() {
            l(
                format!("Team {} wins: {why_en} (points {score})", en.join(" & ")),
                format!("{}队伍获胜：{why_zh}（分数 {score}）", zh.join("与")),
            )
        } else {
            l(
                format!("{} wins: {why_en} (points {score})", en.join(", ")),
                format!("{}获胜：{why_zh}（分数 {score}）", zh.join("、")),
            )
        }
    }
}

fn a_an(name: &str) -> String {
    let vowel = name.chars().next().is_some_and(|c| "AEIOUaeiou".contains(c));
    format!("{} {name}", if vowel { "an" } else { "a" })
}

fn card_of(db: &CardDb, id: ObjId, d: DefId) -> CardRef {
    CardRef::new(id.to_string(), db.get(d).id.clone())
}

fn key_of(db: &CardDb, d: DefId) -> CardRef {
    CardRef::of_card(db.get(d).id.clone())
}

fn phase_names(p: Phase) -> (&'static str, &'static str) {
    match p {
        Phase::Mulligan => ("mulligan", "调度"),
        Phase::Beginning => ("Beginning Phase", "开始阶段"),
        Phase::Scoring => ("Scoring Step", "计分步骤"),
        Phase::Channel => ("Channel Phase", "引导阶段"),
        Phase::Draw | Phase::DrawHeld => ("Draw Phase", "抽牌阶段"),
        Phase::Main => ("Main Phase", "主要阶段"),
        Phase::Ending => ("Ending Phase", "结束阶段"),
    }
}

fn bf_label(g: &RiftGame, b: u8, d: DefId) -> (String, String) {
    if (b as usize) < g.bfs.len() && g.bfs[b as usize].blank {
        return g.bf_names(b);
    }
    names(g.db(), d)
}

fn describe_note(n: &Note, g: &RiftGame) -> EventText {
    use EventKind as K;
    let t = |k: K, en: String, zh: String| EventText::new(k, l(en, zh));
    match *n {
        Note::Turn { turn, seat } => t(
            K::Turn,
            format!("Turn {turn}: {}'s turn", seat_en(seat)),
            format!("第{turn}回合：{}的回合", seat_zh(seat)),
        ),
        Note::Phase { phase, seat } => {
            let (e, z) = phase_names(phase);
            t(K::Phase, format!("{}'s {e}", seat_en(seat)), format!("{}的{z}", seat_zh(seat)))
        }
        Note::LegionInactive { seat, card, def: d } => {
            let (e, z) = names(g.db(), d);
            t(
                K::Info,
                format!(
                    "{}'s {e} did nothing: its Legion text is inactive (no other card played this turn, CR 812)",
                    seat_en(seat)
                ),
                format!("{}的{z}没有效果：其军团文字未生效（本回合未打出其他牌，CR 812）", seat_zh(seat)),
            )
            .card(card_of(g.db(), card, d))
        }
        Note::Played { seat, card, def: d } => {
            let (e, z) = names(g.db(), d);
            t(K::Action, format!("{} played {e}", seat_en(seat)), format!("{}打出了{z}", seat_zh(seat))).card(card_of(
                g.db(),
                card,
                d,
            ))
        }
        Note::Damage { by, unit, def: d, controller, amount } => {
            let (ue, uz) = names(g.db(), d);
            let (be, bz, src) = match by {
                By::Card { id, def: sd } => {
                    let (e, z) = names(g.db(), sd);
                    (e, z, Some(card_of(g.db(), id, sd)))
                }
                By::Legend { seat, def: sd } => {
                    let (e, z) = names(g.db(), sd);
                    (format!("{}'s {e}", seat_en(seat)), format!("{}的{z}", seat_zh(seat)), Some(key_of(g.db(), sd)))
                }
                By::Battlefield { def: sd, .. } => {
                    let (e, z) = names(g.db(), sd);
                    (e, z, Some(key_of(g.db(), sd)))
                }
                By::Combat { .. } => ("Combat".to_string(), "战斗".to_string(), None),
                By::Unknown => ("An effect".to_string(), "一个效果".to_string(), None),
            };
            let mut e = t(
                K::Damage,
                format!("{be} dealt {amount} damage to {}'s {ue}", seat_en(controller)),
                format!("{bz}对{}的{uz}造成了{amount}点伤害", seat_zh(controller)),
            );
            if let Some(s) = src {
                e = e.card(s);
            }
            e.card(card_of(g.db(), unit, d))
        }
        Note::Died { unit, def: d, controller } => {
            let (e, z) = names(g.db(), d);
            t(K::Death, format!("{}'s {e} died", seat_en(controller)), format!("{}的{z}阵亡了", seat_zh(controller)))
                .card(card_of(g.db(), unit, d))
        }
        Note::Destroyed { card, def: d, controller } => {
            let (e, z) = names(g.db(), d);
            t(
                K::Death,
                format!("{}'s {e} was put into the trash", seat_en(controller)),
                format!("{}的{z}被置入废牌堆", seat_zh(controller)),
            )
            .card(card_of(g.db(), card, d))
        }
        Note::Discarded { seat, card, def: d } => {
            let (e, z) = names(g.db(), d);
            t(K::Card, format!("{} discarded {e}", seat_en(seat)), format!("{}弃置了{z}", seat_zh(seat))).card(card_of(
                g.db(),
                card,
                d,
            ))
        }
        Note::Returned { card, def: d, owner } => {
            let (e, z) = names(g.db(), d);
            t(
                K::Card,
                format!("{e} returned to {}'s hand", seat_en(owner)),
                format!("{z}返回了{}的手牌", seat_zh(owner)),
            )
            .card(card_of(g.db(), card, d))
        }
        Note::Moved { unit, def: d, controller, to } => {
            let (e, z) = names(g.db(), d);
            let (de, dz) = match to {
                Loc::Bf(b) if (b as usize) < g.bfs.len() => g.bf_names(b),
                _ => ("their base".to_string(), "基地".to_string()),
            };
            t(
                K::Action,
                format!("{}'s {e} moved to {de}", seat_en(controller)),
                format!("{}的{z}移动到了{dz}", seat_zh(controller)),
            )
            .card(card_of(g.db(), unit, d))
        }
        Note::Recalled { unit, def: d, controller } => {
            let (e, z) = names(g.db(), d);
            t(
                K::Action,
                format!("{}'s {e} was recalled to base", seat_en(controller)),
                format!("{}的{z}被召回基地", seat_zh(controller)),
            )
            .card(card_of(g.db(), unit, d))
        }
        Note::Drew { seat, card: Some(c), def: Some(d) } => {
            let (e, z) = names(g.db(), d);
            t(K::Card, format!("{} drew {e}", seat_en(seat)), format!("{}抽到了{z}", seat_zh(seat))).card(card_of(
                g.db(),
                c,
                d,
            ))
        }
        Note::Drew { seat, .. } => {
            t(K::Card, format!("{} drew a card", seat_en(seat)), format!("{}抽了一张牌", seat_zh(seat)))
        }
        Note::BurnOut { seat } => t(
            K::Score,
            format!("{} burned out: their deck was empty (CR 431)", seat_en(seat)),
            format!("{}燃尽：牌库已空（CR 431）", seat_zh(seat)),
        ),
        Note::Shuffled { seat } => t(
            K::Card,
            format!("{} shuffled their trash into their deck", seat_en(seat)),
            format!("{}将废牌堆洗入牌库", seat_zh(seat)),
        ),
        Note::RecycledHand { seat, def: Some(d) } => {
            let (e, z) = names(g.db(), d);
            t(
                K::Card,
                format!("{} recycled {e} from hand to the bottom of their deck", seat_en(seat)),
                format!("{}将手牌中的{z}回收到牌库底", seat_zh(seat)),
            )
            .card(key_of(g.db(), d))
        }
        Note::RecycledHand { seat, .. } => t(
            K::Card,
            format!("{} recycled a card from hand to the bottom of their deck", seat_en(seat)),
            format!("{}将一张手牌回收到牌库底", seat_zh(seat)),
        ),
        Note::Predicted { seat, def, recycled } => {
            let (e, z) = match def {
                Some(d) => names(g.db(), d),
                None => ("the top card".to_string(), "牌库顶的牌".to_string()),
            };
            let mut ev = if recycled {
                t(
                    K::Card,
                    format!("{} looked at {e} and recycled it to the bottom of their deck", seat_en(seat)),
                    format!("{}查看了{z}并将其回收到牌库底", seat_zh(seat)),
                )
            } else {
                t(
                    K::Card,
                    format!("{} looked at {e} and kept it on top", seat_en(seat)),
                    format!("{}查看了{z}并将其留在牌库顶", seat_zh(seat)),
                )
            };
            if let Some(d) = def {
                ev = ev.card(key_of(g.db(), d));
            }
            ev
        }
        Note::RecycledRune { seat, def: d } => {
            let (e, z) = names(g.db(), d);
            t(
                K::Card,
                format!("{} recycled {} to the bottom of their rune deck", seat_en(seat), a_an(&e)),
                format!("{}将一张{z}回收到符文牌库底", seat_zh(seat)),
            )
            .card(key_of(g.db(), d))
        }
        Note::Channeled { seat, def: d } => {
            let (e, z) = names(g.db(), d);
            t(K::Card, format!("{} channeled a {e}", seat_en(seat)), format!("{}引导了一张{z}", seat_zh(seat)))
                .card(key_of(g.db(), d))
        }
        Note::ShowdownStarted { bf, def: d, focus } => {
            let (e, z) = bf_label(g, bf, d);
            t(
                K::Phase,
                format!("Showdown at {e}: {} has Focus (CR 344)", seat_en(focus)),
                format!("{z}开始对决：{}拥有焦点（CR 344）", seat_zh(focus)),
            )
            .card(key_of(g.db(), d))
        }
        Note::CombatStarted { bf, def: d, attacker, defender } => {
            let (e, z) = bf_label(g, bf, d);
            t(
                K::Phase,
                format!("Combat at {e}: {} attacks {} (CR 460)", seat_en(attacker), seat_en(defender)),
                format!("{z}发生战斗：{}进攻{}（CR 460）", seat_zh(attacker), seat_zh(defender)),
            )
            .card(key_of(g.db(), d))
        }
        Note::CombatEnded { bf, def: d, attacker, defender, winner } => {
            let (e, z) = bf_label(g, bf, d);
            let (re, rz) = if winner == NOBODY {
                ("no units are left there".to_string(), "双方都没有单位留下".to_string())
            } else if winner == attacker {
                (format!("the attacker {} wins", seat_en(winner)), format!("进攻方{}获胜", seat_zh(winner)))
            } else if winner == defender {
                (format!("the defender {} holds", seat_en(winner)), format!("防守方{}守住了", seat_zh(winner)))
            } else {
                (format!("{} is left there", seat_en(winner)), format!("{}留在了那里", seat_zh(winner)))
            };
            t(K::Info, format!("Combat at {e} ended: {re} (CR 466)"), format!("{z}的战斗结束：{rz}（CR 466）"))
                .card(key_of(g.db(), d))
        }
        Note::Conquered { seat, bf, def: d } => {
            let (e, z) = bf_label(g, bf, d);
            t(K::Score, format!("{} conquered {e}", seat_en(seat)), format!("{}征服了{z}", seat_zh(seat)))
                .card(key_of(g.db(), d))
        }
        Note::Held { seat, bf, def: d } => {
            let (e, z) = bf_label(g, bf, d);
            t(K::Score, format!("{} held {e}", seat_en(seat)), format!("{}据守了{z}", seat_zh(seat)))
                .card(key_of(g.db(), d))
        }
        Note::FinalPointDenied { seat, bf, def: d } => {
            let (e, z) = bf_label(g, bf, d);
            t(
                K::Score,
                format!("{} conquered {e} but needs every battlefield this turn for the final point, so draws a card instead (CR 470)", seat_en(seat)),
                format!("{}征服了{z}，但最后一分需要本回合计分所有战场，因此改为抽一张牌（CR 470）", seat_zh(seat)),
            )
            .card(key_of(g.db(), d))
        }
        Note::Point { seat, total, gained } => {
            let team = g.opts.mode.teams();
            let (we, wz) = if team {
                (format!("{}'s team", seat_en(seat)), format!("{}的队伍", seat_zh(seat)))
            } else {
                (seat_en(seat), seat_zh(seat))
            };
            t(
                K::Score,
                format!(
                    "{we} scored {gained} point{}: {total} of {}",
                    if gained == 1 { "" } else { "s" },
                    g.opts.victory()
                ),
                format!("{wz}得到{gained}分：共{total}/{}分", g.opts.victory()),
            )
        }
        Note::Xp { seat, n, total } => t(
            K::Info,
            format!("{} gained {n} XP: {total} XP in all (CR 728)", seat_en(seat)),
            format!("{}获得{n}点经验：共{total}点经验（CR 728）", seat_zh(seat)),
        ),
        Note::Conceded { seat } => {
            let (e, z) = if g.opts.mode.teams() {
                (
                    format!("{} conceded: their team leaves the game (CR 652)", seat_en(seat)),
                    format!("{}认输：其队伍离开对局（CR 652）", seat_zh(seat)),
                )
            } else {
                (
                    format!("{} conceded and left the game (CR 649)", seat_en(seat)),
                    format!("{}认输并离开了对局（CR 649）", seat_zh(seat)),
                )
            };
            t(K::Info, e, z)
        }
        Note::GameOver => match &g.outcome {
            Some(o) => EventText::new(K::End, g.outcome_words(o)),
            None => t(K::End, "The game is over".into(), "对局结束".into()),
        },
        Note::ControlChanged { unit, def: d, from, to } => {
            let (e, z) = names(g.db(), d);
            t(
                K::Action,
                format!("{} gained control of {e} from {} (CR 191)", seat_en(to), seat_en(from)),
                format!("{}从{}处获得了{z}的控制权（CR 191）", seat_zh(to), seat_zh(from)),
            )
            .card(card_of(g.db(), unit, d))
        }
        Note::ExtraTurn { seat } => t(
            K::Info,
            format!("{} will take an additional turn after this one (CR 734)", seat_en(seat)),
            format!("{}将在本回合后进行一个额外回合（CR 734）", seat_zh(seat)),
        ),
        Note::MatchGameOver { .. }
        | Note::MatchGameBegins { .. }
        | Note::FieldChosen { .. }
        | Note::SideSwapped { .. }
        | Note::ChampionChanged { .. }
        | Note::PlayChoice { .. }
        | Note::StartChosen { .. } => crate::match_words::describe_match_note(g, n),
        Note::DeflectUnpayable { seat, def: d } => {
            let (e, z) = names(g.db(), d);
            t(
                K::Info,
                format!(
                    "{}'s triggered ability of {e} is removed: the Deflect of its targets can't be paid (CR 355.16, 404.2)",
                    seat_en(seat)
                ),
                format!("{}的{z}触发能力被移除：无法支付其目标的偏转费用（CR 355.16、404.2）", seat_zh(seat)),
            )
        }
        Note::DamageReplaced { unit, def: d, amount, .. } => t(
            K::Info,
            format!("Replacement effects change the damage to {}: {amount} instead (CR 370)", names(g.db(), d).0),
            format!("替代效果改变了对{}的伤害：改为{amount}点（CR 370）", names(g.db(), d).1),
        )
        .card(card_of(g.db(), unit, d)),
        Note::Added { seat, energy, power, count } => {
            let names: Vec<&str> = (0..6).filter(|d| power & (1 << d) != 0).map(|d| crate::cards::DOMAINS[d]).collect();
            let (pe, pz) = if count == 0 {
                (String::new(), String::new())
            } else {
                (
                    format!(" and {count} Power ({})", names.join(", ")),
                    format!("和{count}点能量（{}）", names.join("、")),
                )
            };
            t(
                K::Info,
                format!("{} added {energy} Energy{pe} to their rune pool (CR 429)", seat_en(seat)),
                format!("{}向其法力池中添加了{energy}点法力{pz}（CR 429）", seat_zh(seat)),
            )
        }
        Note::InstrPay { seat, energy, pips, paid } => {
            let c = if pips > 0 { format!("{energy} Energy and {pips} Power") } else { format!("{energy} Energy") };
            let cz =
                if pips > 0 { format!("{energy}点法力和{pips}点能量") } else { format!("{energy}点法力") };
            if paid {
                t(
                    K::Info,
                    format!("{} paid {c} during resolution (CR 204.3)", seat_en(seat)),
                    format!("{}在结算中支付了{cz}（CR 204.3）", seat_zh(seat)),
                )
            } else {
                t(
                    K::Info,
                    format!("{} did not pay {c}: what follows is skipped (CR 204.3)", seat_en(seat)),
                    format!("{}未支付{cz}：跳过后续效果（CR 204.3）", seat_zh(seat)),
                )
            }
        }
        Note::RepeatBound { seat, left } => t(
            K::Info,
            format!(
                "{}'s card can execute no more times: {left} more Repeat instance(s) not offered (at most 65,536 target slots: executions × the ability's slots; CR 820)",
                seat_en(seat)
            ),
            format!("{}的牌无法再多执行：另有{left}个重复未提供（目标位最多65,536个：执行次数×技能目标位；CR 820）", seat_zh(seat)),
        ),
    }
}

// ---------------------------------------------------------------------- catalogue

pub(crate) const KEYWORDS: [(u32, &str, &str); 13] = [
    (kw::ACCELERATE, "Accelerate", "急速"),
    (kw::ACTION, "Action", "行动"),
    (kw::REACTION, "Reaction", "反应"),
    (kw::TANK, "Tank", "坦克"),
    (kw::BACKLINE, "Backline", "后排"),
    (kw::GANKING, "Ganking", "游走"),
    (kw::HIDDEN, "Hidden", "待命"),
    (kw::TEMPORARY, "Temporary", "临时"),
    (kw::VISION, "Vision", "预见"),
    (kw::AMBUSH, "Ambush", "伏击"),
    (kw::UNIQUE, "Unique", "唯一"),
    (kw::QUICK_DRAW, "Quick-Draw", "快拔"),
    (kw::WEAPONMASTER, "Weaponmaster", "武器大师"),
];

fn keywords_of(d: &CardDef) -> Vec<Label> {
    let mut out: Vec<Label> = KEYWORDS.iter().filter(|(k, _, _)| d.has(*k)).map(|(_, e, z)| l(*e, *z)).collect();
    if d.assault > 0 {
        out.push(l(format!("Assault {}", d.assault), format!("强攻 {}", d.assault)));
    }
    if d.shield > 0 {
        out.push(l(format!("Shield {}", d.shield), format!("护盾 {}", d.shield)));
    }
    if d.deflect > 0 {
        out.push(l(format!("Deflect {}", d.deflect), format!("偏转 {}", d.deflect)));
    }
    if let Some(e) = d.equip {
        let e = cost_text(e, &d.equip_pips);
        out.push(l(format!("Equip {e}"), format!("装备 {e}")));
    }
    if d.might_bonus != 0 {
        out.push(l(format!("Might Bonus +{}", d.might_bonus), format!("战力加成 +{}", d.might_bonus)));
    }
    if d.abilities.iter().any(|a| a.on == crate::cards::On::Deathknell) {
        out.push(l("Deathknell", "绝响"));
    }
    if d.abilities.iter().any(|a| a.legion) {
        out.push(l("Legion", "军团"));
    }
    crate::keywords::present::keywords_of(d, &mut out);
    out
}

fn type_names(d: &CardDef) -> (String, String) {
    match d.kind {
        Kind::Unit if d.champion => ("Champion Unit".into(), "英雄单位".into()),
        Kind::Unit if d.signature => ("Signature Unit".into(), "专属单位".into()),
        Kind::Unit => ("Unit".into(), "单位".into()),
        Kind::Spell if d.signature => ("Signature Spell".into(), "专属法术".into()),
        Kind::Spell => ("Spell".into(), "法术".into()),
        Kind::Gear if d.equipment => ("Gear — Equipment".into(), "装备 — 武装".into()),
        Kind::Gear => ("Gear".into(), "装备".into()),
        Kind::Legend => ("Legend".into(), "传奇".into()),
        Kind::Battlefield => ("Battlefield".into(), "战场".into()),
        Kind::Rune => ("Rune".into(), "符文".into()),
        Kind::Token => ("Unit Token".into(), "单位指示物".into()),
    }
}

/// Every card of the set (units, spells, gear, legends with their abilities, battlefields with
/// theirs, runes, tokens) and the blank battlefield token (CR 651), keyed as the views' `card`.
pub fn catalogue(db: &CardDb) -> Vec<CardInfo> {
    let mut out = Vec::new();
    for d in &db.cards {
        let (te, tz) = type_names(d);
        let cost = d.is_main_deck().then(|| cost_text(d.energy, &d.pips));
        let domains: Vec<&str> =
            (0..6).filter(|i| d.domains & (1 << i) != 0).map(|i| crate::cards::DOMAINS[i]).collect();
        let text_zh = d.text_zh.clone();
        let set = d.id.split_once('-').map(|(s, _)| s).unwrap_or("").to_string();
        out.push(
            CardInfo {
                key: d.id.clone(),
                name_en: d.name.clone(),
                name_zh: d.zh.clone(),
                type_en: te,
                type_zh: tz,
                cost,
                power: d.is_unit().then_some(d.might as i64),
                power_name: Some(Label::new("Might", "战力")),
                keywords: keywords_of(d),
                text_en: d.text.clone(),
                text_zh,
                extra: Default::default(),
            }
            .with("domains", json!(domains))
            .with("tags", json!(d.tags))
            .with("set", set),
        );
    }
    out.push(
        CardInfo {
            key: BLANK.into(),
            name_en: "Blank Battlefield".into(),
            name_zh: "空白战场".into(),
            type_en: "Battlefield Token".into(),
            type_zh: "战场指示物".into(),
            text_en: "No abilities. (A conceding player's battlefield becomes this token; units there stay, CR 651.)"
                .into(),
            text_zh: "没有能力。（认输玩家的战场变为此指示物；其上的单位保留，CR 651。）".into(),
            ..Default::default()
        }
        .with("set", "ST1"),
    );
    out
}

// ---------------------------------------------------------------------- options

pub fn options_info() -> Vec<OptionInfo> {
    let d = RiftOptions::default();
    vec![
        OptionInfo::new(
            "mode",
            l("Mode of play", "游戏模式"),
            l(
                "1v1 duel, free-for-all with three or four players, or two teams of two (CR 481–489)",
                "1对1决斗、三人或四人混战，或二对二团队战（CR 481–489）",
            ),
            json!(d.mode),
        )
        .choice(json!(Mode::Duel), l("1v1 Duel", "1对1决斗"))
        .choice(json!(Mode::Ffa3), l("Free-for-all, 3 players (Skirmish)", "三人混战（遭遇战）"))
        .choice(json!(Mode::Ffa4), l("Free-for-all, 4 players (War)", "四人混战（战争）"))
        .choice(json!(Mode::TwoVsTwo), l("2v2 teams (Magma Chamber)", "二对二团队（熔岩密室）")),
        OptionInfo::new(
            "edition",
            l("Rules edition", "规则版本"),
            l(
                "The Core Rules edition; only the 2026-07-16 rules are implemented",
                "核心规则版本；仅实现了2026-07-16版规则",
            ),
            json!(d.edition),
        )
        .choice(json!(crate::options::Edition::Cr20260716), l("Core Rules 2026-07-16", "核心规则 2026-07-16")),
        OptionInfo::new(
            "victory_score",
            l("Victory Score", "胜利分数"),
            l(
                "Points needed to win; empty means the mode's (8, or 11 in 2v2) (CR 193)",
                "获胜所需分数；留空则按模式（8分，二对二为11分）（CR 193）",
            ),
            serde_json::Value::Null,
        )
        .range(1, 30),
        OptionInfo::new(
            "exact_forty",
            l("Exactly 40 cards", "主牌组恰好40张"),
            l(
                "Main decks must have exactly 40 cards (tournament rule) instead of at least 40 (CR 103.2)",
                "主牌组必须恰好40张（赛事规则），而非至少40张（CR 103.2）",
            ),
            json!(d.exact_forty),
        )
        .yes_no(),
        OptionInfo::new(
            "opening_hand",
            l("Opening hand", "起手牌数"),
            l("Cards each player draws at setup (CR 116)", "开局时每名玩家抽的牌数（CR 116）"),
            json!(d.opening_hand),
        )
        .range(0, 10),
        OptionInfo::new(
            "mulligan_max",
            l("Mulligan limit", "调度上限"),
            l("Cards a player may set aside and redraw in the mulligan (CR 117)", "调度时玩家最多可放到一旁并重抽的牌数（CR 117）"),
            json!(d.mulligan_max),
        )
        .range(0, 10),
        OptionInfo::new(
            "turn_limit",
            l("Turn limit", "回合上限"),
            l(
                "Not a rule: after this many turns per two players the game is a draw, so that every game ends; 0 = none",
                "非正式规则：每两名玩家进行这么多回合后对局判为平局，以保证对局结束；0 = 无上限",
            ),
            json!(d.turn_limit),
        )
        .range(0, 1000),
        OptionInfo::new(
            "hide_neutral_open_only",
            l("Hide only in Neutral Open", "仅在中立开放时待命"),
            l(
                "Cards may be hidden only in your own Main Phase with no chain or showdown (spec §29 #3)",
                "只能在你自己的主要阶段、无链且无对决时将卡牌待命（规格 §29 #3）",
            ),
            json!(d.hide_neutral_open_only),
        )
        .yes_no(),
        OptionInfo::new(
            "converted_combat_keeps_focus",
            l("Converted combat keeps Focus", "转为战斗时保留焦点"),
            l(
                "When a showdown turns into a combat, whoever holds Focus keeps it (spec §29 #2)",
                "当对决转为战斗时，持有焦点的玩家保留焦点（规格 §29 #2）",
            ),
            json!(d.converted_combat_keeps_focus),
        )
        .yes_no(),
        OptionInfo::new(
            "allow_concede",
            l("Conceding", "允许认输"),
            l(
                "Players may concede at any time and leave; in FFA the others play on, in 2v2 the team loses together (CR 649–652)",
                "玩家可随时认输并离开；混战中其他玩家继续，二对二中整队一同落败（CR 649–652）",
            ),
            json!(d.allow_concede),
        )
        .yes_no(),
        OptionInfo::new(
            "rune_actions",
            l("Manual payment", "手动支付"),
            l(
                "Exhaust and recycle runes (and use Add gear) yourself whenever you hold Priority; a cost the rune pool doesn't cover waits for you, 'pay' pays the rest automatically (CR 164.2, 429, 444)",
                "持有优先权时可自行横置或回收符文（及使用产出类装备）；法力池不足以支付的费用会等待你操作，“自动支付”支付其余部分（CR 164.2、429、444）",
            ),
            json!(d.rune_actions),
        )
        .yes_no(),
    ]
    .into_iter()
    .chain(crate::match_words::options_info())
    .collect()
}

/// The setup's fields (`RiftSetup`, `SeatSetup`), labelled for forms: the deck and team are real
/// settings; `top`, `battlefield` and `first` are test settings that fix what the rules leave to
/// chance (not for rated play).
pub fn setup_info() -> Vec<OptionInfo> {
    vec![
        OptionInfo::new(
            "deck",
            l("Deck", "牌组"),
            l("A starter deck name or a deck list (CR 103)", "起始牌组名称或牌组列表（CR 103）"),
            serde_json::Value::Null,
        ),
        OptionInfo::new(
            "team",
            l("Team", "队伍"),
            l(
                "2v2 only: seats 1 and 3 are team A, seats 2 and 4 team B (CR 489)",
                "仅二对二：座位1和3为A队，座位2和4为B队（CR 489）",
            ),
            serde_json::Value::Null,
        ),
        OptionInfo::new(
            "top",
            l("Test setting: cards on top of the deck", "测试设置：牌库顶的牌"),
            l(
                "For tests only: these card names are put on top of the shuffled deck, first on top",
                "仅供测试：将这些牌名放到洗好的牌库顶，第一张在最上",
            ),
            json!([]),
        ),
        OptionInfo::new(
            "battlefield",
            l("Test setting: battlefield used", "测试设置：使用的战场"),
            l(
                "For tests only: the battlefield this seat uses instead of a random one of its three (CR 103.4); not with choose_first in FFA4 or 2v2, where the first player is chosen later",
                "仅供测试：该座位使用的战场，而非从其三张中随机选择（CR 103.4）；四人混战或2对2中开启选择先后手时不可用（先手玩家稍后才决定）",
            ),
            serde_json::Value::Null,
        ),
        OptionInfo::new(
            "first",
            l("Test setting: first player", "测试设置：先手玩家"),
            l(
                "For tests only: the seat that goes first instead of a random one (CR 115)",
                "仅供测试：先手的座位，而非随机决定（CR 115）",
            ),
            serde_json::Value::Null,
        ),
    ]
}
