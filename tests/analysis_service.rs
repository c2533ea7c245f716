//! The analysis service with the built-in engine: a game with a planted blunder is analysed position by
//! position and the blunder is judged as one; a position analysis reports lines and restarts on request.

use std::time::{Duration, Instant};
use tabiya::game::analysis::{
    AnalysisEngine, AnalysisRequest, AnalysisService, AnalysisUpdate, PositionAnalysis, PositionLimit, annotate,
};
use tabiya::game::brain::EvalScore;
use tabiya::game::judgement::Judgement;
use tabiya::game::pgn::read_games;
use tabiya::game::pgn::tree::GameTree;

fn wait_done(service: &AnalysisService, id: u64) -> (Vec<PositionAnalysis>, bool, usize) {
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut progress = 0;
    while Instant::now() < deadline {
        match service.recv_timeout(Duration::from_millis(100)) {
            Some(AnalysisUpdate::GameProgress { id: i, .. }) if i == id => progress += 1,
            Some(AnalysisUpdate::GameDone { id: i, positions, stopped }) if i == id => {
                return (positions, stopped, progress);
            }
            Some(AnalysisUpdate::Failed { message }) => panic!("{message}"),
            _ => {}
        }
    }
    panic!("no answer in time");
}

/// Analyses the main line of `tree` with the built-in engine, each position to `limit`; checks that the
/// analysis ran to the end with one entry per position, and gives the entries and the progress reports seen.
fn analyse_to_the_end(tree: &GameTree, limit: PositionLimit) -> (Vec<PositionAnalysis>, usize) {
    let service = AnalysisService::start(&AnalysisEngine::Builtin { hash_mb: 16, threads: 1 }, None).unwrap();
    let moves: Vec<_> = tree.moves().collect();
    service.request(AnalysisRequest::Game { id: 7, start: tree.start.clone(), moves: moves.clone(), limit });
    let (positions, stopped, progress) = wait_done(&service, 7);
    assert!(!stopped);
    assert_eq!(positions.len(), moves.len() + 1);
    (positions, progress)
}

#[test]
fn a_planted_blunder_is_found_and_judged() {
    // 3...Qxd4?? would be fine; here Black hangs the queen with 3...Qh4?? 4.Nxh4.
    let pgn = b"1. e4 e5 2. Nf3 Nc6 3. d4 Qh4 4. Nxh4 *";
    let game = &read_games(pgn)[0];
    let limit = PositionLimit::Nodes { nodes: 100_000, backstop: Duration::from_secs(20) };
    let (positions, progress) = analyse_to_the_end(&game.tree, limit);
    assert_eq!(progress, positions.len());
    let mut tree = game.tree.clone();
    let report = annotate(&mut tree, &positions);
    let blunder = report.verdicts.iter().find(|v| v.ply == 6).expect("3...Qh4 is judged");
    assert_eq!(blunder.judgement, Judgement::Blunder);
    assert!(tree.mainline.moves[5].nags.contains(&4));
}

#[test]
fn a_position_analysis_reports_lines_and_a_new_request_replaces_it() {
    let service = AnalysisService::start(&AnalysisEngine::Builtin { hash_mb: 16, threads: 1 }, None).unwrap();
    let start = tabiya::rules::Position::startpos();
    service.request(AnalysisRequest::Position { id: 1, start: start.clone(), moves: vec![], lines: 3 });
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut depth = 0;
    let mut widest = 0;
    // Depth 12 is past every level's cap (level 11 stops at 11): analysis searches at full strength.
    while Instant::now() < deadline && (depth < 12 || widest < 3) {
        if let Some(AnalysisUpdate::Lines { id: 1, lines }) = service.recv_timeout(Duration::from_millis(100)) {
            assert!(lines.iter().all(|l| !l.moves.is_empty()));
            let firsts: std::collections::HashSet<_> = lines.iter().map(|l| l.moves[0]).collect();
            assert_eq!(firsts.len(), lines.len(), "distinct first moves");
            depth = lines[0].depth;
            widest = widest.max(lines.len());
        }
    }
    assert!(depth >= 12, "the search deepens at full strength: depth {depth}");
    assert_eq!(widest, 3, "three lines");
    // A game request replaces it; the stopped position search sends nothing more for id 1 after that.
    service.request(AnalysisRequest::Game { id: 2, start, moves: vec![], limit: PositionLimit::Depth(4) });
    let (positions, _, _) = wait_done(&service, 2);
    assert_eq!(positions.len(), 1);
    service.request(AnalysisRequest::Stop);
}

