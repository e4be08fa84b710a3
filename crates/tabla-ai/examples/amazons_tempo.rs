//! How much is the move worth in Amazons' evaluation? For every third position of some
//! games (JSON lines of `tabla match --records`), the evaluation for the player to move
//! before the move, and after the best move by the evaluation (the opponent then to move),
//! in buckets of ten plies. Half the gain is the tempo that a count of territory gives the
//! side that has just moved: a Monte Carlo search that evaluates leaves at both parities
//! mixes it into its values.
//!
//! ```text
//! cargo run --release -p tabla-ai --example amazons_tempo -- RECORDS.jsonl [-o size=10]
//! ```

use tabla_ai::eval::amazons::AmazonsEval;
use tabla_ai::eval::Evaluator;
use tabla_core::GameOptions;
use tabla_core::{Game, ToMove};
use tabla_games::amazons::{Amazons, OPTIONS};

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args.next().expect("a records file");
    let mut options = Vec::new();
    while let Some(a) = args.next() {
        if a == "-o" {
            options.push(args.next().expect("-o needs KEY=VALUE"));
        }
    }
    let e = AmazonsEval::default();
    // Per bucket of 10 plies: positions, Σ before, Σ after best, Σ after the move played, and
    // the last two by `evaluate_either`.
    let mut rows = [(0u32, 0i64, 0i64, 0i64, 0i64, 0i64); 10];
    let text = std::fs::read_to_string(&file).expect("readable records");
    let mut buf = Vec::new();
    let o = GameOptions::parse(OPTIONS, &options).expect("options");
    for line in text.lines() {
        // The record is a plain string of move tokens: no JSON reader is needed for it.
        let Some((_, rest)) = line.split_once("\"record\":\"") else { continue };
        let record = rest.split('"').next().unwrap_or("");
        let mut g = Amazons::from_options(&o).expect("options");
        for (ply, token) in record.split_whitespace().enumerate() {
            let ToMove::Player(me) = g.to_move() else { break };
            let m = g.parse_move(token).expect("a legal move");
            if ply % 3 == 0 && ply / 10 < rows.len() {
                g.legal_moves(&mut buf);
                let before = e.evaluate(&g, me);
                let best = buf
                    .iter()
                    .map(|&x| {
                        let mut c: Amazons = g.clone();
                        c.play(x);
                        e.evaluate(&c, me)
                    })
                    .max()
                    .unwrap_or(before);
                let mut c = g.clone();
                c.play(m);
                let r = &mut rows[ply / 10];
                r.0 += 1;
                r.1 += i64::from(before);
                r.2 += i64::from(best);
                r.3 += i64::from(e.evaluate(&c, me));
                r.4 += i64::from(e.evaluate_either(&g, me));
                r.5 += i64::from(e.evaluate_either(&c, me));
            }
            g.play(m);
        }
    }
    println!(
        "| plies | positions | before | after the best | after the move played | half the gain \
         | before, either | after, either |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (i, r) in rows.iter().enumerate().filter(|(_, r)| r.0 > 0) {
        let n = f64::from(r.0);
        let (b, a, p) = (r.1 as f64 / n, r.2 as f64 / n, r.3 as f64 / n);
        println!(
            "| {}–{} | {} | {b:.1} | {a:.1} | {p:.1} | {:.1} | {:.1} | {:.1} |",
            i * 10,
            i * 10 + 9,
            r.0,
            (p - b) / 2.0,
            r.4 as f64 / n,
            r.5 as f64 / n
        );
    }
}
