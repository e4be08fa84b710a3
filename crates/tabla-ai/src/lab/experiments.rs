//! The named experiments: each seed's claim, the cells that test it and how the games answer.

use super::stats::{apart, ci, f2, first_scores, histogram, mean_bar, mean_ci, score_bar};
use super::{
    same, t, Bar, Cell, Chart, Claim, Entry, Example, Experiment, LabGame, Plan, Role, Series,
    Size, Summary, Text, Verdict,
};
use crate::arena::Bot;
use crate::engine::Tweaks;
use std::collections::HashSet;
use std::time::Duration;
use tabla_core::ToMove;
use tabla_games::{with_game, AnyGame};

/// Every experiment, in the order the lab lists them.
pub fn all() -> Vec<Experiment> {
    vec![
        gipf_pieces(),
        gipf_variants(),
        gipf_positions(),
        seega_placing(),
        seega_balance(),
        amazons_time(),
        amazons_variants(),
        ur_action_exp(),
        ur_red(),
    ]
}

/// The experiment called `name`.
pub fn find(name: &str) -> Option<Experiment> {
    all().into_iter().find(|e| e.name == name)
}

/// The engine the lab plays with: level 5 (strong, with a little variety between games),
/// one search thread (games run side by side).
pub fn engine(time: Duration) -> Role {
    Role { bot: lab_bot(), time, plan: Plan::Free }
}

fn lab_bot() -> Bot {
    Bot::Level(5, Tweaks(vec![("threads".into(), 1)]))
}

fn planned(time: Duration, plan: Plan) -> Role {
    Role { plan, ..engine(time) }
}

fn cell(
    id: impl Into<String>,
    label: Text,
    game: &'static str,
    options: &[&str],
    roles: Vec<Role>,
    rotate: bool,
) -> Cell {
    Cell {
        id: id.into(),
        label,
        game,
        options: options.iter().map(|s| s.to_string()).collect(),
        roles,
        rotate,
    }
}

fn of<'a>(games: &'a [LabGame], id: &str) -> Vec<&'a LabGame> {
    games.iter().filter(|g| g.cell == id).collect()
}

/// The first-named role's score in each cell (the roles alternate seats).
fn first_role_bars(cells: &[Cell], games: &[LabGame]) -> Vec<Bar> {
    cells
        .iter()
        .map(|c| {
            let s: Vec<f64> = of(games, &c.id).iter().map(|g| g.role_score(0)).collect();
            score_bar(c.label.clone(), &s)
        })
        .collect()
}

fn example(label: Text, c: &Cell, games: &[LabGame]) -> Option<Example> {
    let g = games.iter().filter(|g| g.cell == c.id).min_by_key(|g| g.index)?;
    Some(Example { label, game: c.game, options: c.options.clone(), record: g.record.clone() })
}

fn length_chart(cells: &[Cell], games: &[LabGame], unit: Text) -> (Chart, Chart) {
    let bars = cells
        .iter()
        .map(|c| {
            let xs: Vec<f64> = of(games, &c.id).iter().map(|g| g.plies as f64).collect();
            mean_bar(c.label.clone(), &xs)
        })
        .collect::<Vec<_>>();
    let max = bars.iter().filter_map(|b| b.ci95.map(|c| c[1])).fold(1.0, f64::max);
    let series = cells
        .iter()
        .map(|c| {
            let xs: Vec<f64> = of(games, &c.id).iter().map(|g| g.plies as f64).collect();
            Series { label: c.label.clone(), bins: histogram(&xs, 12) }
        })
        .collect();
    (
        Chart::Bars {
            title: t("Mean game length", "Átlagos játékhossz"),
            unit: unit.clone(),
            min: 0.0,
            max: (max * 1.1).ceil(),
            reference: None,
            bars,
        },
        Chart::Histogram { title: t("Game lengths", "Játszmák hossza"), unit, series },
    )
}

fn first_chart(
    cells: &[Cell],
    games: &[LabGame],
    reference: impl Fn(&Cell) -> f64,
) -> (Chart, Vec<Bar>) {
    let bars: Vec<Bar> =
        cells.iter().map(|c| score_bar(c.label.clone(), &first_scores(of(games, &c.id)))).collect();
    let r = cells.first().map(&reference);
    (
        Chart::Bars {
            title: t("The first player's score", "A kezdő játékos pontaránya"),
            unit: t("mean score of the player who moves first", "a kezdő átlagos pontszáma"),
            min: 0.0,
            max: 1.0,
            reference: r,
            bars: bars.clone(),
        },
        bars,
    )
}

fn plies_text() -> Text {
    t("player moves (plies)", "lépések (fél lépéspárok)")
}

// ---------------------------------------------------------------------------------------
// GIPF

const GIPF_CLAIM: Claim = Claim {
    seed: "000",
    hu: "A kitűntetett bábuk számának optimuma 2-4 közé tehető és a másodiknak lépő kerül abba \
         a helyzetbe, hogy eldöntse: több, vagy ugyanannyi kitűntetett bábuja lesz, mint a \
         játékban kezdeményező-irányító kezdőlépőnek.",
    en: "The best number of GIPF pieces lies between 2 and 4, and the player who moves second \
         is the one placed to decide whether to have more GIPF pieces than the leading first \
         player, or as many.",
};

fn gipf_ks(size: &Size) -> Vec<u8> {
    if size.quick {
        vec![1, 2]
    } else {
        (1..=6).collect()
    }
}

