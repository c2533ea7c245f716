//! The shape of the evaluation weights: the `Params` struct the tuner adjusts, and the few fixed constants
//! it does not touch. The values in use are in `weights.rs`.
//!
//! Arrays indexed by role use the role's discriminant (1 = pawn … 6 = king; index 0 unused). Values are in
//! centipawns, as middlegame/endgame pairs blended by the game phase. Piece-square tables are the sum of a
//! file term and a rank term, ranks counted from the piece's own side (0 = own back rank).

/// Game phase: each piece's weight; the start position has `PHASE_TOTAL`.
pub const PHASE_WEIGHT: [i32; 7] = [0, 0, 1, 1, 2, 4, 0];
pub const PHASE_TOTAL: i32 = 24;
/// Mobility is counted from this many squares per role, so a typical piece scores about zero.
pub const MOBILITY_BASE: [i32; 7] = [0, 0, 4, 6, 6, 12, 0];
/// The king-danger penalty never exceeds this.
pub const KING_DANGER_MAX: i32 = 500;
/// Won endgames against a bare king: the base bonus, per step of the loser's king from the centre, and per
/// step the kings are closer than the maximum.
pub const MATING_BONUS: i32 = 600;
pub const MATING_EDGE: i32 = 25;
pub const MATING_KINGS_CLOSE: i32 = 12;
/// Bishop and knight mate only in a corner of the bishop's colour: per step (files plus ranks) the loser's
/// king is nearer the closer such corner. More than `MATING_EDGE`, so that a king in the wrong corner is
/// driven along the edge to the right one rather than held where it cannot be mated.
pub const MATING_RIGHT_CORNER: i32 = 30;

/// The tunable weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    /// Material.
    pub value_mg: [i32; 7],
    pub value_eg: [i32; 7],
    /// Bonus for the side to move.
    pub tempo: i32,
    /// Piece-square terms by file (a..h) and by relative rank.
    pub pst_file_mg: [[i32; 8]; 7],
    pub pst_rank_mg: [[i32; 8]; 7],
    pub pst_file_eg: [[i32; 8]; 7],
    pub pst_rank_eg: [[i32; 8]; 7],
    /// Per reachable square not guarded by enemy pawns, beyond `MOBILITY_BASE`.
    pub mobility_mg: [i32; 7],
    pub mobility_eg: [i32; 7],
    /// King safety: attack units per piece hitting the squares around the enemy king; the middlegame
    /// penalty is units² × `king_danger_per_unit2` (with at least two attackers).
    pub king_attack_units: [i32; 7],
    pub king_danger_per_unit2: i32,
    /// Pawn shield of a king on its first two ranks: per file with no pawn one step ahead (less when the
    /// pawn is two steps ahead).
    pub shield_missing: i32,
    pub shield_advanced: i32,
    /// Pawn structure.
    pub doubled_mg: i32,
    pub doubled_eg: i32,
    pub isolated_mg: i32,
    pub isolated_eg: i32,
    /// Passed pawns by relative rank, plus (endgame) the kings' distances to the square ahead, scaled by the
    /// rank, and a bonus when that square is empty.
    pub passed_mg: [i32; 8],
    pub passed_eg: [i32; 8],
    pub passed_king_distance: i32,
    pub passed_free_eg: i32,
    /// Rooks on files without pawns (open) or without own pawns (half-open).
    pub rook_open_mg: i32,
    pub rook_open_eg: i32,
    pub rook_half_open_mg: i32,
    pub rook_half_open_eg: i32,
    pub bishop_pair_mg: i32,
    pub bishop_pair_eg: i32,
    /// King safety: attack units per safe check a role can give (added to the zone units before squaring).
    pub safe_check_units: [i32; 7],
    /// Pawns guarded by a pawn or beside one, by relative rank.
    pub connected_mg: [i32; 8],
    pub connected_eg: [i32; 8],
    /// Knights and bishops in the enemy half, guarded by a pawn, that no enemy pawn can chase away.
    pub outpost_knight_mg: i32,
    pub outpost_knight_eg: i32,
    pub outpost_bishop_mg: i32,
    pub outpost_bishop_eg: i32,
    /// Threats: per enemy piece attacked by a pawn, per rook or queen attacked by a minor, per queen attacked
    /// by a rook, per piece attacked and undefended, per pawn attacked and undefended.
    pub threat_by_pawn_mg: i32,
    pub threat_by_pawn_eg: i32,
    pub threat_by_minor_mg: i32,
    pub threat_by_minor_eg: i32,
    pub threat_by_rook_mg: i32,
    pub threat_by_rook_eg: i32,
    pub hanging_mg: i32,
    pub hanging_eg: i32,
    pub hanging_pawn_mg: i32,
    pub hanging_pawn_eg: i32,
}

