//! What a viewer may know (CR 128): hands are private, decks secret, facedown cards private to
//! their controller; everything else on the board, chain and trash is public.

use crate::action::ObjId;
use crate::state::*;
use engine::{Outcome, Viewer};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardView {
    pub id: ObjId,
    /// The catalogue key (`/api/games/riftbound/cards`), e.g. "ST1-042".
    #[serde(default)]
    pub card: String,
    pub name: String,
    pub zh: String,
    pub controller: u8,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub might: Option<i32>,
    #[serde(skip_serializing_if = "is_zero", default)]
    pub damage: i16,
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub status: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub attached_to: Option<ObjId>,
    /// Counters on it by name (CR 741–749), public; buffs are in `status`.
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty", default)]
    pub counters: std::collections::BTreeMap<String, u16>,
    /// The Repeat costs granted to its activated abilities this turn (CR 820,
    /// `grant_ability_repeat`), public: "1", "0 A".
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub ability_repeats: Vec<String>,
    /// Its tags, Energy cost and domains while a trait-setting effect applies (CR 477.1.a;
    /// `traits.rs`); absent otherwise (the card's own are in the catalogue).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub traits: Option<crate::traits::TraitsView>,
}

fn is_zero(x: &i16) -> bool {
    *x == 0
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerView {
    /// Team (2v2: seats 1 and 3 are team 0, seats 2 and 4 team 1; otherwise the seat).
    pub team: u8,
    /// Conceded and left the game (CR 649–652).
    #[serde(skip_serializing_if = "std::ops::Not::not", default)]
    pub left: bool,
    pub legend: String,
    pub legend_exhausted: bool,
    pub points: u8,
    pub hand_count: usize,
    /// Only for the player themself (or an omniscient viewer).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub hand: Option<Vec<CardView>>,
    pub deck_count: usize,
    pub rune_deck_count: usize,
    pub champion_zone: Vec<CardView>,
    pub base: Vec<CardView>,
    pub runes_ready: usize,
    pub runes_exhausted: usize,
    pub runes: Vec<String>,
    pub trash: Vec<CardView>,
    /// The legend as a card object: `id` "L1"… (the seat), `card` its catalogue key.
    #[serde(default)]
    pub legend_card: LegendView,
    /// The runes on the board, each with its `id` and `card` (`runes` lists their names).
    #[serde(default)]
    pub rune_cards: Vec<CardView>,
    /// The rune pool (CR 165–167), public: what the player has added and not yet spent.
    #[serde(default)]
    pub pool: PoolView,
    /// The battlefields ("b1") this player scored this turn (CR 470: once each per turn).
    #[serde(default)]
    pub scored: Vec<String>,
    /// Cards this player has revealed (CR 424): every viewer sees them, wherever they are, until
    /// the revealing item finishes resolving.
    #[serde(default)]
    pub revealed: Vec<CardView>,
    /// Experience (CR 728–733), public; not shared with a teammate.
    #[serde(skip_serializing_if = "is_zero_u16", default)]
    pub xp: u16,
    /// The Repeat costs granted to this player's next spell this turn (CR 820, `grant_repeat`),
    /// public, as costs are printed: "1", "0 A".
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub next_spell_repeats: Vec<String>,
    /// The Repeat costs granted to every spell this player plays this turn (CR 820,
    /// `grant_repeat` with `spells = "this_turn"`), public.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub turn_spell_repeats: Vec<String>,
}

fn is_zero_u16(x: &u16) -> bool {
    *x == 0
}

/// A rune pool: Energy, and Power by domain ("fury", "calm", …; only domains with some).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PoolView {
    pub energy: u8,
    pub power: std::collections::BTreeMap<String, u8>,
}

