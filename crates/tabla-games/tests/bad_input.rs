//! Bad input never crashes and never changes the game: every registered game, random text.

use proptest::prelude::*;
use tabla_core::{StateReport, ToMove};

/// A few positions per game: the start and some way into a random game.
fn positions(id: &str) -> Vec<tabla_games::AnyGame> {
    let mut out = Vec::new();
    let mut g = tabla_games::new_game(id, &[]).unwrap();
    for i in 0..40 {
        if g.to_move() == ToMove::Over {
            break;
        }
        if i % 10 == 0 {
            out.push(g.clone());
        }
        let legal = g.legal();
        let m = legal[(i * 7919) % legal.len()].clone();
        g.play_text(&m).unwrap();
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_text_is_refused_cleanly(text in "\\PC{0,24}", shaped in "[a-kxQG@0-9,;/=rp -]{1,20}") {
        for info in tabla_games::GAMES {
            for g in positions(info.id) {
                for t in [&text, &shaped] {
                    let mut copy = g.clone();
                    let before = serde_json::to_string(&StateReport::of(copy.as_ref())).unwrap();
                    match copy.play_text(t) {
                        Ok(played) => {
                            // Accepted: it must have been a legal move, printed canonically.
                            prop_assert!(g.legal().contains(&played), "{}: {t:?} -> {played}", info.id);
                        }
                        Err(e) => {
                            prop_assert!(!e.to_string().is_empty());
                            let after = serde_json::to_string(&StateReport::of(copy.as_ref())).unwrap();
                            prop_assert_eq!(&before, &after, "{}: a refused move changed the game", info.id);
                            prop_assert_eq!(copy.hash(), g.hash());
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn bad_options_are_refused_with_a_reason() {
    for info in tabla_games::GAMES {
        for words in [&["nonsense=1"][..], &["=="], &["size=-1"], &["variant=huge"], &["quiet=0"]] {
            let words: Vec<String> = words.iter().map(|s| s.to_string()).collect();
            if let Err(e) = tabla_games::new_game(info.id, &words) {
                assert!(!e.0.is_empty());
            }
        }
        assert!(tabla_games::new_game(info.id, &["nonsense=1".to_string()]).is_err());
    }
}
