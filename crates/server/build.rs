//! The web client in `web/` is embedded with `include_dir!`, which cargo does not track:
//! rebuild this crate whenever anything under `web/` changes.

fn main() {
    println!("cargo:rerun-if-changed=../../web");
}