fn gipf_pieces() -> Experiment {
    Experiment {
        name: "gipf-pieces",
        game: "gipf",
        title: t("How many GIPF pieces should a player enter?", "Hány GIPF-bábut érdemes betenni?"),
        claim: GIPF_CLAIM,
        method: t(
            "Tournament GIPF. White enters exactly k GIPF pieces (its first k entries), Black \
             exactly m, for every k and m from 1 to 6; otherwise both sides play at level 5 \
             (the engine chooses among the moves the plan allows by its values for every move). \
             The table gives White's score for each pair; Black's best answer to k is the m \
             that holds White lowest, and White's best k is the one whose best answer still \
             scores most.",
            "Versenyjáték. Világos pontosan k GIPF-bábut tesz be (az első k betétele), Sötét \
             pontosan m-et, minden k-ra és m-re 1 és 6 között; egyébként mindkét fél az 5. \
             szinten játszik (a gép a terv által megengedett lépések közül választ, minden lépés \
             értéke alapján). A táblázat Világos pontarányát mutatja; Sötét legjobb válasza k-ra \
             az az m, amely Világost a legkevesebbre tartja, Világos legjobb k-ja pedig az, \
             amelyre a legjobb válasz mellett is a legtöbbet éri el.",
        ),
        default_games: 6,
        default_time_ms: 100,
        cells: |size| {
            let ks = gipf_ks(size);
            let mut out = Vec::new();
            for &k in &ks {
                for &m in &ks {
                    out.push(cell(
                        format!("w{k}b{m}"),
                        t(format!("White {k}, Black {m}"), format!("Világos {k}, Sötét {m}")),
                        "gipf",
                        &[],
                        vec![
                            planned(size.time, Plan::GipfPieces(k)),
                            planned(size.time, Plan::GipfPieces(m)),
                        ],
                        false,
                    ));
                }
            }
            out
        },
        summarize: |size, cells, games| {
            let ks = gipf_ks(size);
            let bar = |k: u8, m: u8| {
                let id = format!("w{k}b{m}");
                let s: Vec<f64> = of(games, &id).iter().map(|g| g.scores[0]).collect();
                (!s.is_empty()).then(|| score_bar(same(format!("{k}–{m}")), &s))
            };
            let grid: Vec<Vec<Option<Bar>>> =
                ks.iter().map(|&k| ks.iter().map(|&m| bar(k, m)).collect()).collect();
            // Black's best answer to each k, and what White gets against it.
            let mut rows = Vec::new();
            let mut value = Vec::new();
            for (i, &k) in ks.iter().enumerate() {
                let best = grid[i]
                    .iter()
                    .enumerate()
                    .filter_map(|(j, b)| b.as_ref().map(|b| (j, b)))
                    .min_by(|a, b| a.1.value.total_cmp(&b.1.value));
                if let Some((j, b)) = best {
                    rows.push(vec![
                        Entry::Number(f64::from(k)),
                        Entry::Number(f64::from(ks[j])),
                        Entry::Number(b.value),
                        Entry::Words(same(ci(b))),
                    ]);
                    value.push((k, ks[j], b.clone()));
                }
            }
            let top = value.iter().max_by(|a, b| a.2.value.total_cmp(&b.2.value));
            let (verdict, answer) = match top {
                Some((k, m, b)) => {
                    let clear = value.iter().filter(|v| v.0 != *k).all(|v| apart(&v.2, b));
                    let in_range = (2..=4).contains(k);
                    let more_or_same = value.iter().filter(|v| v.1 >= v.0).count();
                    let verdict = match (clear, in_range) {
                        (true, true) => Verdict::Held,
                        (true, false) => Verdict::Failed,
                        _ => Verdict::Undecided,
                    };
                    (
                        verdict,
                        t(
                            format!(
                                "White does best with {k} GIPF pieces: against Black's best answer \
                                 ({m}) it scores {} {}. Black's best answer has as many GIPF pieces \
                                 as White or more in {more_or_same} of {} rows. {}",
                                f2(b.value),
                                ci(b),
                                value.len(),
                                if clear {
                                    "The difference to every other choice is beyond the intervals."
                                } else {
                                    "The intervals overlap: these games cannot tell the choices apart."
                                }
                            ),
                            format!(
                                "Világos {k} GIPF-bábuval jár a legjobban: Sötét legjobb válasza \
                                 ({m}) ellen {} {} pontot ér el. Sötét legjobb válasza {more_or_same} \
                                 sorban a {} közül legalább annyi GIPF-bábu, mint Világosé. {}",
                                f2(b.value),
                                ci(b),
                                value.len(),
                                if clear {
                                    "A különbség minden más választáshoz képest az intervallumokon túl van."
                                } else {
                                    "Az intervallumok átfednek: ennyi játszmából nem dönthető el."
                                }
                            ),
                        ),
                    )
                }
                None => (Verdict::Undecided, t("No games yet.", "Még nincs játszma.")),
            };
            // Pooled: each side's score by its own choice over all the other's choices (many
            // more games per bar than one cell of the table).
            let pooled = |white: bool| -> Vec<Bar> {
                ks.iter()
                    .map(|&k| {
                        let s: Vec<f64> = games
                            .iter()
                            .filter(|g| {
                                let id = g.cell.trim_start_matches('w');
                                let (w, b) = id.split_once('b').unwrap_or(("", ""));
                                (if white { w } else { b }) == k.to_string()
                            })
                            .map(|g| if white { g.scores[0] } else { g.scores[1] })
                            .collect();
                        score_bar(same(k.to_string()), &s)
                    })
                    .collect()
            };
            let (white_pooled, black_pooled) = (pooled(true), pooled(false));
            let pooled_text = |bars: &[Bar]| {
                bars.iter()
                    .map(|b| format!("{} {}", b.label.en, f2(b.value)))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let answer = t(
                format!(
                    "{} Pooled over the opponent's choices, White scores by its number of GIPF \
                     pieces: {}; Black by its number: {}.",
                    answer.en,
                    pooled_text(&white_pooled),
                    pooled_text(&black_pooled)
                ),
                format!(
                    "{} Az ellenfél összes választására összesítve Világos pontaránya a GIPF-bábui \
                     száma szerint: {}; Sötété: {}.",
                    answer.hu,
                    pooled_text(&white_pooled),
                    pooled_text(&black_pooled)
                ),
            );
            let labels: Vec<Text> = ks.iter().map(|k| same(k.to_string())).collect();
            Summary {
                verdict,
                answer,
                charts: vec![
                    Chart::Heatmap {
                        title: t(
                            "White's score by GIPF pieces entered",
                            "Világos pontaránya a betett GIPF-bábuk szerint",
                        ),
                        row_title: t("White's GIPF pieces", "Világos GIPF-bábui"),
                        col_title: t("Black's GIPF pieces", "Sötét GIPF-bábui"),
                        rows: labels.clone(),
                        cols: labels,
                        cells: grid,
                        min: 0.0,
                        max: 1.0,
                        reference: Some(0.5),
                    },
                    Chart::Bars {
                        title: t(
                            "White's score by its GIPF pieces, over all of Black's choices",
                            "Világos pontaránya GIPF-bábui száma szerint, Sötét minden választására",
                        ),
                        unit: t("mean score", "átlagos pontszám"),
                        min: 0.0,
                        max: 1.0,
                        reference: Some(0.5),
                        bars: white_pooled,
                    },
                    Chart::Bars {
                        title: t(
                            "Black's score by its GIPF pieces, over all of White's choices",
                            "Sötét pontaránya GIPF-bábui száma szerint, Világos minden választására",
                        ),
                        unit: t("mean score", "átlagos pontszám"),
                        min: 0.0,
                        max: 1.0,
                        reference: Some(0.5),
                        bars: black_pooled,
                    },
                    Chart::Table {
                        title: t(
                            "Black's best answer to each choice of White",
                            "Sötét legjobb válasza Világos választásaira",
                        ),
                        columns: vec![
                            t("White's GIPF pieces", "Világos GIPF-bábui"),
                            t("Black's best answer", "Sötét legjobb válasza"),
                            t("White's score", "Világos pontaránya"),
                            t("95% interval", "95%-os intervallum"),
                        ],
                        rows,
                    },
                ],
                examples: cells
                    .iter()
                    .find(|c| c.id == "w2b2")
                    .or(cells.first())
                    .and_then(|c| {
                        example(
                            t(
                                format!("A game: {}", c.label.en),
                                format!("Egy játszma: {}", c.label.hu),
                            ),
                            c,
                            games,
                        )
                    })
                    .into_iter()
                    .collect(),
            }
        },
    }
}

fn gipf_variants() -> Experiment {
    Experiment {
        name: "gipf-variants",
        game: "gipf",
        title: t(
            "Does the basic game drag on? Is the first move or the centre point an advantage?",
            "Elhúzódik-e az alapjáték? Előny-e a kezdés vagy a középpont?",
        ),
        claim: Claim {
            seed: "000",
            hu: "72 lépéspár, miközben (az egyenkénti levadászással) alig-alig történik valami? \
                 Unalmasnak tűnik […] a középső 37. mezőpont pedig elég távol esik a \
                 partikezdéstől ahhoz, hogy elsőkénti elfoglalása ne járjon behozhatatlan \
                 előnnyel.",
            en: "72 move pairs, while (picking pieces off one at a time) hardly anything happens? \
                 It looks boring […] and the 37th point, the centre, lies far enough from the \
                 start that taking it first brings no advantage that cannot be made up.",
        },
        method: t(
            "Level 5 against itself in the basic, standard and tournament games: the length of \
             the games, the first player's score, and the score of the player who first had a \
             piece on the centre point e5.",
            "Az 5. szint önmaga ellen az alap-, a normál és a versenyjátékban: a játszmák hossza, \
             a kezdő pontaránya, és annak pontaránya, akinek először volt bábuja az e5 \
             középponton.",
        ),
        default_games: 30,
        default_time_ms: 100,
        cells: |size| {
            ["basic", "standard", "tournament"]
                .iter()
                .map(|v| {
                    let (en, hu) = match *v {
                        "basic" => ("basic", "alapjáték"),
                        "standard" => ("standard", "normál"),
                        _ => ("tournament", "verseny"),
                    };
                    Cell {
                        id: v.to_string(),
                        label: t(en, hu),
                        game: "gipf",
                        options: vec![format!("variant={v}")],
                        roles: vec![engine(size.time)],
                        rotate: false,
                    }
                })
                .collect()
        },
        summarize: |_, cells, games| {
            let (len_bars, hist) = length_chart(cells, games, plies_text());
            let (first, first_bars) = first_chart(cells, games, |_| 0.5);
            let centre: Vec<Bar> = cells
                .iter()
                .map(|c| {
                    let s: Vec<f64> = of(games, &c.id)
                        .iter()
                        .filter_map(|g| centre_taker(c, g).map(|p| g.scores[p]))
                        .collect();
                    score_bar(c.label.clone(), &s)
                })
                .collect();
            let lens: Vec<(f64, f64)> = cells
                .iter()
                .map(|c| {
                    mean_ci(&of(games, &c.id).iter().map(|g| g.plies as f64).collect::<Vec<_>>())
                })
                .collect();
            let enough = cells.iter().all(|c| of(games, &c.id).len() >= 10);
            let basic_longest = enough
                && lens.len() == 3
                && lens[0].0 - lens[0].1 > lens[1].0 + lens[1].1
                && lens[0].0 - lens[0].1 > lens[2].0 + lens[2].1;
            let centre_ok =
                centre.iter().all(|b| b.ci95.is_some_and(|[_, hi]| hi < 1.0) || b.n == Some(0));
            let verdict = if basic_longest {
                Verdict::Held
            } else if enough && lens.len() == 3 && lens[0].0 + lens[0].1 < lens[2].0 - lens[2].1 {
                Verdict::Failed
            } else {
                Verdict::Undecided
            };
            let line = |i: usize| {
                format!(
                    "{:.0} ± {:.0}",
                    lens.get(i).map_or(0.0, |l| l.0),
                    lens.get(i).map_or(0.0, |l| l.1)
                )
            };
            let answer = t(
                format!(
                    "Mean length in plies: basic {}, standard {}, tournament {}. The first player \
                     scores {} (basic), {} (standard), {} (tournament). Whoever first has a piece on \
                     the centre scores {} / {} / {}{}.",
                    line(0), line(1), line(2),
                    first_bars.first().map_or(String::new(), |b| format!("{} {}", f2(b.value), ci(b))),
                    first_bars.get(1).map_or(String::new(), |b| format!("{} {}", f2(b.value), ci(b))),
                    first_bars.get(2).map_or(String::new(), |b| format!("{} {}", f2(b.value), ci(b))),
                    centre.first().map_or(String::new(), |b| f2(b.value)),
                    centre.get(1).map_or(String::new(), |b| f2(b.value)),
                    centre.get(2).map_or(String::new(), |b| f2(b.value)),
                    if centre_ok { ": taking it first is no decisive advantage" } else { "" },
                ),
                format!(
                    "Átlagos hossz lépésben: alapjáték {}, normál {}, verseny {}. A kezdő pontaránya \
                     {} (alap), {} (normál), {} (verseny). Aki először áll az e5 középponton: {} / {} / {}{}.",
                    line(0), line(1), line(2),
                    first_bars.first().map_or(String::new(), |b| format!("{} {}", f2(b.value), ci(b))),
                    first_bars.get(1).map_or(String::new(), |b| format!("{} {}", f2(b.value), ci(b))),
                    first_bars.get(2).map_or(String::new(), |b| format!("{} {}", f2(b.value), ci(b))),
                    centre.first().map_or(String::new(), |b| f2(b.value)),
                    centre.get(1).map_or(String::new(), |b| f2(b.value)),
                    centre.get(2).map_or(String::new(), |b| f2(b.value)),
                    if centre_ok { ": elsőként elfoglalni nem döntő előny" } else { "" },
                ),
            );
            Summary {
                verdict,
                answer,
                charts: vec![
                    len_bars,
                    hist,
                    first,
                    Chart::Bars {
                        title: t(
                            "Score of the player who first had a piece on the centre (e5)",
                            "Az e5 középpontot elsőként elfoglaló pontaránya",
                        ),
                        unit: t("mean score", "átlagos pontszám"),
                        min: 0.0,
                        max: 1.0,
                        reference: Some(0.5),
                        bars: centre,
                    },
                ],
                examples: cells
                    .first()
                    .and_then(|c| example(t("A basic game", "Egy alapjáték"), c, games))
                    .into_iter()
                    .collect(),
            }
        },
    }
}

/// The seat that first had a piece on GIPF's centre point, replaying the record.
fn centre_taker(c: &Cell, g: &LabGame) -> Option<usize> {
    let mut pos = tabla_games::new_game(c.game, &c.options).ok()?;
    let names = pos.player_names();
    for m in g.record.split(' ') {
        pos.play_text(m).ok()?;
        let view = pos.view();
        if let Some(cell) = view.cells.iter().chain(&view.points).find(|c| c.id == "e5") {
            if let Some(owner) = cell.stack.last().and_then(|p| p.owner) {
                return names.iter().position(|n| *n == owner);
            }
        }
    }
    None
}

fn gipf_positions() -> Experiment {
    Experiment {
        name: "gipf-positions",
        game: "gipf",
        title: t("How many positions can really be reached?", "Hány állás érhető el valójában?"),
        claim: Claim {
            seed: "000",
            hu: "a gyakorlatlan elemző könnyen beleesik abba a hibába, hogy a 37 mező különböző \
                 lehetséges állapota alapján (üres, sötét, világos) 3 nak a 37. hatványára \
                 becsülje..., pedig ezekből csak nagyon-nagyon piciny hányad az, ami el is \
                 érhető a kívülről befelé történő töltögetéssel",
            en: "the inexperienced analyst easily falls into the error of estimating, from the 37 \
                 points' possible states (empty, dark, light), 3 to the 37th power …, whereas only \
                 a very, very tiny fraction of these can be reached by pushing pieces in from \
                 the outside",
        },
        method: t(
            "Every sequence of turns from the start is followed ply by ply; positions reached by \
             several sequences are counted once (by their 64-bit hash: the chance of a collision \
             among these few million is below one in a million). Shown per ply: move sequences \
             (perft), distinct positions, and their share of 3^37 ≈ 4.5·10^17.",
            "A kezdőállásból minden lépéssorozatot követünk, lépésről lépésre; a több úton elért \
             állást egyszer számoljuk (64 bites hash alapján: ennyi millió között az ütközés \
             esélye egy a millióhoz alatti). Lépésenként: a lépéssorozatok száma (perft), a \
             különböző állások és ezek aránya a 3^37 ≈ 4,5·10^17-hez.",
        ),
        default_games: 0,
        default_time_ms: 0,
        cells: |_| Vec::new(),
        summarize: |size, _, _| {
            let depth = if size.quick { 2 } else { 5 };
            let mut rows = Vec::new();
            let naive = 3f64.powi(37);
            let mut last = (0u64, 0usize);
            for v in ["basic", "standard", "tournament"] {
                let start =
                    tabla_games::new_game("gipf", &[format!("variant={v}")]).expect("a variant");
                let counts = distinct_by_ply(&start, depth);
                for (ply, (paths, distinct)) in counts.iter().enumerate() {
                    rows.push(vec![
                        Entry::Words(same(v)),
                        Entry::Number((ply + 1) as f64),
                        Entry::Number(*paths as f64),
                        Entry::Number(*distinct as f64),
                        Entry::Words(same(format!("{:.1e}", *distinct as f64 / naive))),
                    ]);
                    last = (*paths, *distinct);
                }
            }
            Summary {
                verdict: Verdict::Undecided,
                answer: t(
                    format!(
                        "After {depth} plies of the tournament game, {} move sequences reach only {} \
                         distinct positions, a share of {:.1e} of 3^37; pushing in from the edge \
                         makes most boards of the first plies unreachable, as the seed says. \
                         Whether the whole reachable set is a tiny share of 3^37 cannot be \
                         counted on this machine: the count runs out of reach after a few plies.",
                        last.0, last.1, last.1 as f64 / naive
                    ),
                    format!(
                        "A versenyjátékban {depth} lépés után {} lépéssorozat csak {} különböző \
                         állásba vezet, ez 3^37 {:.1e}-szerese; a szélről befelé tologatás miatt \
                         az első lépések tábláinak többsége elérhetetlen, ahogy a leírás mondja. \
                         Hogy az összes elérhető állás is apró töredéke-e 3^37-nek, ezen a gépen \
                         nem számolható meg: néhány lépés után a számlálás elérhetetlenné válik.",
                        last.0, last.1, last.1 as f64 / naive
                    ),
                ),
                charts: vec![Chart::Table {
                    title: t("Positions by ply", "Állások lépésenként"),
                    columns: vec![
                        t("game", "változat"),
                        t("ply", "lépés"),
                        t("move sequences", "lépéssorozat"),
                        t("distinct positions", "különböző állás"),
                        t("share of 3^37", "3^37 hányada"),
                    ],
                    rows,
                }],
                examples: Vec::new(),
            }
        },
    }
}

/// Move sequences and distinct positions after each ply 1..=depth.
pub fn distinct_by_ply(start: &AnyGame, depth: usize) -> Vec<(u64, usize)> {
    with_game!(start, g => distinct_generic(g, depth))
}

fn distinct_generic<G: tabla_core::Game + Clone>(start: &G, depth: usize) -> Vec<(u64, usize)> {
    // Each distinct position once, with the number of sequences that reach it.
    let mut level: Vec<(G, u64)> = vec![(start.clone(), 1)];
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..depth {
        let mut next: std::collections::HashMap<u64, (G, u64)> = std::collections::HashMap::new();
        let mut paths = 0u64;
        for (g, n) in &level {
            if g.to_move() == ToMove::Over {
                continue;
            }
            moves.clear();
            g.legal_moves(&mut moves);
            for &m in &moves {
                let mut c = g.clone();
                c.play(m);
                paths += n;
                next.entry(c.hash()).or_insert_with(|| (c, 0)).1 += n;
            }
        }
        out.push((paths, next.len()));
        level = next.into_values().collect();
    }
    out
}

// ---------------------------------------------------------------------------------------
// Seega

fn seega_sizes(size: &Size) -> Vec<u8> {
    if size.quick {
        vec![5]
    } else {
        vec![5, 7]
    }
}

fn seega_placing() -> Experiment {
    Experiment {
        name: "seega-placing",
        game: "seega",
        title: t(
            "Place in the centre first, or on the edges?",
            "Középre rakjunk előbb, vagy a szélekre?",
        ),
        claim: Claim {
            seed: "003",
            hu: "javasolt stratégia, hogy célszerű a tábla közepe táján lévő mezőket elfoglalni, \
                 s csak utána a szélsőkre tenni. (Megjegyzés: mi ennek az ellenkezőjét \
                 tapasztaltuk, azaz a tábla szélső mezőit ajánlott elfoglalni előbb.)",
            en: "the recommended strategy is to take the cells around the middle of the board \
                 first, and only then to place on the edges. (Note: we found the opposite, that \
                 is, it is advisable to take the edge cells first.)",
        },
        method: t(
            "Three placing policies play each other with colours alternated: centre first (cells \
             nearest the centre, ties at random), edges first, and the engine's own placing; \
             the movement phase is played by level 5 for both. Egyptian start, 5×5 and 7×7.",
            "Három lerakási mód játszik egymás ellen, felváltott színekkel: előbb középre (a \
             középhez legközelebbi mezők, egyenlőségnél véletlenszerűen), előbb a szélekre, és a \
             gép saját lerakása; a mozgatási szakaszt mindkét oldalon az 5. szint játssza. \
             Egyiptomi kezdés, 5×5 és 7×7.",
        ),
        default_games: 20,
        default_time_ms: 100,
        cells: |size| {
            let mut out = Vec::new();
            for n in seega_sizes(size) {
                let opt = format!("size={n}");
                let centre = planned(size.time, Plan::SeegaCentre(n));
                let edges = planned(size.time, Plan::SeegaEdges(n));
                let own = engine(size.time);
                for (id, en, hu, a, b) in [
                    (
                        "centre-edges",
                        "centre vs edges",
                        "közép – szél",
                        centre.clone(),
                        edges.clone(),
                    ),
                    (
                        "centre-engine",
                        "centre vs engine",
                        "közép – gép",
                        centre.clone(),
                        own.clone(),
                    ),
                    ("edges-engine", "edges vs engine", "szél – gép", edges.clone(), own.clone()),
                ] {
                    let mut c = cell(
                        format!("{id}-{n}"),
                        t(format!("{en}, {n}×{n}"), format!("{hu}, {n}×{n}")),
                        "seega",
                        &[],
                        vec![a, b],
                        true,
                    );
                    c.options = vec![opt.clone()];
                    out.push(c);
                }
            }
            out
        },
        summarize: |_, cells, games| {
            let bars = first_role_bars(cells, games);
            let ce: Vec<&Bar> =
                bars.iter().filter(|b| b.label.en.starts_with("centre vs edges")).collect();
            let above = ce.iter().filter(|b| b.ci95.is_some_and(|c| c[0] > 0.5)).count();
            let below = ce.iter().filter(|b| b.ci95.is_some_and(|c| c[1] < 0.5)).count();
            let verdict = if above > 0 && below == 0 {
                Verdict::Held
            } else if below > 0 && above == 0 {
                Verdict::Failed
            } else {
                Verdict::Undecided
            };
            let list = |lang_en: bool| {
                ce.iter()
                    .map(|b| {
                        format!(
                            "{} {} {}",
                            if lang_en { &b.label.en } else { &b.label.hu },
                            f2(b.value),
                            ci(b)
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("; ")
            };
            Summary {
                verdict,
                answer: t(
                    format!(
                        "Centre-first placing against edges-first scores {}. {}",
                        list(true),
                        match verdict {
                            Verdict::Held => "The seed's advice holds: the centre first is better.",
                            Verdict::Failed =>
                                "The commenter is right: the edges first are better.",
                            _ => "Neither is better beyond the intervals.",
                        }
                    ),
                    format!(
                        "A középre rakás a szélekre rakás ellen: {}. {}",
                        list(false),
                        match verdict {
                            Verdict::Held => "A leírás tanácsa áll: előbb középre érdemes.",
                            Verdict::Failed =>
                                "A megjegyzésnek van igaza: előbb a szélekre érdemes.",
                            _ => "Az intervallumokon túl egyik sem jobb.",
                        }
                    ),
                ),
                charts: vec![Chart::Bars {
                    title: t(
                        "Score of the first-named policy",
                        "Az elsőként nevezett mód pontaránya",
                    ),
                    unit: t("mean score", "átlagos pontszám"),
                    min: 0.0,
                    max: 1.0,
                    reference: Some(0.5),
                    bars,
                }],
                examples: cells
                    .first()
                    .and_then(|c| {
                        example(
                            t(
                                "Centre first against edges first",
                                "Előbb közép az előbb szél ellen",
                            ),
                            c,
                            games,
                        )
                    })
                    .into_iter()
                    .collect(),
            }
        },
    }
}

fn seega_balance() -> Experiment {
    Experiment {
        name: "seega-balance",
        game: "seega",
        title: t(
            "Is moving first an advantage in Seega? How often does the quiet rule decide?",
            "Előny-e a kezdés a Seegában? Milyen gyakran dönt a csendes lépések szabálya?",
        ),
        claim: Claim {
            seed: "003",
            hu: "Az első játékszakasz lényegesen befolyásolja a második kimenetelét.",
            en: "The first phase has a great influence on the outcome of the second.",
        },
        method: t(
            "Level 5 against itself in the Egyptian and the Sudanese start, on 5×5, 7×7 and 9×9: \
             the first player's score, the share of draws, the length, and how each game ended \
             (few stones left, the quiet-turn rule, repetition).",
            "Az 5. szint önmaga ellen egyiptomi és szudáni kezdéssel, 5×5-ös, 7×7-es és 9×9-es \
             táblán: a kezdő pontaránya, a döntetlenek aránya, a hossz és a játszmák vége \
             (kevés kő maradt, csendes lépések szabálya, ismétlés).",
        ),
        default_games: 30,
        default_time_ms: 100,
        cells: |size| {
            let sizes: Vec<u8> = if size.quick { vec![5] } else { vec![5, 7, 9] };
            let mut out = Vec::new();
            for start in ["egyptian", "sudanese"] {
                for &n in &sizes {
                    let (en, hu) = if start == "egyptian" {
                        ("Egyptian", "egyiptomi")
                    } else {
                        ("Sudanese", "szudáni")
                    };
                    out.push(Cell {
                        id: format!("{start}-{n}"),
                        label: t(format!("{en} {n}×{n}"), format!("{hu} {n}×{n}")),
                        game: "seega",
                        options: vec![format!("size={n}"), format!("start={start}")],
                        roles: vec![engine(size.time)],
                        rotate: false,
                    });
                }
            }
            out
        },
        summarize: |_, cells, games| {
            let (first, first_bars) = first_chart(cells, games, |_| 0.5);
            let (lens, hist) = length_chart(cells, games, plies_text());
            let mut rows = Vec::new();
            let mut quiet_total = 0;
            let mut draws_total = 0;
            for c in cells {
                let gs = of(games, &c.id);
                let count = |p: &str| {
                    gs.iter()
                        .filter(|g| g.reason.as_deref().is_some_and(|r| r.starts_with(p)))
                        .count()
                };
                let (few, quiet, rep) =
                    (count("seega.few"), count("seega.quiet"), count("seega.repetition"));
                let draws = gs.iter().filter(|g| (g.scores[0] - 0.5).abs() < 1e-9).count();
                quiet_total += quiet;
                draws_total += draws;
                rows.push(vec![
                    Entry::Words(c.label.clone()),
                    Entry::Number(gs.len() as f64),
                    Entry::Number(few as f64),
                    Entry::Number(quiet as f64),
                    Entry::Number(rep as f64),
                    Entry::Number(draws as f64),
                ]);
            }
            let n = games.len().max(1);
            let adv = first_bars
                .iter()
                .filter(|b| b.ci95.is_some_and(|c| c[0] > 0.5 || c[1] < 0.5))
                .count();
            let list = |en: bool| {
                first_bars
                    .iter()
                    .map(|b| {
                        format!("{} {}", if en { &b.label.en } else { &b.label.hu }, f2(b.value))
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            Summary {
                verdict: Verdict::Measured,
                answer: t(
                    format!(
                        "The first player's score: {}; {adv} of {} variants differ from an even \
                         game beyond the interval. The quiet-turn rule ended {quiet_total} of {n} \
                         games ({:.0}%); {draws_total} were drawn.",
                        list(true), first_bars.len(), 100.0 * quiet_total as f64 / n as f64
                    ),
                    format!(
                        "A kezdő pontaránya: {}; {adv} változat a {} közül tér el az \
                         intervallumon túl a kiegyenlítettől. A csendes lépések szabálya {quiet_total} \
                         játszmát zárt le a {n} közül ({:.0}%); {draws_total} döntetlen lett.",
                        list(false), first_bars.len(), 100.0 * quiet_total as f64 / n as f64
                    ),
                ),
                charts: vec![
                    first,
                    Chart::Table {
                        title: t("How the games ended", "Hogyan értek véget a játszmák"),
                        columns: vec![
                            t("variant", "változat"),
                            t("games", "játszma"),
                            t("few stones left", "kevés kő maradt"),
                            t("quiet-turn rule", "csendes lépések"),
                            t("repetition", "ismétlés"),
                            t("draws", "döntetlen"),
                        ],
                        rows,
                    },
                    lens,
                    hist,
                ],
                examples: cells.first().and_then(|c| example(t("An Egyptian 5×5 game", "Egy egyiptomi 5×5-ös játszma"), c, games)).into_iter().collect(),
            }
        },
    }
}

// ---------------------------------------------------------------------------------------
// Amazons

fn amazons_time() -> Experiment {
    Experiment {
        name: "amazons-time",
        game: "amazons",
        title: t(
            "Is thinking longer worth more on a larger board?",
            "Többet ér-e a hosszabb gondolkodás nagyobb táblán?",
        ),
        claim: Claim {
            seed: "004",
            hu: "Inkább stratégiai, mint taktikai játék. A stratégiai gondolkodásnak jelentősebb \
                 szerep jut nagyobb táblán.",
            en: "More a strategic than a tactical game. Strategic thinking has a larger part on a \
                 larger board.",
        },
        method: t(
            "Level 5 with four times the thinking time against level 5 with the base time, \
             colours alternated, on 6×6, 8×8 and 10×10. If strategy weighs more on larger \
             boards, the longer thinker's score should grow with the board.",
            "Négyszeres gondolkodási idejű 5. szint az alapidejű 5. szint ellen, felváltott \
             színekkel, 6×6-os, 8×8-as és 10×10-es táblán. Ha nagyobb táblán a stratégia \
             többet nyom a latban, a hosszabban gondolkodó pontaránya a táblával nő.",
        ),
        default_games: 20,
        default_time_ms: 100,
        cells: |size| {
            let sizes: Vec<u8> = if size.quick { vec![6] } else { vec![6, 8, 10] };
            sizes
                .into_iter()
                .map(|n| {
                    let mut c = cell(
                        format!("size-{n}"),
                        same(format!("{n}×{n}")),
                        "amazons",
                        &[],
                        vec![engine(size.time * 4), engine(size.time)],
                        true,
                    );
                    c.options = vec![format!("size={n}")];
                    c
                })
                .collect()
        },
        summarize: |_, cells, games| {
            let bars = first_role_bars(cells, games);
            let grows = bars.len() >= 2
                && apart(&bars[0], &bars[bars.len() - 1])
                && bars[bars.len() - 1].value > bars[0].value;
            let shrinks = bars.len() >= 2
                && apart(&bars[0], &bars[bars.len() - 1])
                && bars[bars.len() - 1].value < bars[0].value;
            let list = bars
                .iter()
                .map(|b| format!("{} {} {}", b.label.en, f2(b.value), ci(b)))
                .collect::<Vec<_>>()
                .join("; ");
            Summary {
                verdict: if grows {
                    Verdict::Held
                } else if shrinks {
                    Verdict::Failed
                } else {
                    Verdict::Undecided
                },
                answer: t(
                    format!(
                        "Four times the time scores {list}. {}",
                        if grows {
                            "Its worth grows with the board, as the seed says."
                        } else if shrinks {
                            "Its worth shrinks with the board, against the seed's claim."
                        } else {
                            "The differences between boards are within the intervals."
                        }
                    ),
                    format!(
                        "A négyszeres idő pontaránya: {list}. {}",
                        if grows {
                            "Az értéke a táblával nő, ahogy a leírás mondja."
                        } else if shrinks {
                            "Az értéke a táblával csökken, a leírással szemben."
                        } else {
                            "A táblák közti különbségek az intervallumokon belül vannak."
                        }
                    ),
                ),
                charts: vec![Chart::Bars {
                    title: t(
                        "Score of four times the thinking time",
                        "A négyszeres gondolkodási idő pontaránya",
                    ),
                    unit: t("mean score", "átlagos pontszám"),
                    min: 0.0,
                    max: 1.0,
                    reference: Some(0.5),
                    bars,
                }],
                examples: cells
                    .last()
                    .and_then(|c| {
                        example(
                            t(
                                "Four times the time, largest board",
                                "Négyszeres idő, legnagyobb tábla",
                            ),
                            c,
                            games,
                        )
                    })
                    .into_iter()
                    .collect(),
            }
        },
    }
}

fn amazons_variants() -> Experiment {
    Experiment {
        name: "amazons-variants",
        game: "amazons",
        title: t("Who has the edge in each variant, and how long do games last?", "Kinek kedvez az egyes változatok kezdése, és meddig tart egy játszma?"),
        claim: Claim {
            seed: "004",
            hu: "Stratégia: az ellenfél királynőinek körbevétele a kövekkel, minél kisebb területre \
                 szorítása, valamint saját magunk számára minél nagyobb tér, átjárók biztosítása.",
            en: "Strategy: surround the opponent's queens with stones, squeeze them into as small \
                 an area as possible, and keep as much room and as many passages as possible for \
                 oneself.",
        },
        method: t(
            "Level 5 against itself in the seed's variants: 10×10 and 6×6, one to four queens \
             (6×6), killer queens, queens placed in turn, the hex board, three and four players, \
             and four players in pairs. Shown: the first player's score (with more players, the \
             even share is one in the number of players) and the length.",
            "Az 5. szint önmaga ellen a leírás változataiban: 10×10 és 6×6, egy–négy királynő \
             (6×6), gyilkos királynők, felváltva lerakott királynők, hatszögletű tábla, három és \
             négy játékos, valamint négy játékos párban. A kezdő pontaránya (több játékosnál az \
             egyenlő rész egy per játékosszám) és a hossz.",
        ),
        default_games: 20,
        default_time_ms: 100,
        cells: |size| {
            let all: Vec<(&str, Text, Vec<&str>)> = vec![
                ("10x10", same("10×10"), vec!["size=10"]),
                ("6x6", same("6×6"), vec!["size=6"]),
                ("q1", t("6×6, 1 queen", "6×6, 1 királynő"), vec!["size=6", "queens=1"]),
                ("q2", t("6×6, 2 queens", "6×6, 2 királynő"), vec!["size=6", "queens=2"]),
                ("q3", t("6×6, 3 queens", "6×6, 3 királynő"), vec!["size=6", "queens=3"]),
                ("killer", t("6×6, killer", "6×6, gyilkos"), vec!["size=6", "killer=on"]),
                ("placement", t("6×6, placement", "6×6, lerakásos"), vec!["size=6", "placement=alternate"]),
                ("hex", t("hex, side 5", "hatszög, 5"), vec!["board=hex"]),
                ("p3", t("hex, 3 players", "hatszög, 3 játékos"), vec!["board=hex", "players=3"]),
                ("p4", t("hex, 4 players", "hatszög, 4 játékos"), vec!["board=hex", "players=4"]),
                ("pairs", t("hex, 4 in pairs", "hatszög, 4 párban"), vec!["board=hex", "players=4", "teams=on"]),
            ];
            let keep = if size.quick { 2 } else { all.len() };
            all.into_iter()
                .take(keep)
                .map(|(id, label, opts)| cell(id, label, "amazons", &opts, vec![engine(size.time)], false))
                .collect()
        },
        summarize: |_, cells, games| {
            let players = |c: &Cell| if c.options.iter().any(|o| o == "players=3") { 3.0 } else if c.options.iter().any(|o| o == "players=4") && !c.options.iter().any(|o| o == "teams=on") { 4.0 } else { 2.0 };
            let bars: Vec<Bar> = cells.iter().map(|c| score_bar(c.label.clone(), &first_scores(of(games, &c.id)))).collect();
            let (lens, hist) = length_chart(cells, games, plies_text());
            let mut rows = Vec::new();
            let mut favoured = Vec::new();
            for (c, b) in cells.iter().zip(&bars) {
                let even = 1.0 / players(c);
                let word = match b.ci95 {
                    Some([lo, _]) if lo > even => {
                        favoured.push(c.label.en.clone());
                        t("first player favoured", "a kezdőnek kedvez")
                    }
                    Some([_, hi]) if hi < even => t("first player disfavoured", "a kezdőnek hátrány"),
                    _ => t("even within the interval", "az intervallumon belül kiegyenlített"),
                };
                rows.push(vec![Entry::Words(c.label.clone()), Entry::Number(even), Entry::Number(b.value), Entry::Words(same(ci(b))), Entry::Words(word)]);
            }
            Summary {
                verdict: Verdict::Measured,
                answer: t(
                    format!(
                        "The first player is favoured beyond the interval in {} of {} variants{}.",
                        favoured.len(),
                        cells.len(),
                        if favoured.is_empty() { String::new() } else { format!(": {}", favoured.join("; ")) }
                    ),
                    format!(
                        "A kezdő az intervallumon túl {} változatban előnyös a {} közül{}.",
                        favoured.len(),
                        cells.len(),
                        if favoured.is_empty() { String::new() } else { format!(": {}", favoured.join("; ")) }
                    ),
                ),
                charts: vec![
                    Chart::Table {
                        title: t("The first player's score by variant", "A kezdő pontaránya változatonként"),
                        columns: vec![t("variant", "változat"), t("even share", "egyenlő rész"), t("first player's score", "a kezdő pontaránya"), t("95% interval", "95%-os intervallum"), t("reading", "értelmezés")],
                        rows,
                    },
                    Chart::Bars {
                        title: t("The first player's score", "A kezdő pontaránya"),
                        unit: t("mean score (share with more players)", "átlagos pontszám (több játékosnál részesedés)"),
                        min: 0.0,
                        max: 1.0,
                        reference: Some(0.5),
                        bars,
                    },
                    lens,
                    hist,
                ],
                examples: cells.first().and_then(|c| example(t("A 10×10 game", "Egy 10×10-es játszma"), c, games)).into_iter().collect(),
            }
        },
    }
}

// ---------------------------------------------------------------------------------------
// Bulgarian Ur

/// Action in one Ur game, read from its positions.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct UrAction {
    /// Moves that landed on an enemy-topped tower.
    pub captures: usize,
    /// Captures made on the turn right after the opponent's capture.
    pub recaptures: usize,
    /// The tallest tower.
    pub tallest: usize,
    /// Red discs moved backward.
    pub backward: usize,
    /// Player turns.
    pub turns: usize,
}

/// Reads captures, recaptures and towers from an Ur record by replaying it.
pub fn ur_action(options: &[String], record: &str) -> Option<UrAction> {
    let mut pos = tabla_games::new_game("bulgarian-ur", options).ok()?;
    let mut a = UrAction::default();
    let mut last_capture_by: Option<u8> = None;
    for m in record.split(' ') {
        let mover = match pos.to_move() {
            ToMove::Player(p) => Some(p.0),
            _ => None,
        };
        let before = towers(&pos.position_text());
        pos.play_text(m).ok()?;
        let Some(p) = mover else { continue };
        a.turns += 1;
        if let Some((from, to)) = m.split_once('-') {
            let (f, t) = (from.parse::<u32>().unwrap_or(0), to.parse::<u32>().unwrap_or(0));
            if t < f && f != 14 {
                a.backward += 1;
            }
        }
        let after = towers(&pos.position_text());
        let mine = if p == 0 { 'B' } else { 'Y' };
        let captured = after.iter().any(|(cell, stack)| {
            before.iter().any(|(c, s)| {
                c == cell
                    && s.chars().last().is_some_and(|top| top != mine)
                    && stack.starts_with(s.as_str())
                    && stack.ends_with(mine)
            })
        });
        if captured {
            a.captures += 1;
            if last_capture_by.is_some_and(|q| q != p) {
                a.recaptures += 1;
            }
            last_capture_by = Some(p);
        } else {
            last_capture_by = None;
        }
        a.tallest = a.tallest.max(after.iter().map(|(_, s)| s.len()).max().unwrap_or(0));
    }
    Some(a)
}

/// The `towers=` part of an Ur position text: cell and stack (bottom first, `B`/`Y`).
fn towers(text: &str) -> Vec<(String, String)> {
    text.split(' ')
        .find_map(|p| p.strip_prefix("towers="))
        .map(|s| {
            s.split(',')
                .filter_map(|t| t.split_once(':'))
                .map(|(c, s)| {
                    (
                        c.to_string(),
                        s.chars()
                            .filter(|ch| ch.is_ascii_alphabetic())
                            .map(|ch| ch.to_ascii_uppercase())
                            .collect(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

fn ur_action_exp() -> Experiment {
    Experiment {
        name: "ur-action",
        game: "bulgarian-ur",
        title: t(
            "Is it full of action? Does a game last 5–10 minutes?",
            "Tényleg akciódús? 5–10 perc egy játszma?",
        ),
        claim: Claim {
            seed: "001",
            hu: "rendkívül akciódús, az eredetinél valamivel több taktikai érzéket megkövetelő \
                 játéknak találtam […] Játék időtartama 5-10 perc",
            en: "I found it an extremely action-packed game that asks for somewhat more tactical \
                 sense than the original […] A game lasts 5–10 minutes",
        },
        method: t(
            "Level 5 against itself with both readings of the centre: captures (a move onto an \
             enemy-topped tower), recaptures (a capture right after the opponent's), the tallest \
             tower, red discs moved back, turns per game, and the first player's score. Minutes \
             are estimated at 5 seconds a turn (a roll and a move), a brisk pace at a table.",
            "Az 5. szint önmaga ellen, a középmező mindkét olvasatával: ütések (lépés ellenséges \
             tetejű toronyra), visszaütések (ütés közvetlenül az ellenfél ütése után), a \
             legmagasabb torony, visszafelé lépő piros korongok, lépések játszmánként és a kezdő \
             pontaránya. A perceket lépésenként 5 másodperccel becsüljük (dobás és lépés), ami \
             élénk tempó az asztalnál.",
        ),
        default_games: 60,
        default_time_ms: 50,
        cells: |size| {
            let mut out = vec![cell(
                "same",
                t("centre: same way", "közép: egy irányban"),
                "bulgarian-ur",
                &[],
                vec![engine(size.time)],
                false,
            )];
            if !size.quick {
                out.push(cell(
                    "opposite",
                    t("centre: both ways", "közép: két irányban"),
                    "bulgarian-ur",
                    &["centre=opposite"],
                    vec![engine(size.time)],
                    false,
                ));
            } else {
                out[0].options = vec!["discs=3".into()];
            }
            out
        },
        summarize: |_, cells, games| {
            let mut rows = Vec::new();
            let mut minutes = Vec::new();
            for c in cells {
                let acts: Vec<UrAction> = of(games, &c.id)
                    .iter()
                    .filter_map(|g| ur_action(&c.options, &g.record))
                    .collect();
                let m = |f: fn(&UrAction) -> usize| {
                    mean_ci(&acts.iter().map(|a| f(a) as f64).collect::<Vec<_>>())
                };
                let (cap, recap, tall, back, turns) = (
                    m(|a| a.captures),
                    m(|a| a.recaptures),
                    m(|a| a.tallest),
                    m(|a| a.backward),
                    m(|a| a.turns),
                );
                minutes.push((c.label.clone(), turns.0 * 5.0 / 60.0));
                let pm = |x: (f64, f64)| Entry::Words(same(format!("{:.1} ± {:.1}", x.0, x.1)));
                rows.push(vec![
                    Entry::Words(c.label.clone()),
                    pm(cap),
                    pm(recap),
                    pm(tall),
                    pm(back),
                    pm(turns),
                    Entry::Number((turns.0 * 5.0 / 60.0 * 10.0).round() / 10.0),
                ]);
            }
            let (first, first_bars) = first_chart(cells, games, |_| 0.5);
            let (lens, hist) = length_chart(cells, games, t("turns", "lépés"));
            let in_range = minutes.iter().filter(|(_, m)| (5.0..=10.0).contains(m)).count();
            Summary {
                verdict: if in_range == minutes.len() && !minutes.is_empty() { Verdict::Held } else { Verdict::Undecided },
                answer: t(
                    format!(
                        "Per game: {}. At 5 s a turn that is {} minutes. The first player scores {}.",
                        rows.iter().map(|r| match (&r[0], &r[1], &r[2]) { (Entry::Words(l), Entry::Words(a), Entry::Words(b)) => format!("{}: {} captures, {} recaptures", l.en, a.en, b.en), _ => String::new() }).collect::<Vec<_>>().join("; "),
                        minutes.iter().map(|(l, m)| format!("{m:.1} ({})", l.en)).collect::<Vec<_>>().join(", "),
                        first_bars.iter().map(|b| format!("{} {} ({})", f2(b.value), ci(b), b.label.en)).collect::<Vec<_>>().join(", "),
                    ),
                    format!(
                        "Játszmánként: {}. Lépésenként 5 mp-cel ez {} perc. A kezdő pontaránya {}.",
                        rows.iter().map(|r| match (&r[0], &r[1], &r[2]) { (Entry::Words(l), Entry::Words(a), Entry::Words(b)) => format!("{}: {} ütés, {} visszaütés", l.hu, a.hu, b.hu), _ => String::new() }).collect::<Vec<_>>().join("; "),
                        minutes.iter().map(|(l, m)| format!("{m:.1} ({})", l.hu)).collect::<Vec<_>>().join(", "),
                        first_bars.iter().map(|b| format!("{} {} ({})", f2(b.value), ci(b), b.label.hu)).collect::<Vec<_>>().join(", "),
                    ),
                ),
                charts: vec![
                    Chart::Table {
                        title: t("Action per game (mean ± 95%)", "Történések játszmánként (átlag ± 95%)"),
                        columns: vec![t("centre", "közép"), t("captures", "ütés"), t("recaptures", "visszaütés"), t("tallest tower", "legmagasabb torony"), t("red discs moved back", "visszalépő piros korong"), t("turns", "lépés"), t("minutes at 5 s a turn", "perc (5 mp/lépés)")],
                        rows,
                    },
                    first,
                    lens,
                    hist,
                ],
                examples: cells.first().and_then(|c| example(t("A game", "Egy játszma"), c, games)).into_iter().collect(),
            }
        },
    }
}

fn ur_red() -> Experiment {
    Experiment {
        name: "ur-red",
        game: "bulgarian-ur",
        title: t("What is the red side worth?", "Mennyit ér a korong piros oldala?"),
        claim: Claim {
            seed: "001",
            hu: "az eredetinél valamivel több taktikai érzéket megkövetelő játéknak találtam",
            en: "I found it a game that asks for somewhat more tactical sense than the original",
        },
        method: t(
            "Level 5 against level 5 that never moves a red disc backward (unless it has no other \
             move), colours alternated, with both readings of the centre. The full player's \
             score is what the two-way moves of the red side are worth.",
            "Az 5. szint az ellen az 5. szint ellen, amely piros korongot sosem léptet hátra \
             (hacsak nincs más lépése), felváltott színekkel, a középmező mindkét olvasatával. \
             A teljes játékos pontaránya mutatja, mennyit érnek a piros oldal kétirányú lépései.",
        ),
        default_games: 60,
        default_time_ms: 50,
        cells: |size| {
            let roles = || vec![engine(size.time), planned(size.time, Plan::UrNoBackward)];
            let mut out = vec![cell(
                "same",
                t("centre: same way", "közép: egy irányban"),
                "bulgarian-ur",
                &[],
                roles(),
                true,
            )];
            if size.quick {
                out[0].options = vec!["discs=3".into()];
            } else {
                out.push(cell(
                    "opposite",
                    t("centre: both ways", "közép: két irányban"),
                    "bulgarian-ur",
                    &["centre=opposite"],
                    roles(),
                    true,
                ));
            }
            out
        },
        summarize: |_, cells, games| {
            let bars = first_role_bars(cells, games);
            let worth = bars.iter().filter(|b| b.ci95.is_some_and(|c| c[0] > 0.5)).count();
            let list = |en: bool| {
                bars.iter()
                    .map(|b| {
                        format!(
                            "{} {} {}",
                            if en { &b.label.en } else { &b.label.hu },
                            f2(b.value),
                            ci(b)
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("; ")
            };
            Summary {
                verdict: if worth > 0 { Verdict::Held } else { Verdict::Undecided },
                answer: t(
                    format!(
                        "Moving red discs back scores {} against not doing so. {}",
                        list(true),
                        if worth > 0 { "The backward moves are worth something beyond the interval." } else { "No measurable worth at this size." }
                    ),
                    format!(
                        "A piros korongok hátraléptetése {} pontarányt ér el az ellen, aki nem él vele. {}",
                        list(false),
                        if worth > 0 { "A hátralépések az intervallumon túl is érnek valamit." } else { "Ennyi játszmából nem mérhető az értékük." }
                    ),
                ),
                charts: vec![Chart::Bars {
                    title: t("Score of the player who moves red discs back", "A piros korongot hátraléptető pontaránya"),
                    unit: t("mean score", "átlagos pontszám"),
                    min: 0.0,
                    max: 1.0,
                    reference: Some(0.5),
                    bars,
                }],
                examples: cells.first().and_then(|c| example(t("Full play against no backward moves", "Teljes játék hátralépés nélküli ellen"), c, games)).into_iter().collect(),
            }
        },
    }
}

/// `tabla lab balance`: one variant of any game, the engine against itself.
pub fn balance_cell(game: &'static str, options: Vec<String>, time: Duration) -> Cell {
    Cell {
        id: "balance".into(),
        label: same(options.join(" ")),
        game,
        options,
        roles: vec![engine(time)],
        rotate: false,
    }
}

/// The summary of a balance run: the first player's score, draws and lengths.
pub fn balance_summary(cell: &Cell, games: &[LabGame]) -> Summary {
    let players = games.first().map_or(2, |g| g.scores.len());
    let cells = std::slice::from_ref(cell);
    let (first, bars) = first_chart(cells, games, |_| 1.0 / players as f64);
    let (lens, hist) = length_chart(cells, games, plies_text());
    let draws =
        games.iter().filter(|g| g.scores.iter().all(|s| (s - g.scores[0]).abs() < 1e-9)).count();
    let b = &bars[0];
    let (m, h) = mean_ci(&games.iter().map(|g| g.plies as f64).collect::<Vec<_>>());
    Summary {
        verdict: Verdict::Measured,
        answer: t(
            format!(
                "First player's score {} {} over {} games (an even share is {:.2}); {draws} draws; {:.0} ± {:.0} plies.",
                f2(b.value), ci(b), games.len(), 1.0 / players as f64, m, h
            ),
            format!(
                "A kezdő pontaránya {} {} {} játszmában (az egyenlő rész {:.2}); {draws} döntetlen; {:.0} ± {:.0} lépés.",
                f2(b.value), ci(b), games.len(), 1.0 / players as f64, m, h
            ),
        ),
        charts: vec![first, lens, hist],
        examples: example(t("A game", "Egy játszma"), cell, games).into_iter().collect(),
    }
}

/// How many games had the same record as an earlier one (self-play without dice can repeat).
pub fn repeated(games: &[LabGame]) -> usize {
    let mut seen = HashSet::new();
    games.iter().filter(|g| !seen.insert((g.cell.as_str(), g.record.as_str()))).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_experiment_has_cells_or_counts_and_unique_ids() {
        let size = Size { games: 1, time: Duration::from_millis(1), quick: false };
        let names: HashSet<&str> = all().iter().map(|e| e.name).collect();
        assert_eq!(names.len(), all().len());
        for e in all() {
            let cells = (e.cells)(&size);
            let ids: HashSet<&str> = cells.iter().map(|c| c.id.as_str()).collect();
            assert_eq!(ids.len(), cells.len(), "{}", e.name);
            for c in &cells {
                assert!(
                    tabla_games::new_game(c.game, &c.options).is_ok(),
                    "{} {}: {:?}",
                    e.name,
                    c.id,
                    c.options
                );
            }
            assert!(!e.claim.hu.is_empty() && !e.claim.en.is_empty());
        }
        assert_eq!((gipf_pieces().cells)(&size).len(), 36);
    }

    #[test]
    fn distinct_positions_are_fewer_than_paths_and_match_perft() {
        let g = tabla_games::new_game("gipf", &[]).unwrap();
        let c = distinct_by_ply(&g, 2);
        // The rules file pins 42 turns at the start; perft 2 is 42·42 = 1,764. Two entries
        // that push a piece onto the same point give the same position: 18 of them.
        assert_eq!(c[0], (42, 18));
        assert_eq!(c[1].0, 1764);
        assert!(c[1].1 < 1764 && c[1].1 > 42, "{c:?}");
    }

    #[test]
    fn ur_action_reads_a_capture() {
        // Black enters on 3, Yellow on 5, Black moves 3-5 onto Yellow's disc: a capture.
        let a = ur_action(&[], "first=black r3 0-3 r5 0-5 r2 3-5").unwrap();
        assert_eq!(a.captures, 1);
        assert_eq!(a.tallest, 2);
        assert_eq!(a.turns, 3);
        let none = ur_action(&[], "first=black r3 0-3 r5 0-5").unwrap();
        assert_eq!(none.captures, 0);
    }
}
