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
}

pub fn run(args: Args) -> Result<ExitCode> {
    let reg = registry();
    let mut failed = 0;
    for file in &args.files {
        let scenario = Scenario::from_file(std::path::Path::new(file)).map_err(|e| anyhow::anyhow!("{e}"))?;
        match scenario.run(&reg) {
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
