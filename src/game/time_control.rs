//! Time controls: untimed, or one or more stages, each with a base time and a per-move bonus (Fischer
//! increment, simple/US delay or Bronstein delay). Read from people ("5+3", "40/90,30+30") and from the PGN
//! `TimeControl` tag ("300+3", "40/5400:1800+30"), and written back to both.

use std::fmt;
use std::time::Duration;
use thiserror::Error;

/// What a side gets for each move it makes in a stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bonus {
    None,
    /// Fischer: added after every move.
    Increment(Duration),
    /// Simple (US) delay: the clock waits this long before it starts counting down.
    SimpleDelay(Duration),
    /// Bronstein delay: after the move, the time used is given back, up to this much.
    Bronstein(Duration),
}

/// A stage: `moves` moves (None: the rest of the game) in `time`, with a bonus per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stage {
    pub moves: Option<u32>,
    pub time: Duration,
    pub bonus: Bonus,
}

/// A whole time control. No stages means the game is untimed. When the last stage has a move count it repeats
/// (as in "40 moves in 2 hours" repeated), following the PGN standard.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TimeControl {
    pub stages: Vec<Stage>,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("time control '{text}': {reason}")]
pub struct TimeControlError {
    pub text: String,
    pub reason: String,
}

impl TimeControl {
    pub fn untimed() -> TimeControl {
        TimeControl { stages: Vec::new() }
    }

    /// Base + Fischer increment, e.g. `fischer(5 min, 3 s)` for 5+3.
    pub fn fischer(base: Duration, increment: Duration) -> TimeControl {
        let bonus = if increment.is_zero() { Bonus::None } else { Bonus::Increment(increment) };
        TimeControl { stages: vec![Stage { moves: None, time: base, bonus }] }
    }

    pub fn with_bonus(base: Duration, bonus: Bonus) -> TimeControl {
        TimeControl { stages: vec![Stage { moves: None, time: base, bonus }] }
    }

    pub fn is_untimed(&self) -> bool {
        self.stages.is_empty()
    }

    /// The stage a side's `n`-th move (1-based) belongs to, and whether that move ends the stage.
    pub fn stage_of_move(&self, n: u32) -> Option<(usize, bool)> {
        let mut first = 1u32;
        for (i, s) in self.stages.iter().enumerate() {
            match s.moves {
                None => return Some((i, false)),
                Some(m) if m > 0 && n < first.saturating_add(m) => return Some((i, n == first.saturating_add(m) - 1)),
                Some(m) => first = first.saturating_add(m),
            }
        }
        // Past the last stage, which has a move count: it repeats.
        let last = self.stages.len().checked_sub(1)?;
        let m = self.stages[last].moves.unwrap_or(1).max(1);
        let into = (n - first) % m;
        Some((last, into == m - 1))
    }

    /// With a stage of so many moves: how many moves a side whose next move is its `n`-th (1-based) has left
    /// to make before the next control, that move included ("12 to go"). None for a stage that runs to the
    /// end of the game, and when untimed.
    pub fn moves_to_go(&self, n: u32) -> Option<u32> {
        let (stage, _) = self.stage_of_move(n)?;
        let moves = self.stages[stage].moves?;
        // Walks to the stage's last move; a stage has at most `moves` of them, so this ends.
        (0..moves).find(|&k| self.stage_of_move(n.saturating_add(k)).is_none_or(|(_, ends)| ends)).map(|k| k + 1)
    }

    /// Reads a time control as a person types it: minutes for the base (`5`, `0.5`, or seconds with `s`: `30s`),
    /// then `+S` (increment), `dS` (simple delay) or `bS` (Bronstein), stages separated by commas with an
    /// optional `MOVES/` prefix: `40/90,30+30`. `untimed`, `none` and `-` mean no clock.
    ///
    /// # Errors
    /// A `TimeControlError` saying which part is malformed.
    pub fn parse(text: &str) -> Result<TimeControl, TimeControlError> {
        let t = text.trim();
        if matches!(t.to_ascii_lowercase().as_str(), "untimed" | "none" | "-" | "") {
            return Ok(TimeControl::untimed());
        }
        let err = |reason: String| TimeControlError { text: clip(t), reason };
        let stages = t.split(',').map(|s| parse_stage(s.trim(), Unit::Minutes)).collect::<Result<Vec<_>, _>>();
        let tc = TimeControl { stages: stages.map_err(err)? };
        tc.check().map_err(err)?;
        Ok(tc)
    }

