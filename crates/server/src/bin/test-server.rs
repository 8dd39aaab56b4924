//! A server hosting the engine's Pebbles test game with random bots, for the crash-recovery
//! test and the load test. Usage:
//! `test-server [--addr 127.0.0.1:0] [--db URL] [--max-conn-per-ip N] [--rate N] [--bot-delay-ms N]`
//! Prints `listening on ADDR` once it accepts connections.

use engine::testgame::Pebbles;
use engine::{DynGame, Registry, Seat};
use server::{BotHost, RandomBots, ServerConfig};
use std::io::Write;
use std::sync::Arc;
use std::time::Duration;

/// Random bots that think for a while (so that a test can catch a bot game mid-play).
struct SlowBots(Duration);

impl BotHost for SlowBots {
    fn choose(&self, game: &dyn DynGame, seat: Seat, spec: &str, seed: u64) -> Result<String, String> {
        std::thread::sleep(self.0);
        RandomBots.choose(game, seat, spec, seed)
    }
    fn validate(&self, game: &str, spec: &str) -> Result<(), String> {
        RandomBots.validate(game, spec)
    }
}

fn main() -> anyhow::Result<()> {
    let mut config = ServerConfig { addr: "127.0.0.1:0".parse()?, ..ServerConfig::default() };
    let mut bot_delay = Duration::ZERO;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().ok_or_else(|| anyhow::anyhow!("{a} needs a value"));
        match a.as_str() {
            "--addr" => config.addr = value()?.parse()?,
            "--db" => config.database_url = value()?,
            "--max-conn-per-ip" => config.limits.max_connections_per_ip = value()?.parse()?,
            "--rate" => {
                config.limits.messages_per_second = value()?.parse()?;
                config.limits.burst = config.limits.messages_per_second * 2.0;
            }
            "--dev-settings" => config.dev_settings = true,
            "--secure-cookies" => config.secure_cookies = true,
            "--bot-delay-ms" => bot_delay = Duration::from_millis(value()?.parse()?),
            other => anyhow::bail!("unknown argument '{other}'"),
        }
    }
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    rt.block_on(async {
        let running = server::start(config, Registry::new().with::<Pebbles>(), Arc::new(SlowBots(bot_delay))).await?;
        println!("listening on {}", running.addr);
        std::io::stdout().flush()?;
        running.task.await??;
        Ok(())
    })
}
