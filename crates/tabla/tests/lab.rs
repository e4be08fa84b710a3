//! `tabla lab` end to end at a tiny size: every experiment's pipeline (not its numbers), the
//! files the lab page reads, resuming a stopped run, and the errors a user can meet.

use std::process::{Command, Output};

fn tabla(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabla")).args(args).output().expect("tabla runs")
}

fn ok(out: &Output) -> String {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn temp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("tabla-lab-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn names() -> Vec<String> {
    ok(&tabla(&["lab", "list"]))
        .lines()
        .take_while(|l| !l.is_empty())
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect()
}

#[test]
fn every_experiment_runs_and_writes_what_the_page_reads() {
    let dir = temp("all");
    let out = ok(&tabla(&[
        "lab",
        "run",
        "all",
        "--quick",
        "--jobs",
        "2",
        "--out",
        dir.to_str().unwrap(),
    ]));
    let names = names();
    assert!(names.len() >= 9, "{names:?}");
    let index: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("index.json")).unwrap()).unwrap();
    let listed: Vec<&str> =
        index["experiments"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    assert_eq!(listed, names.iter().map(String::as_str).collect::<Vec<_>>());
    for name in &names {
        let v: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(dir.join(format!("{name}.json"))).unwrap(),
        )
        .unwrap();
        for key in ["title", "claim", "method", "answer"] {
            assert!(v[key]["en"].is_string() && v[key]["hu"].is_string(), "{name}: {key}");
        }
        assert!(v["claim"]["seed"].is_string(), "{name}");
        assert!(
            ["held", "failed", "undecided", "measured"].contains(&v["verdict"].as_str().unwrap()),
            "{name}"
        );
        let charts = v["charts"].as_array().unwrap();
        assert!(!charts.is_empty(), "{name}");
        for c in charts {
            assert!(
                ["bars", "heatmap", "histogram", "table"].contains(&c["kind"].as_str().unwrap()),
                "{name}"
            );
        }
        assert!(v["setup"]["command"]
            .as_str()
            .unwrap()
            .starts_with(&format!("tabla lab run {name}")));
        // Every example opens: its record plays from the start of its variant.
        for ex in v["examples"].as_array().unwrap() {
            let mut args = vec!["state".to_string(), ex["game"].as_str().unwrap().to_string()];
            for o in ex["options"].as_array().unwrap() {
                args.push("-o".into());
                args.push(o.as_str().unwrap().into());
            }
            args.push("--moves".into());
            args.push(ex["record"].as_str().unwrap().into());
            let s = ok(&tabla(&args.iter().map(String::as_str).collect::<Vec<_>>()));
            assert!(!s.contains("\"result\":null"), "{name}: the example game is finished");
        }
        assert!(out.contains(&format!("{name}.json")));
    }
    // The heat map of the GIPF piece table has a row per choice of White.
    let gipf: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("gipf-pieces.json")).unwrap())
            .unwrap();
    let heat = gipf["charts"].as_array().unwrap().iter().find(|c| c["kind"] == "heatmap").unwrap();
    assert_eq!(heat["cells"].as_array().unwrap().len(), heat["rows"].as_array().unwrap().len());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_stopped_run_resumes_and_another_run_is_not_mixed_in() {
    let dir = temp("resume");
    let d = dir.to_str().unwrap();
    let args = ["lab", "run", "amazons-time", "--quick", "--jobs", "1", "--out", d];
    ok(&tabla(&[&args[..], &["--games", "1"]].concat()));
    let log = dir.join("amazons-time.games.jsonl");
    let first = std::fs::read_to_string(&log).unwrap();
    assert_eq!(first.lines().count(), 2, "the parameters and one game");
    // Two games now: the first is kept, one more is played.
    let out = tabla(&[&args[..], &["--games", "2"]].concat());
    ok(&out);
    let second = std::fs::read_to_string(&log).unwrap();
    assert!(second.starts_with(&first), "the first game was kept");
    assert_eq!(second.lines().count(), 3);
    assert!(String::from_utf8_lossy(&out.stderr).contains("1 already played"));
    // A different seed does not mix: a clear error, exit 2, the log untouched.
    let other = tabla(&[&args[..], &["--games", "2", "--seed", "9"]].concat());
    assert_eq!(other.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&other.stderr).contains("--fresh"));
    assert_eq!(std::fs::read_to_string(&log).unwrap(), second);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn balance_measures_a_variant_and_errors_say_what_is_expected() {
    let out = ok(&tabla(&[
        "lab",
        "balance",
        "amazons",
        "-o",
        "size=5",
        "--games",
        "4",
        "--time-ms",
        "5",
        "--json",
    ]));
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let bars = v["charts"][0]["bars"].as_array().unwrap();
    assert_eq!(bars[0]["n"], 4);
    let report = ok(&tabla(&["lab", "balance", "seega", "--games", "2", "--time-ms", "5"]));
    assert!(report.contains("First player's score"), "{report}");
    let bad = tabla(&["lab", "balance", "amazons", "-o", "size=99"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("size"));
    let unknown = tabla(&["lab", "run", "nonsense"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("gipf-pieces"));
}
