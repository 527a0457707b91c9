//! Shared helpers of the engine tests: the corpus, the binary, and round-r
//! pairing inputs built the way `tools/check_engine.py` builds them (spec 05
//! §9.3).

#![allow(dead_code)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use arbiter_model::{Colour, Entrant, Player, Points, Tournament, Tpn};
use assert_cmd::Command;

/// `../shared/corpus/<kind>`; fails loudly when the folder is missing.
pub fn corpus(kind: &str) -> PathBuf {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus"
    ))
    .join(kind);
    assert!(dir.is_dir(), "corpus folder missing: {}", dir.display());
    dir
}

/// The `.trf` files of a corpus folder, sorted by name.
pub fn corpus_files(kind: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus(kind))
        .expect("corpus folder readable")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    files.sort();
    files
}

pub fn arbiter() -> Command {
    Command::cargo_bin("arbiter").expect("the arbiter binary")
}

/// Runs the binary; returns (exit code, stdout, stderr).
pub fn run(args: &[&str], dir: &Path) -> (Option<i32>, String, String) {
    let out = arbiter()
        .args(args)
        .current_dir(dir)
        .output()
        .expect("runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `--SYSTEM FILE -c` in the file's folder and returns its report; the
/// exit code must be 0.
pub fn check_report(system: &str, file: &Path) -> String {
    let dir = file.parent().expect("folder");
    let name = file.file_name().and_then(|n| n.to_str()).expect("name");
    let (code, stdout, stderr) = run(&[&format!("--{system}"), name, "-c"], dir);
    assert_eq!(code, Some(0), "{name}: {stderr}");
    stdout
}

/// The checker's report on a file without differences: one line per round,
/// then an empty line.
pub fn clean_report(stem: &str, rounds: usize) -> String {
    let mut s: String = (1..=rounds)
        .map(|r| format!("{stem}: Round #{r}\n"))
        .collect();
    s.push('\n');
    s
}

/// The lines of a TRF text (CR, LF or CRLF line ends).
pub fn lines(text: &str) -> Vec<String> {
    text.split(['\r', '\n']).map(str::to_string).collect()
}

/// A round block of a 001 line: (opponent, colour, result); `None` when the
/// block is blank or missing.
pub fn block(line: &str, round: usize) -> Option<(u32, char, char)> {
    let chars: Vec<char> = line.chars().collect();
    let start = 91 + 10 * (round - 1);
    if start >= chars.len() {
        return None;
    }
    let text: String = chars[start..(start + 8).min(chars.len())].iter().collect();
    if text.trim().is_empty() {
        return None;
    }
    let text = format!("{text:<8}");
    let opponent = text[..4].trim().parse().unwrap_or(0);
    let mut it = text.chars();
    Some((opponent, it.nth(5).unwrap_or(' '), it.nth(1).unwrap_or(' ')))
}

fn took_part((opponent, _, result): (u32, char, char)) -> bool {
    opponent != 0 || result == 'U' || result == '+'
}

/// Points of one result code under 1-½-0 (or `win`/`draw` points).
fn points(result: char, win: f64, draw: f64) -> f64 {
    match result {
        '1' | '+' | 'W' | 'U' | 'F' => win,
        '=' | 'D' | 'H' => draw,
        _ => 0.0,
    }
}

/// The pairing problem of round `round` of a finished file: rounds before
/// it, the round's non-pairing entries, the points column recomputed, `XXR`
/// and `XXC` appended (spec 05 §9.3). `win`/`draw` = the file's scoring.
pub fn round_input(text: &str, round: usize, win: f64, draw: f64) -> String {
    let all = lines(text);
    let players: Vec<&String> = all.iter().filter(|l| l.starts_with("001")).collect();
    let total = players
        .iter()
        .map(|l| (l.chars().count().saturating_sub(89)) / 10)
        .max()
        .unwrap_or(0);
    let first = players.first().expect("a player");
    let colour = match block(first, 1) {
        Some((_, 'w', _)) => "white1",
        _ => "black1",
    };
    let mut out = Vec::new();
    for l in &all {
        if l.trim().is_empty() || l.starts_with("XXR") {
            continue;
        }
        if !l.starts_with("001") {
            out.push(l.clone());
            continue;
        }
        let chars: Vec<char> = l.chars().collect();
        let mut score = 0.0;
        let mut body = String::new();
        for r in 1..round {
            match block(l, r) {
                Some(b) => {
                    score += points(b.2, win, draw);
                    body.push_str(
                        &chars[89 + 10 * (r - 1)..99 + 10 * (r - 1)]
                            .iter()
                            .collect::<String>(),
                    );
                }
                None => body.push_str(&" ".repeat(10)),
            }
        }
        if let Some(b) = block(l, round)
            && !took_part(b)
        {
            body.push_str(
                &chars[89 + 10 * (round - 1)..99 + 10 * (round - 1)]
                    .iter()
                    .collect::<String>(),
            );
        }
        let head: String = chars[..80].iter().collect();
        let rank: String = chars[84..89].iter().collect();
        out.push(
            format!("{head}{score:4.1}{rank}{body}")
                .trim_end()
                .to_string(),
        );
    }
    out.push(format!("XXR {total}"));
    out.push(format!("XXC {colour}"));
    out.join("\n") + "\n"
}

/// The pairing of round `round` recorded in a file: (white, black) pairs and
/// PAB receivers (as `(id, 0)`).
pub fn recorded_pairing(text: &str, round: usize) -> BTreeSet<(u32, u32)> {
    let mut out = BTreeSet::new();
    for l in lines(text).iter().filter(|l| l.starts_with("001")) {
        let id: u32 = l[4..8].trim().parse().expect("id");
        match block(l, round) {
            Some((0, _, 'U')) => {
                out.insert((id, 0));
            }
            Some((opp, 'w', _)) if opp != 0 => {
                out.insert((id, opp));
            }
            _ => {}
        }
    }
    out
}

/// The pairs of an engine output (first line = count).
pub fn engine_pairs(output: &str) -> BTreeSet<(u32, u32)> {
    let mut it = output.lines();
    let count: usize = it
        .next()
        .expect("count line")
        .trim()
        .parse()
        .expect("count");
    let pairs: BTreeSet<(u32, u32)> = it
        .map(|l| {
            let mut w = l.split_whitespace().map(|x| x.parse::<u32>().expect("id"));
            (w.next().expect("white"), w.next().expect("black"))
        })
        .collect();
    assert_eq!(pairs.len(), count, "count line of {output}");
    pairs
}

/// A tournament before its first round: `players` entrants on 0 points,
/// TPN 1..=players named by `name`, `rounds` rounds in all.
pub fn fresh_tournament(
    players: Tpn,
    rounds: u32,
    initial_colour: Option<Colour>,
    name: impl Fn(Tpn) -> String,
) -> Tournament {
    Tournament {
        entrants: (1..=players)
            .map(|tpn| Entrant {
                player: Player {
                    tpn,
                    name: name(tpn),
                    ..Player::default()
                },
                reported_points: Some(Points::ZERO),
                ..Entrant::default()
            })
            .collect(),
        total_rounds: Some(rounds),
        initial_colour,
        ..Tournament::default()
    }
}
