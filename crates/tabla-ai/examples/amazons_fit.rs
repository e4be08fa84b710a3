//! Data for fitting Amazons' evaluation by phase (Texel's method) from finished games: for
//! every position of some games (JSON lines of `tabla match --records`), the ply, the final
//! score of the player to move, and the evaluation's unweighted terms for that player, as CSV.
//! `bench/fit_phases.py` fits the weights in buckets of plies. Games between different
//! programs are as good as self-play here: the fit asks which terms foretell the result.
//!
//! ```text
//! cargo run --release -p tabla-ai --example amazons_fit -- RECORDS.jsonl… [-o size=10] > DATA.csv
//! ```

use tabla_ai::eval::amazons::AmazonsEval;
use tabla_ai::eval::Evaluator;
use tabla_core::GameOptions;
use tabla_core::{Game, ToMove};
use tabla_games::amazons::{Amazons, OPTIONS};

fn main() {
    let mut files = Vec::new();
    let mut options = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "-o" {
            options.push(args.next().expect("-o needs KEY=VALUE"));
        } else {
            files.push(a);
        }
    }
    let o = GameOptions::parse(OPTIONS, &options).expect("options");
    let e = AmazonsEval::default();
    let mut header = false;
    let mut games = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable records");
        for line in text.lines() {
            // The record is a plain string of move tokens: no JSON reader is needed for it.
            let Some((_, rest)) = line.split_once("\"record\":\"") else { continue };
            let record = rest.split('"').next().unwrap_or("");
            let mut g = Amazons::from_options(&o).expect("options");
            let mut seen = Vec::new();
            for token in record.split_whitespace() {
                let ToMove::Player(me) = g.to_move() else { break };
                let Ok(m) = g.parse_move(token) else { break };
                if let Some(f) = e.features(&g, me) {
                    seen.push((me, f));
                }
                g.play(m);
            }
            let Some(outcome) = g.outcome() else { continue };
            games += 1;
            for (ply, (me, f)) in seen.iter().enumerate() {
                if !header {
                    let names: Vec<&str> = f.iter().map(|x| x.0).collect();
                    println!("result,ply,{},one", names.join(","));
                    header = true;
                }
                let terms: Vec<String> = f.iter().map(|x| x.1.to_string()).collect();
                println!("{},{ply},{},1", outcome.score(*me, 2), terms.join(","));
            }
        }
    }
    eprintln!("{games} finished games");
}
