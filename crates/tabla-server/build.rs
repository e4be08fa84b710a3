//! Rebuilds the crate when a file under `web/` changes (the page is embedded in the binary).
fn main() {
    println!("cargo:rerun-if-changed=../../web");
}