impl Params {
    /// Every weight the tuner adjusts (index 0 of role arrays, which is never used, is left out). The king
    /// attack and check weights are not among them: attacks on the king are too rare in quiet sample positions to fit,
    /// and fitting drove them to zero.
    pub fn weights_mut(&mut self, with_psqt: bool) -> Vec<&mut i32> {
        let mut v: Vec<&mut i32> = Vec::new();
        let Params {
            value_mg,
            value_eg,
            tempo,
            pst_file_mg,
            pst_rank_mg,
            pst_file_eg,
            pst_rank_eg,
            mobility_mg,
            mobility_eg,
            king_attack_units: _,
            king_danger_per_unit2: _,
            shield_missing,
            shield_advanced,
            doubled_mg,
            doubled_eg,
            isolated_mg,
            isolated_eg,
            passed_mg,
            passed_eg,
            passed_king_distance,
            passed_free_eg,
            rook_open_mg,
            rook_open_eg,
            rook_half_open_mg,
            rook_half_open_eg,
            bishop_pair_mg,
            bishop_pair_eg,
            safe_check_units: _,
            connected_mg,
            connected_eg,
            outpost_knight_mg,
            outpost_knight_eg,
            outpost_bishop_mg,
            outpost_bishop_eg,
            threat_by_pawn_mg,
            threat_by_pawn_eg,
            threat_by_minor_mg,
            threat_by_minor_eg,
            threat_by_rook_mg,
            threat_by_rook_eg,
            hanging_mg,
            hanging_eg,
            hanging_pawn_mg,
            hanging_pawn_eg,
        } = self;
        // Pawn values stay fixed: they anchor the scale.
        v.extend(value_mg[2..6].iter_mut().chain(value_eg[2..6].iter_mut()));
        if with_psqt {
            for table in [pst_file_mg, pst_rank_mg, pst_file_eg, pst_rank_eg] {
                v.extend(table[1..].iter_mut().flatten());
            }
        }
        v.extend(mobility_mg[2..6].iter_mut().chain(mobility_eg[2..6].iter_mut()));
        v.extend(passed_mg[1..7].iter_mut().chain(passed_eg[1..7].iter_mut()));
        v.extend(connected_mg[1..7].iter_mut().chain(connected_eg[1..7].iter_mut()));
        v.extend([
            tempo,
            shield_missing,
            shield_advanced,
            doubled_mg,
            doubled_eg,
            isolated_mg,
            isolated_eg,
            passed_king_distance,
            passed_free_eg,
            rook_open_mg,
            rook_open_eg,
            rook_half_open_mg,
            rook_half_open_eg,
            bishop_pair_mg,
            bishop_pair_eg,
            outpost_knight_mg,
            outpost_knight_eg,
            outpost_bishop_mg,
            outpost_bishop_eg,
            threat_by_pawn_mg,
            threat_by_pawn_eg,
            threat_by_minor_mg,
            threat_by_minor_eg,
            threat_by_rook_mg,
            threat_by_rook_eg,
            hanging_mg,
            hanging_eg,
            hanging_pawn_mg,
            hanging_pawn_eg,
        ]);
        v
    }
}