    /// Reads the PGN `TimeControl` tag (seconds; stages separated by `:`). `-` is untimed. Also reads the
    /// `d`/`b` delay forms tabiya writes.
    ///
    /// # Errors
    /// A `TimeControlError` for `?`, sandclock (`*180`) and malformed fields.
    pub fn from_pgn(text: &str) -> Result<TimeControl, TimeControlError> {
        let t = text.trim();
        let err = |reason: String| TimeControlError { text: clip(t), reason };
        if t == "-" {
            return Ok(TimeControl::untimed());
        }
        if t == "?" || t.is_empty() {
            return Err(err("unknown".into()));
        }
        if t.starts_with('*') {
            return Err(err("sandclock time controls are not supported".into()));
        }
        let stages = t.split(':').map(|s| parse_stage(s.trim(), Unit::Seconds)).collect::<Result<Vec<_>, _>>();
        let tc = TimeControl { stages: stages.map_err(err)? };
        tc.check().map_err(err)?;
        Ok(tc)
    }

    fn check(&self) -> Result<(), String> {
        if self.stages.iter().any(|s| s.time.is_zero() && s.moves.is_some()) {
            return Err("a stage with a move count needs some time".into());
        }
        if self.stages.first().is_some_and(|s| s.time.is_zero()) {
            return Err("the first stage needs some time".into());
        }
        if self.stages.iter().rev().skip(1).any(|s| s.moves.is_none()) {
            return Err("only the last stage can be for the rest of the game".into());
        }
        Ok(())
    }

    /// The PGN `TimeControl` tag value: `-` untimed, `300+3`, `40/5400:1800+30`. Delays are written `300d5`
    /// (simple) and `300b5` (Bronstein), which the standard has no form for.
    pub fn to_pgn(&self) -> String {
        if self.is_untimed() {
            return "-".into();
        }
        let parts: Vec<String> = self
            .stages
            .iter()
            .map(|s| {
                let mut p = String::new();
                if let Some(m) = s.moves {
                    p.push_str(&format!("{m}/"));
                }
                p.push_str(&secs(s.time));
                match s.bonus {
                    Bonus::None => {}
                    Bonus::Increment(d) => p.push_str(&format!("+{}", secs(d))),
                    Bonus::SimpleDelay(d) => p.push_str(&format!("d{}", secs(d))),
                    Bonus::Bronstein(d) => p.push_str(&format!("b{}", secs(d))),
                }
                p
            })
            .collect();
        parts.join(":")
    }
}

#[derive(Clone, Copy)]
enum Unit {
    Minutes,
    Seconds,
}

fn parse_stage(s: &str, unit: Unit) -> Result<Stage, String> {
    let (moves, rest) = match s.split_once('/') {
        Some((m, rest)) => {
            let n: u32 = m.trim().parse().map_err(|_| format!("'{}' is not a number of moves", clip(m)))?;
            if n == 0 {
                return Err("a stage needs at least one move".into());
            }
            (Some(n), rest.trim())
        }
        None => (None, s),
    };
    let split = rest.find(['+', 'd', 'b', 'D', 'B']);
    let (base, bonus) = match split {
        Some(i) => (&rest[..i], Some((rest.as_bytes()[i].to_ascii_lowercase(), &rest[i + 1..]))),
        None => (rest, None),
    };
    let time = parse_amount(base, unit)?;
    let bonus = match bonus {
        None => Bonus::None,
        Some((kind, amount)) => {
            let d = parse_amount(amount, Unit::Seconds)?;
            match kind {
                b'+' if d.is_zero() => Bonus::None,
                b'+' => Bonus::Increment(d),
                b'd' => Bonus::SimpleDelay(d),
                _ => Bonus::Bronstein(d),
            }
        }
    };
    Ok(Stage { moves, time, bonus })
}

/// A non-negative decimal amount; `s`/`m`/`h` suffixes override the default unit.
fn parse_amount(text: &str, unit: Unit) -> Result<Duration, String> {
    let t = text.trim();
    let (num, scale) = match t.char_indices().last() {
        Some((i, 's')) => (&t[..i], 1.0),
        Some((i, 'm')) => (&t[..i], 60.0),
        Some((i, 'h')) => (&t[..i], 3600.0),
        _ => (t, if matches!(unit, Unit::Minutes) { 60.0 } else { 1.0 }),
    };
    let v: f64 = num.trim().parse().map_err(|_| format!("'{}' is not an amount of time", clip(t)))?;
    if !v.is_finite() || !(0.0..=1.0e7).contains(&v) {
        return Err(format!("'{}' is out of range", clip(t)));
    }
    Ok(Duration::from_millis((v * scale * 1000.0).round() as u64))
}

fn secs(d: Duration) -> String {
    if d.subsec_millis() == 0 { d.as_secs().to_string() } else { format!("{:.3}", d.as_secs_f64()) }
}

