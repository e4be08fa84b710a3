//! Rebuilds the crate when a file under `web/` changes (the page is embedded in the binary),
//! and lists the lab's result files for embedding: only `web/lab/*.json`, so that the games a
//! run keeps beside them (`NAME.games.jsonl`, megabytes) never end up in the binary.
use std::fmt::Write as _;
use std::path::Path;

fn main() {
    for part in ["index.html", "favicon.svg", "css", "js", "lab"] {
        println!("cargo:rerun-if-changed=../../web/{part}");
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/lab");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .filter(|e| e.file_type().map(|t| t.is_file()).unwrap_or(false))
                .filter_map(|e| e.file_name().into_string().ok())
                .filter(|n| n.ends_with(".json"))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let mut code = String::from(
        "/// `web/lab/*.json`, by file name.\npub static LAB: &[(&str, &[u8])] = &[\n",
    );
    for name in names {
        let path = dir.join(&name);
        let _ = writeln!(code, "    ({name:?}, include_bytes!({:?})),", path.display().to_string());
    }
    code.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("lab_files.rs");
    std::fs::write(out, code).expect("write lab_files.rs");
}
