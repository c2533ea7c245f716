//! The game layer's small parsers never panic on any input, and what they write they read back.

use proptest::prelude::*;
use std::time::Duration;
use tabiya::game::pgn::comment::{parse_clock, parse_comment};
use tabiya::game::pgn::writer::clock_text;
use tabiya::game::{Bonus, PlayerKind, Stage, TimeControl};

proptest! {
    #[test]
    fn time_control_parsers_never_panic(s in "\\PC{0,40}") {
        let _ = TimeControl::parse(&s);
        let _ = TimeControl::from_pgn(&s);
    }

    #[test]
    fn time_control_shapes_never_panic(s in "[0-9/:+dbs.,\\- ]{0,30}") {
        if let Ok(tc) = TimeControl::parse(&s) {
            prop_assert_eq!(TimeControl::from_pgn(&tc.to_pgn()).unwrap(), tc);
        }
        let _ = TimeControl::from_pgn(&s);
    }

    #[test]
    fn time_controls_round_trip_through_the_pgn_tag(
        stages in proptest::collection::vec((1u32..80, 1u64..20_000, 0u64..120, 0u8..4), 1..4)
    ) {
        let n = stages.len();
        let tc = TimeControl { stages: stages.iter().enumerate().map(|(i, &(m, t, b, kind))| Stage {
            moves: if i + 1 == n && m % 2 == 0 { None } else { Some(m) },
            time: Duration::from_secs(t),
            bonus: match (kind, b) {
                (_, 0) | (0, _) => Bonus::None,
                (1, b) => Bonus::Increment(Duration::from_secs(b)),
                (2, b) => Bonus::SimpleDelay(Duration::from_secs(b)),
                (_, b) => Bonus::Bronstein(Duration::from_secs(b)),
            },
        }).collect() };
        prop_assert_eq!(TimeControl::from_pgn(&tc.to_pgn()).unwrap(), tc);
    }

    #[test]
    fn comments_never_panic(s in "\\PC{0,80}") {
        let _ = parse_comment(&s);
        let _ = parse_clock(&s);
    }

    #[test]
    fn clocks_round_trip(ms in 0u64..36_000_000) {
        let d = Duration::from_millis(ms);
        prop_assert_eq!(parse_clock(&clock_text(d, true)), Some(d));
        prop_assert_eq!(parse_clock(&clock_text(d, false)), Some(Duration::from_secs(ms / 1000)));
    }

    #[test]
    fn player_specs_never_panic(s in "\\PC{0,40}") {
        if let Some(p) = PlayerKind::from_spec(&s) {
            prop_assert_eq!(PlayerKind::from_spec(&p.to_spec()), Some(p));
        }
    }
}
