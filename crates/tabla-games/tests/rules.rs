//! The rules as players read them (`tabla rules`): no words for programmers, every section
//! a player needs, the coordinate picture for the hex games.

use tabla_games::GAMES;

#[test]
fn rules_for_players_speak_to_players() {
    for info in GAMES {
        for lang in ["en", "hu"] {
            let text = info.rules_for_players(lang);
            for word in ["src/", ".rs`", "Zobrist", "Decision:", "Implementations are free"] {
                assert!(!text.contains(word), "{} ({lang}) says '{word}' to players", info.id);
            }
            assert!(text.contains("##"), "{} ({lang}): sections kept", info.id);
            // Every section of the specification a player needs is still there: the full text
            // only adds sections.
            assert!(info.rules(lang).len() > text.len() - 2000, "{}", info.id);
        }
    }
}

#[test]
fn the_hex_games_show_the_named_hexagon_inline() {
    for id in ["gipf", "amazons"] {
        let text = tabla_games::find(id).unwrap().rules_for_players("en");
        assert!(text.contains(" a1        c2        e3"), "{id}");
        assert!(text.contains("e9"), "{id}");
    }
    assert!(!tabla_games::find("seega").unwrap().rules_for_players("en").contains("e9"));
    // The Hungarian rules explain the coordinates in Hungarian, with the same picture.
    let hu = tabla_games::find("gipf").unwrap().rules_for_players("hu");
    assert!(hu.contains("Hatszögletű koordináták") && hu.contains(" a1        c2        e3"));
    assert!(!hu.contains("Hexagonal coordinates"));
}

#[test]
fn the_full_rules_keep_the_programmers_sections() {
    let gipf = tabla_games::find("gipf").unwrap();
    assert!(gipf.rules("en").contains("## Figures tests can pin"));
    assert!(!gipf.rules_for_players("en").contains("## Figures tests can pin"));
    assert!(gipf.rules_for_players("en").starts_with("# GIPF — rules\n"));
}
