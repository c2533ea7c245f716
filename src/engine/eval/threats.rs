//! Threats: pieces attacked by cheaper enemy pieces, and pieces attacked but not defended. Static exchange
//! belongs to the search; this term tells the evaluation that such a position is uncomfortable for the side
//! whose pieces hang, which quiescence search alone (captures only) cannot see for the side not to move.

use super::Acc;
use super::maps::{Maps, count};
use super::params::*;

pub(crate) fn evaluate(maps: &Maps, p: &Params, acc: &mut Acc) {
    for c in 0..2 {
        let them = 1 - c;
        let theirs = &maps.pieces[them];
        let by = &maps.attacks[c];
        let pieces = theirs[2] | theirs[3] | theirs[4] | theirs[5];
        let by_pawn = count(by[1] & pieces);
        let by_minor = count((by[2] | by[3]) & (theirs[4] | theirs[5]));
        let by_rook = count(by[4] & theirs[5]);
        let hanging = count(maps.all[c] & !maps.all[them] & pieces);
        let weak_pawns = count(maps.all[c] & !maps.all[them] & theirs[1]);
        acc.add(
            c,
            by_pawn * p.threat_by_pawn_mg
                + by_minor * p.threat_by_minor_mg
                + by_rook * p.threat_by_rook_mg
                + hanging * p.hanging_mg
                + weak_pawns * p.hanging_pawn_mg,
            by_pawn * p.threat_by_pawn_eg
                + by_minor * p.threat_by_minor_eg
                + by_rook * p.threat_by_rook_eg
                + hanging * p.hanging_eg
                + weak_pawns * p.hanging_pawn_eg,
        );
    }
}
