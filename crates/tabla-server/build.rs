//! Rebuilds the crate when a file under `web/` changes (the page is embedded in the binary).
fn main() {
    for part in ["index.html", "favicon.svg", "css", "js", "lab"] {
        println!("cargo:rerun-if-changed=../../web/{part}");
    }
}
