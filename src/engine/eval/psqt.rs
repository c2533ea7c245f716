//! Material and piece-square values folded into one table per set of weights, indexed by the board's piece
//! code and 0x88 square: one load per piece where the sum of a value, a file term and a rank term took six
//! and the rank's flip for Black. The table for the shipped weights is built at compile time; the tuner, whose
//! weights change between calls, adds the terms up as before.

use super::params::Params;
use super::weights::WEIGHTS;

/// `values[code][square]` = (middlegame, endgame) for a piece coded `role | colour << 3` on a 0x88 square.
pub(crate) struct Psqt {
    values: [[(i32, i32); 128]; 16],
}

impl Psqt {
    pub const fn new(p: &Params) -> Psqt {
        let mut values = [[(0, 0); 128]; 16];
        let mut code = 0;
        while code < 16 {
            let (role, black) = (code & 7, code >> 3 == 1);
            let mut sq = 0;
            while role >= 1 && role <= 6 && sq < 128 {
                if sq & 0x88 == 0 {
                    let file = sq & 7;
                    let rank = if black { 7 - (sq >> 4) } else { sq >> 4 };
                    values[code][sq] = (
                        p.value_mg[role] + p.pst_file_mg[role][file] + p.pst_rank_mg[role][rank],
                        p.value_eg[role] + p.pst_file_eg[role][file] + p.pst_rank_eg[role][rank],
                    );
                }
                sq += 1;
            }
            code += 1;
        }
        Psqt { values }
    }

    /// The (middlegame, endgame) value of the piece coded `code` on `sq`.
    #[inline(always)]
    pub fn get(&self, code: u8, sq: u8) -> (i32, i32) {
        self.values[code as usize & 15][sq as usize & 127]
    }
}

/// The shipped weights' table.
pub(crate) static SHIPPED: Psqt = Psqt::new(&WEIGHTS);