/// A staged showdown (CR 323.9–10): a contested battlefield where no showdown is running yet.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StagedView {
    /// "b1", as in the notation.
    pub id: String,
    pub battlefield: u8,
    pub contested_by: u8,
    /// Units of another player are there: it will be a combat (CR 460).
    pub combat: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LegendView {
    /// "L" and the seat, 1-based ("L1"): the id actions and prompts name the legend by.
    pub id: String,
    pub card: String,
    pub name: String,
    pub zh: String,
    pub exhausted: bool,
    /// Counters on it by name (CR 741–749), public.
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty", default)]
    pub counters: std::collections::BTreeMap<String, u16>,
    /// Repeat granted to its activated abilities this turn (CR 820, `grant_ability_repeat`),
    /// public: "1", "0 A".
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub ability_repeats: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BattlefieldView {
    /// "b" and the battlefield's number, 1-based ("b1"), as in the notation.
    #[serde(default)]
    pub id: String,
    /// Catalogue key; "BLANK" for a blank battlefield token (CR 651).
    #[serde(default)]
    pub card: String,
    pub name: String,
    pub zh: String,
    pub owner: u8,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub controller: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub contested_by: Option<u8>,
    pub units: Vec<CardView>,
    /// A facedown card: its controller (and omniscient viewers) see what it is.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub facedown: Option<FacedownView>,
    /// Counters on it by name (CR 741–749), public; they stay with it (battlefields do not leave
    /// the board).
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty", default)]
    pub counters: std::collections::BTreeMap<String, u16>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FacedownView {
    pub controller: u8,
    /// The facedown card's id (which card it is shows only in `card`, to its controller).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub id: Option<ObjId>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub card: Option<CardView>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ItemView {
    pub controller: u8,
    pub source: String,
    pub targets: Vec<String>,
    /// A spell: the card's id (as a string); an ability: "k" and its chain position ("k1").
    #[serde(default)]
    pub id: String,
    /// Catalogue key of the source (the spell, or the card whose ability it is).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub card: Option<String>,
    /// The id of the source object ("12", "L1", "b2").
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub source_id: Option<String>,
    /// The ids of the chosen targets.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub target_ids: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShowdownView {
    pub battlefield: u8,
    pub focus: u8,
    pub combat: bool,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub attacker: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub defender: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RiftView {
    pub mode: crate::options::Mode,
    pub victory_score: u8,
    pub turn: u16,
    pub turn_player: u8,
    pub phase: Phase,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub to_act: Option<u8>,
    /// What the seat to act is asked, in a word ("mulligan", "targets", "assign", …).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub prompt: Option<String>,
    /// A card only the viewer may see for the current prompt (Predict).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub peek: Option<CardView>,
    /// The cards only the viewer may see for a Predict N > 1 prompt, top of the deck first
    /// (CR 436): those still to recycle or keep, then those still to put back.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub looked: Vec<CardView>,
    pub players: Vec<PlayerView>,
    pub battlefields: Vec<BattlefieldView>,
    pub chain: Vec<ItemView>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub showdown: Option<ShowdownView>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub outcome: Option<Outcome>,
    /// The card being played while its choices are made (it has left the hand, CR 355).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub playing: Option<CardView>,
    /// The chain item resolving now, while a choice it asks for is made (CR 340, 359.3).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub resolving: Option<ItemView>,
    /// Showdowns and combats staged at contested battlefields, waiting to begin (CR 323.9–10).
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub staged: Vec<StagedView>,
    /// Additional turns to come (CR 734–738), the seat taking the next one first.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub extra_turns: Vec<u8>,
    /// A Bo3/Bo5 match: the games so far and, for a seat, its own deck and sideboard.
    #[serde(rename = "match", skip_serializing_if = "Option::is_none", default)]
    pub match_record: Option<crate::match_view::MatchView>,
}

fn sees(viewer: Viewer, seat: u8) -> bool {
    match viewer {
        Viewer::Omniscient => true,
        Viewer::Seat(s) => s.0 == seat,
        Viewer::Spectator => false,
    }
}

impl RiftGame {
    pub fn card_view(&self, id: ObjId) -> CardView {
        let o = self.obj(id);
        let d = self.def(o.def);
        let mut status = Vec::new();
        for (f, n) in [
            (flag::EXHAUSTED, "exhausted"),
            (flag::BUFFED, "buffed"),
            (flag::STUNNED, "stunned"),
            (flag::ATTACKER, "attacking"),
            (flag::DEFENDER, "defending"),
            (flag::TOKEN, "token"),
            (flag::EMPOWERED, "empowered"),
        ] {
            if o.has(f) {
                status.push(n.to_string());
            }
        }
        // Control gained "this turn" (CR 191): it goes back when the turn ends.
        if self.control_this_turn(id) {
            status.push("control_this_turn".to_string());
        }
        // Abilities granted to it (CR 477.2, `grant.rs`): `ability:CARD:BLOCK`, public (CR 109.2).
        for (g, a) in self.granted_abilities(id) {
            status.push(format!("ability:{}:{a}", self.def(g).id));
        }
        // Damage replacement effects on it this turn (CR 367–375, `replace.rs`): public.
        for w in self.wards.iter().filter(|w| w.unit == id && w.inc == o.inc) {
            status.push(crate::replace::ward_status(w));
        }
        // The name it has now (layer 1, CR 477.1.a: copies and "its name becomes …").
        let named = self.def(self.name_def(id));
        CardView {
            id,
            card: d.id.clone(),
            name: named.name.clone(),
            zh: named.zh.clone(),
            controller: o.controller,
            might: d.is_unit().then(|| if o.zone.on_board() { self.might(id) } else { d.might }),
            damage: o.damage,
            status,
            attached_to: (o.attached_to != NONE).then_some(o.attached_to),
            counters: self.counter_names(crate::keywords::Holder::Obj(id)),
            ability_repeats: self.repeat_texts(crate::keywords::Holder::Obj(id)),
            traits: self.traits_view(id),
        }
    }

    /// The Repeat instances granted to `at`'s activated abilities this turn, as cost texts.
    fn repeat_texts(&self, at: crate::keywords::Holder) -> Vec<String> {
        self.repeats_granted(at).map(|g| crate::present::cost_text(g.cost.energy, g.cost.pips())).collect()
    }

    pub fn make_view(&self, viewer: Viewer) -> RiftView {
        let over = self.outcome.is_some();
        let viewer = if over { Viewer::Omniscient } else { viewer };
        let mut players = Vec::new();
        for (s, p) in self.players.iter().enumerate() {
            let s = s as u8;
            let mine = |z: Zone| -> Vec<CardView> {
                (0..self.objs.len() as ObjId)
                    .filter(|&i| {
                        let o = self.obj(i);
                        o.zone == z
                            && if z == Zone::Trash || z == Zone::ChampionZone {
                                o.owner == s
                            } else {
                                o.controller == s
                            }
                    })
                    .filter(|&i| self.card(i).kind != crate::cards::Kind::Rune)
                    .map(|i| self.card_view(i))
                    .collect()
            };
            let runes: Vec<ObjId> = (0..self.objs.len() as ObjId)
                .filter(|&i| {
                    let o = self.obj(i);
                    o.zone == Zone::Base && o.controller == s && self.def(o.def).kind == crate::cards::Kind::Rune
                })
                .collect();
            let mut hand: Vec<ObjId> = p.hand.clone();
            hand.sort_unstable();
            players.push(PlayerView {
                team: p.team,
                left: p.left,
                legend: self.def(p.legend).name.clone(),
                legend_exhausted: p.legend_exhausted,
                points: p.points,
                hand_count: p.hand.len(),
                hand: sees(viewer, s).then(|| hand.iter().map(|&h| self.card_view(h)).collect()),
                deck_count: p.deck.len(),
                rune_deck_count: p.rune_deck.len(),
                champion_zone: mine(Zone::ChampionZone),
                base: mine(Zone::Base),
                runes_ready: runes.iter().filter(|&&r| !self.obj(r).has(flag::EXHAUSTED)).count(),
                runes_exhausted: runes.iter().filter(|&&r| self.obj(r).has(flag::EXHAUSTED)).count(),
                runes: runes.iter().map(|&r| self.card(r).name.clone()).collect(),
                trash: mine(Zone::Trash),
                legend_card: LegendView {
                    id: format!("L{}", s + 1),
                    card: self.def(p.legend).id.clone(),
                    name: self.def(p.legend).name.clone(),
                    zh: self.def(p.legend).zh.clone(),
                    exhausted: p.legend_exhausted,
                    counters: self.counter_names(crate::keywords::Holder::Legend(s)),
                    ability_repeats: self.repeat_texts(crate::keywords::Holder::Legend(s)),
                },
                rune_cards: runes.iter().map(|&r| self.card_view(r)).collect(),
                pool: PoolView {
                    energy: p.pool.energy,
                    power: (0..6)
                        .filter(|&i| p.pool.power[i] != 0)
                        .map(|i| (crate::cards::DOMAINS[i].to_string(), p.pool.power[i]))
                        .collect(),
                },
                xp: p.xp,
                next_spell_repeats: p
                    .spell_repeats
                    .iter()
                    .filter(|g| !g.this_turn)
                    .map(|g| crate::present::cost_text(g.cost.energy, g.cost.pips()))
                    .collect(),
                turn_spell_repeats: p
                    .spell_repeats
                    .iter()
                    .filter(|g| g.this_turn)
                    .map(|g| crate::present::cost_text(g.cost.energy, g.cost.pips()))
                    .collect(),
                scored: (0..self.bfs.len())
                    .filter(|b| p.scored & (1 << b) != 0)
                    .map(|b| format!("b{}", b + 1))
                    .collect(),
                revealed: self
                    .revealed
                    .iter()
                    .filter(|&&r| (r as usize) < self.objs.len() && self.obj(r).owner == s)
                    .map(|&r| self.card_view(r))
                    .collect(),
            });
        }
        let battlefields = self
            .bfs
            .iter()
            .enumerate()
            .map(|(b, bf)| {
                let d = self.def(bf.def);
                let (name, zh) = if bf.blank {
                    (format!("Blank Battlefield (was {})", d.name), format!("空白战场（原{}）", d.zh))
                } else {
                    (d.name.clone(), d.zh.clone())
                };
                let mut units: Vec<CardView> = (0..self.objs.len() as ObjId)
                    .filter(|&i| self.obj(i).zone == Zone::Bf(b as u8))
                    .map(|i| self.card_view(i))
                    .collect();
                units.sort_by_key(|c| c.id);
                BattlefieldView {
                    id: format!("b{}", b + 1),
                    card: if bf.blank { crate::present::BLANK.to_string() } else { d.id.clone() },
                    name,
                    zh,
                    owner: bf.owner,
                    controller: (bf.controller != NOBODY).then_some(bf.controller),
                    contested_by: (bf.contested_by != NOBODY).then_some(bf.contested_by),
                    units,
                    facedown: (bf.facedown != NONE).then(|| {
                        let c = self.obj(bf.facedown).controller;
                        FacedownView {
                            controller: c,
                            id: Some(bf.facedown),
                            card: sees(viewer, c).then(|| self.card_view(bf.facedown)),
                        }
                    }),
                    counters: self.counter_names(crate::keywords::Holder::Bf(b as u8)),
                }
            })
            .collect();
        let sees_seat = |s: u8| sees(viewer, s);
        let item_view = |k: usize, it: &Item| {
            let src = self.item_source_as(it, &sees_seat);
            ItemView {
                controller: it.controller,
                source: self.item_name(it),
                targets: it.targets.iter().map(|(_, t)| self.tgt_name(*t)).collect(),
                id: match it.src {
                    ItemSrc::Spell(id) => id.to_string(),
                    _ => format!("k{}", k + 1),
                },
                card: src.card.clone(),
                source_id: (!src.id.is_empty()).then(|| src.id.clone()),
                target_ids: it
                    .targets
                    .iter()
                    .map(|(_, t)| match *t {
                        Tgt::Obj(id, _) => self.cref_as(id, &sees_seat).id,
                        _ => self.tgt_ref(*t).id,
                    })
                    .collect(),
            }
        };
        let chain = self.chain.iter().enumerate().map(|(k, it)| item_view(k, it)).collect();
        let prompt = self.prompt.as_ref().map(|p| {
            match p {
                Prompt::Mulligan { .. } => "mulligan",
                Prompt::Build(b) => match b.stage {
                    Stage::Optional => "optional",
                    Stage::Location => "location",
                    Stage::Accelerate => "accelerate",
                    Stage::ExtraDiscard => "additional cost",
                    Stage::Targets(_) => "targets",
                    Stage::Pay => "payment",
                    Stage::Deflect => "deflect",
                    Stage::Repeat => "repeat",
                    Stage::PayInstr => "payment in an instruction",
                    Stage::EquipPip => "equip pip",
                },
                Prompt::TriggerOrder { .. } => "trigger order",
                Prompt::Discard { .. } => "discard",
                Prompt::Recycle { .. } => "recycle",
                Prompt::Predict { .. } => "predict",
                Prompt::PredictMany { order: false, .. } => "predict",
                Prompt::PredictMany { order: true, .. } => "predict order",
                Prompt::AddDomain { .. } => "domain",
                Prompt::Assign { .. } => "assign damage",
                Prompt::MoveGroup { .. } => "move",
                Prompt::Showdown { .. } => "showdown order",
                Prompt::BurnOut { .. } => "burn out",
                Prompt::HidePay { .. } => "payment",
                Prompt::Split { .. } => "split damage",
                Prompt::Replacement { .. } => "replacement order",
                Prompt::EnterReady { .. } => "enter ready",
                Prompt::Sideboard { .. } => "sideboard",
                Prompt::ChooseField { .. } => "battlefield choice",
                Prompt::PlayFirst { .. } => "play first",
            }
            .to_string()
        });
        let peek = match &self.prompt {
            Some(Prompt::Predict { seat, card }) if sees(viewer, *seat) => Some(self.card_view(*card)),
            _ => None,
        };
        // Predict N > 1 (CR 436): the looked-at cards still to decide, top first, to their owner.
        let looked = match &self.prompt {
            Some(Prompt::PredictMany { seat, cards, .. }) if sees(viewer, *seat) => {
                let deck = &self.players[*seat as usize].deck;
                deck.iter().filter(|c| cards.contains(c)).map(|&c| self.card_view(c)).collect()
            }
            _ => Vec::new(),
        };
        RiftView {
            mode: self.opts.mode,
            victory_score: self.opts.victory(),
            turn: self.turn,
            turn_player: self.turn_player,
            phase: self.phase,
            to_act: self.acting(),
            prompt,
            peek,
            looked,
            players,
            battlefields,
            chain,
            showdown: self.showdown.as_ref().map(|s| ShowdownView {
                battlefield: s.bf,
                focus: s.focus,
                combat: s.combat.is_some(),
                attacker: s.combat.as_ref().map(|c| c.attacker),
                defender: s.combat.as_ref().map(|c| c.defender),
            }),
            outcome: self.outcome.clone(),
            playing: match &self.prompt {
                Some(Prompt::Build(b)) if b.card != NONE => Some(self.card_view(b.card)),
                _ => None,
            },
            resolving: self.resolving.as_ref().map(|r| item_view(self.chain.len(), &r.item)),
            staged: (0..self.bfs.len() as u8)
                .filter(|&b| {
                    self.bfs[b as usize].contested_by != NOBODY && self.showdown.as_ref().is_none_or(|s| s.bf != b)
                })
                .map(|b| {
                    let c = self.bfs[b as usize].contested_by;
                    StagedView {
                        id: format!("b{}", b + 1),
                        battlefield: b,
                        contested_by: c,
                        combat: self.units_at(Loc::Bf(b)).any(|u| self.obj(u).controller != c),
                    }
                })
                .collect(),
            extra_turns: self.extra_turns.iter().rev().copied().collect(),
            match_record: self.match_view(viewer),
        }
    }

    /// The name of an object as everyone may know it: a card that went to a private zone (a hand,
    /// a deck) while something on the chain names it is "a hidden card" (CR 128).
    fn public_name(&self, id: ObjId) -> String {
        match self.obj(id).zone {
            Zone::Hand | Zone::Deck | Zone::RuneDeck | Zone::Facedown(_) => "a hidden card".into(),
            _ => self.card(id).name.clone(),
        }
    }

    pub fn item_name(&self, it: &Item) -> String {
        let base = match it.src {
            ItemSrc::Spell(id) | ItemSrc::Obj(id) => self.public_name(id),
            ItemSrc::Legend(s) => self.def(self.players[s as usize].legend).name.clone(),
            ItemSrc::Bf(b) => self.bf_def(b).map(|d| d.name.clone()).unwrap_or_else(|| "Blank Battlefield".into()),
        };
        match self.ability(it).and_then(|a| a.keyword) {
            Some(k) => format!("{base} ({})", k.names().0),
            None => base,
        }
    }

    pub fn tgt_name(&self, t: Tgt) -> String {
        match t {
            Tgt::Obj(id, _) => format!("{} c{id}", self.public_name(id)),
            Tgt::Bf(b) => format!("{} b{}", self.def(self.bfs[b as usize].def).name, b + 1),
            Tgt::Base(s) => format!("P{} base", s + 1),
            Tgt::Legend(s) => format!("{} (P{} legend)", self.def(self.players[s as usize].legend).name, s + 1),
        }
    }
}