fn human(d: Duration) -> String {
    let s = d.as_secs();
    if d.subsec_millis() != 0 {
        format!("{:.1} s", d.as_secs_f64())
    } else if s.is_multiple_of(60) && s > 0 {
        format!("{} min", s / 60)
    } else {
        format!("{s} s")
    }
}

fn clip(s: &str) -> String {
    s.chars().filter(|c| !c.is_control()).take(40).collect()
}

impl fmt::Display for TimeControl {
    /// In words: "untimed", "5 min + 3 s", "40 moves in 90 min, then 30 min + 30 s".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_untimed() {
            return f.write_str("untimed");
        }
        for (i, s) in self.stages.iter().enumerate() {
            if i > 0 {
                f.write_str(", then ")?;
            }
            if let Some(m) = s.moves {
                write!(f, "{m} moves in ")?;
            }
            f.write_str(&human(s.time))?;
            match s.bonus {
                Bonus::None => {}
                Bonus::Increment(d) => write!(f, " + {}", human(d))?,
                Bonus::SimpleDelay(d) => write!(f, ", {} delay", human(d))?,
                Bonus::Bronstein(d) => write!(f, ", {} Bronstein delay", human(d))?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(n: u64) -> Duration {
        Duration::from_secs(n)
    }

    #[test]
    fn reads_what_people_type() {
        assert_eq!(TimeControl::parse("5+3").unwrap(), TimeControl::fischer(s(300), s(3)));
        assert_eq!(TimeControl::parse("30s+1").unwrap(), TimeControl::fischer(s(30), s(1)));
        assert_eq!(TimeControl::parse("5d2").unwrap(), TimeControl::with_bonus(s(300), Bonus::SimpleDelay(s(2))));
        assert_eq!(TimeControl::parse("5b2").unwrap(), TimeControl::with_bonus(s(300), Bonus::Bronstein(s(2))));
        assert!(TimeControl::parse("untimed").unwrap().is_untimed());
        let staged = TimeControl::parse("40/90, 30+30").unwrap();
        assert_eq!(staged.stages.len(), 2);
        assert_eq!(staged.stages[0], Stage { moves: Some(40), time: s(5400), bonus: Bonus::None });
        assert_eq!(staged.to_string(), "40 moves in 90 min, then 30 min + 30 s");
        assert_eq!(staged.to_pgn(), "40/5400:1800+30");
    }

    #[test]
    fn pgn_tags_round_trip() {
        for tag in ["300+3", "-", "40/5400:1800+30", "600", "300d5", "300b5", "40/7200"] {
            assert_eq!(TimeControl::from_pgn(tag).unwrap().to_pgn(), tag);
        }
        assert!(TimeControl::from_pgn("?").is_err());
        assert!(TimeControl::from_pgn("*180").is_err());
    }

    #[test]
    fn malformed_controls_are_refused_with_a_reason() {
        for bad in ["x", "5+", "0/5", "abc/5", "5,40/90", "1e99", "-5"] {
            let e = TimeControl::parse(bad).unwrap_err();
            assert!(!e.reason.is_empty(), "{bad}");
        }
    }

    #[test]
    fn stages_and_repetition() {
        let tc = TimeControl::from_pgn("40/5400:1800+30").unwrap();
        assert_eq!(tc.stage_of_move(1), Some((0, false)));
        assert_eq!(tc.stage_of_move(40), Some((0, true)));
        assert_eq!(tc.stage_of_move(41), Some((1, false)));
        let repeating = TimeControl::from_pgn("40/7200").unwrap();
        assert_eq!(repeating.stage_of_move(80), Some((0, true)));
        assert_eq!(repeating.stage_of_move(81), Some((0, false)));
        assert_eq!(TimeControl::untimed().stage_of_move(1), None);
    }

    #[test]
    fn moves_to_go_count_down_to_each_control() {
        let tc = TimeControl::from_pgn("40/5400:20/1800:900").unwrap();
        assert_eq!(tc.moves_to_go(1), Some(40));
        assert_eq!(tc.moves_to_go(29), Some(12));
        assert_eq!(tc.moves_to_go(40), Some(1));
        assert_eq!(tc.moves_to_go(41), Some(20));
        assert_eq!(tc.moves_to_go(61), None);
        let repeating = TimeControl::from_pgn("40/7200").unwrap();
        assert_eq!(repeating.moves_to_go(81), Some(40));
        assert_eq!(repeating.moves_to_go(120), Some(1));
        assert_eq!(TimeControl::fischer(s(300), s(3)).moves_to_go(1), None);
        assert_eq!(TimeControl::untimed().moves_to_go(1), None);
    }
}