#[test]
fn a_main_line_that_passes_is_analysed_from_the_position_after_each_pass() {
    // White passes at move 3 and Black takes the queen: from the pass on Black is a queen up, so White's
    // evaluation must be far below zero (a side taken from the wrong position would flip it). Every line
    // must be legal where it stands; the pass itself gets an evaluation and no verdict.
    let pgn = b"1. e4 e5 2. Qh5 Qg5 3. -- Qxh5 *";
    let game = &read_games(pgn)[0];
    assert!(game.error.is_none(), "{:?}", game.error);
    let (positions, _) = analyse_to_the_end(&game.tree, PositionLimit::Depth(8));
    for (ply, p) in positions.iter().enumerate() {
        let pos = game.tree.position_at(ply);
        let first = p.pv.first().unwrap_or_else(|| panic!("a line at ply {ply}"));
        assert!(pos.is_legal(*first), "ply {ply}: {first:?} is not legal in {}", pos.to_fen());
    }
    for ply in [5, 6] {
        let white = match positions[ply].score {
            EvalScore::Cp(cp) => cp,
            EvalScore::Mate(n) => n.signum() * 10_000,
        };
        assert!(white < -500, "ply {ply}: Black is a queen up, yet {:?} for White", positions[ply].score);
    }
    let mut tree = game.tree.clone();
    let report = annotate(&mut tree, &positions);
    assert!(report.verdicts.iter().all(|v| v.ply != 5), "the pass is not judged");
    assert!(tree.mainline.moves[4].eval.is_some());
}

/// A fake engine that scores 1. e4 a blunder on its first, short search (−1.50 after it, +0.30 before) and
/// a sound move on a second search of four times the nodes (0.00 after it).
const SECOND_LOOK_ENGINE: &str = "#!/bin/sh
pos=''
while read -r line; do
  case \"$line\" in
    uci) echo 'id name Fake'; echo uciok;;
    isready) echo readyok;;
    position*) pos=\"$line\";;
    go*) case \"$pos\" in
      *e2e4*) case \"$line\" in *'nodes 4000'*) s=0;; *) s=150;; esac
              echo \"info depth 5 score cp $s pv e7e5\"; echo 'bestmove e7e5';;
      *) echo 'info depth 5 score cp 30 pv d2d4'; echo 'bestmove d2d4';;
    esac;;
    quit) exit 0;;
  esac
done
";

#[test]
fn a_move_near_the_blunder_line_is_searched_again_and_the_deeper_verdict_stands() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("second-look.sh");
    std::fs::write(&path, SECOND_LOOK_ENGINE).unwrap();
    std::fs::set_permissions(&path, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let spec = tabiya::game::EngineSpec::configured("Fake", path.to_str().unwrap(), &[]);
    let service = AnalysisService::start(&AnalysisEngine::External(spec), None).unwrap();
    let game = &read_games(b"1. e4 *")[0];
    let start = game.tree.start.clone();
    let limit = PositionLimit::Nodes { nodes: 1000, backstop: Duration::from_secs(5) };
    service.request(AnalysisRequest::Game { id: 3, start, moves: game.tree.moves().collect(), limit });
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut rechecked = Vec::new();
    let positions = loop {
        assert!(Instant::now() < deadline, "no answer in time");
        match service.recv_timeout(Duration::from_millis(100)) {
            Some(AnalysisUpdate::GameRechecked { id: 3, index, done, total, position }) => {
                assert_eq!((done, total), (rechecked.len() + 1, 2));
                rechecked.push((index, position.score));
            }
            Some(AnalysisUpdate::GameDone { id: 3, positions, stopped }) => {
                assert!(!stopped);
                break positions;
            }
            Some(AnalysisUpdate::Failed { message }) => panic!("{message}"),
            _ => {}
        }
    };
    // Both sides of the move were searched again; the second search's scores replaced the first's.
    assert_eq!(rechecked, vec![(0, EvalScore::Cp(30)), (1, EvalScore::Cp(0))]);
    assert_eq!(positions[1].score, EvalScore::Cp(0));
    let mut tree = game.tree.clone();
    let report = annotate(&mut tree, &positions);
    assert!(report.verdicts.is_empty(), "a 0.06 drop is no verdict: {:?}", report.verdicts);
}
