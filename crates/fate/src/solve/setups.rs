//! The designer's question (§3 R-S3, §8.5, Appendix A): from which setups does the first
//! player force a win within N plies against every reply setup? A setup is the sequence of
//! R-S2/R-S3 choices (King, Queen, composition, Knights, Pages), enumerated from the game's own
//! legal actions, so `setupMustSpendAll` and every other option are respected.

use super::{prove_goal, Proof, SolveConfig};
use crate::action::FateAction;
use crate::state::{FateGame, Step};
use serde::{Deserialize, Serialize};

/// One player's complete setup choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupChoice(pub Vec<FateAction>);

impl SetupChoice {
    /// The choice in action notation, e.g. `king=P queen=S comp=32 knights=PCW pages=PC`.
    pub fn notation(&self) -> String {
        self.0.iter().map(|a| a.to_string()).collect::<Vec<_>>().join(" ")
    }
}

/// Every setup choice of the seat that chooses first, in the game's legal-action order
/// (496 under the defaults, R-S3).
pub fn setup_choices(opts: &crate::FateOptions) -> Result<Vec<SetupChoice>, String> {
    opts.validate()?;
    let g = FateGame::blank(opts, 0);
    let seat = g.actor;
    let mut out = Vec::new();
    let mut path = Vec::new();
    walk(&g, seat, &mut path, &mut out);
    Ok(out)
}

fn walk(g: &FateGame, seat: u8, path: &mut Vec<FateAction>, out: &mut Vec<SetupChoice>) {
    if g.step != Step::Setup || g.actor != seat {
        out.push(SetupChoice(path.clone()));
        return;
    }
    let mut list = Vec::new();
    g.legal_into(&mut list);
    for a in list {
        let mut child = g.clone();
        child.perform(&a);
        path.push(a);
        walk(&child, seat, path, out);
        path.pop();
    }
}

/// The position after both setups: `first` is the setup of the seat taking ply 1 (R-S1),
/// `second` the other seat's. An error names a choice the options do not allow.
pub fn after_setups(opts: &crate::FateOptions, first: &SetupChoice, second: &SetupChoice) -> Result<FateGame, String> {
    opts.validate()?;
    let mut g = FateGame::blank(opts, 0);
    let mut queues = [first.0.iter(), second.0.iter()];
    while g.step == Step::Setup {
        let who = if g.actor == g.first { 0 } else { 1 };
        let a = queues[who].next().ok_or("a setup choice is incomplete")?;
        g.check_action(a).map_err(|e| format!("setup choice {a}: {e}"))?;
        g.perform(a);
    }
    Ok(g)
}

/// What is known about one first-player setup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SetupVerdict {
    pub index: usize,
    pub setup: String,
    /// `forced` (wins within N plies against every reply), `refuted` or `unknown`.
    pub status: String,
    /// The first reply setup (in enumeration order) proved to survive N plies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refuted_by: Option<String>,
    /// Reply setups whose proof ran out of budget.
    pub unknown_replies: usize,
    pub nodes: u64,
}

/// Judge first-player setup `index` against every reply, within `plies` plies from ply 1.
pub fn judge(
    opts: &crate::FateOptions,
    choices: &[SetupChoice],
    index: usize,
    plies: u32,
    per_pair: &SolveConfig,
) -> Result<SetupVerdict, String> {
    judge_against(opts, choices, index, choices.len(), plies, per_pair)
}

/// [`judge`] against the first `max_replies` reply setups only: a setup no tried reply refutes is
/// `unknown` (never `forced`) unless every reply was tried and proved to lose; the replies not
/// tried count in `unknown_replies`.
pub fn judge_against(
    opts: &crate::FateOptions,
    choices: &[SetupChoice],
    index: usize,
    max_replies: usize,
    plies: u32,
    per_pair: &SolveConfig,
) -> Result<SetupVerdict, String> {
    let mine = choices.get(index).ok_or_else(|| format!("setup index {index} out of range"))?;
    let mut nodes = 0;
    let mut unknown = choices.len().saturating_sub(max_replies);
    for reply in choices.iter().take(max_replies) {
        let g = after_setups(opts, mine, reply)?;
        let (proof, n) = prove_goal(&g, g.first, plies, per_pair).map_err(|e| e.to_string())?;
        nodes += n;
        match proof {
            Proof::Yes => {}
            Proof::No => {
                return Ok(SetupVerdict {
                    index,
                    setup: mine.notation(),
                    status: "refuted".into(),
                    refuted_by: Some(reply.notation()),
                    unknown_replies: unknown,
                    nodes,
                })
            }
            Proof::Unknown => unknown += 1,
        }
    }
    Ok(SetupVerdict {
        index,
        setup: mine.notation(),
        status: if unknown == 0 { "forced" } else { "unknown" }.into(),
        refuted_by: None,
        unknown_replies: unknown,
        nodes,
    })
}
