//! `cardtable scenario FILE...`: run scenario files (docs/formats.md).

use crate::games::registry;
use anyhow::Result;
use clap::Args as ClapArgs;
use engine::scenario::Scenario;
use std::process::ExitCode;

#[derive(ClapArgs)]
pub struct Args {
    /// Scenario files (TOML).
    #[arg(required = true)]
    files: Vec<String>,
    /// Print every action played, with every log event it produced (what the engine resolved
    /// by itself shows here): the material for a step's `log_contains`.
    #[arg(long)]
    trace: bool,
    /// Play with this card-set file instead of the scenario's own `cards` (inline `[[card]]`
    /// tables still apply on top).
    #[arg(long)]
    cards: Option<String>,
}

/// Who a log event is shown to, in a few letters.
fn visibility(v: &engine::Visibility) -> String {
    match v {
        engine::Visibility::All => "all".into(),
        engine::Visibility::Seat(s) => format!("{s} only"),
        engine::Visibility::AllBut(s) => format!("all but {s}"),
        engine::Visibility::Nobody => "nobody".into(),
    }
}

pub fn run(args: Args) -> Result<ExitCode> {
    let reg = registry();
    let mut failed = 0;
    for file in &args.files {
        let mut scenario = Scenario::from_file(std::path::Path::new(file)).map_err(|e| anyhow::anyhow!("{e}"))?;
        if let Some(cards) = &args.cards {
            let entry = reg.get(&scenario.game).map_err(anyhow::Error::msg)?;
            crate::input::refuse_unloadable(entry)?;
            // Relative to the working folder, not to the scenario.
            let path = std::env::current_dir()?.join(cards);
            scenario.cards = Some(path.display().to_string());
        }
        if args.trace {
            println!("trace {file}: {}", scenario.name);
        }
        let mut trace = |step: usize, action: &str, log: &[engine::LogEntry<engine::dynamic::LoggedEvent>]| {
            if !args.trace {
                return;
            }
            println!("  step {step}  {action}");
            if log.is_empty() {
                println!("      (no log events)");
            }
            for e in log {
                let l = &e.event.text.label;
                println!("      [{}] {} | {}", visibility(&e.visible_to), l.en, l.zh);
            }
        };
        match scenario.run_traced(&reg, &mut trace) {
            Ok(checks) => println!("ok    {file}: {} ({checks} checks)", scenario.name),
            Err(f) => {
                failed += 1;
                println!("FAIL  {file}: {}\n      {f}", scenario.name);
            }
        }
    }
    if failed > 0 {
        println!("{failed} of {} scenarios failed", args.files.len());
        Ok(ExitCode::FAILURE)
    } else {
        Ok(ExitCode::SUCCESS)
    }
}
