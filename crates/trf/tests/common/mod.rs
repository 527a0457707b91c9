//! Test support of the TRF crate's integration tests: line builders, the
//! tie-break catalogue stand-in, and a measured budget of memory per input.
#![allow(dead_code)] // each test file uses a different part

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::time::{Duration, Instant};

use arbiter_trf::{TrfDocument, Written};

/// The system allocator, counting the bytes each thread holds and the
/// most it held, so a test measures the memory one call needs.
struct Counting;

thread_local! {
    static HELD: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn count(delta: isize) {
    // `try_with`: nothing to count once the thread's storage is gone.
    let _ = HELD.try_with(|held| {
        let now = held.get() + delta;
        held.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

// SAFETY: every call is forwarded to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size() as isize);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(-(layout.size() as isize));
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size as isize - layout.size() as isize);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// What one call used: the most memory it held beyond what was held
/// before, and the time it took.
#[derive(Clone, Copy, Debug)]
pub struct Usage {
    pub peak_bytes: usize,
    pub elapsed: Duration,
}

/// Runs `f` on this thread and measures it.
pub fn measured<T>(f: impl FnOnce() -> T) -> (T, Usage) {
    let before = HELD.with(Cell::get);
    PEAK.with(|p| p.set(before));
    let start = Instant::now();
    let out = f();
    let elapsed = start.elapsed();
    let peak = PEAK.with(Cell::get) - before;
    (
        out,
        Usage {
            peak_bytes: peak.max(0) as usize,
            elapsed,
        },
    )
}

/// A 001 line: starting rank, points, then 10-column round blocks.
pub fn player(tpn: u32, points: &str, blocks: &[&str]) -> String {
    let head = format!("001 {tpn:>4}      Player {tpn}");
    let rounds: String = blocks.iter().map(|b| format!("{b:>10}")).collect();
    format!("{head:<80}{points:>4}{:5}{rounds}", "")
}

/// A tie-break catalogue for tests of this crate (the real one is
/// `arbiter_standings::parse_list`, which this crate cannot depend on):
/// accepts a few MTB26 codes, refuses the rest.
pub fn codes(code: &str) -> Result<(), String> {
    match code {
        "BH/C1" | "BH" | "SB" | "DE" | "PS" | "PTS" => Ok(()),
        other => Err(format!("tie-break '{other}': unknown tie-break")),
    }
}

/// The canonical text of `doc`, which must be writable.
pub fn text(doc: &TrfDocument) -> String {
    let Written { text, .. } = arbiter_trf::write(doc).unwrap_or_else(|e| panic!("{e}"));
    text
}

/// xorshift64*: a small deterministic generator, so every generated input
/// is reproduced from its seed.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True with probability 1 in `n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

pub mod generate {
    //! Random tournaments with every field TRF carries (issue 10 item 10's
    //! property test), in the canonical form the reader gives back:
    //! trimmed texts, acceleration without trailing zero rounds, round
    //! dates without trailing unknown ones, absences only before a later
    //! entry.

    use arbiter_model::date::{BirthDate, Date};
    use arbiter_model::{
        ByeKind, Colour, Entrant, EventInfo, ForbiddenGroup, Outcome, Player, Points, Ratings,
        RoundEntry, Scoring, Sex, Team, Title, Tournament, Tpn,
    };

    use super::Rng;

    const SURNAMES: &[&str] = &[
        "Rossi",
        "Müller",
        "Łukasz",
        "Ngô",
        "O'Brien",
        "van der Berg",
        "Smith-Jones",
        "Ünal",
        "Wolfeschlegelsteinhausen",
    ];
    const GIVEN: &[&str] = &["Ann", "Bảo", "Émile", "Jo", "Zoë", "Ana María"];

    /// The scoring systems of the property test: 1-½-0, 3-1-0, 10-5-0 (the
    /// record 162 of issue 10 item 10), 2-1-0, with PAB and absence values
    /// of their own now and then.
    pub fn scoring(rng: &mut Rng) -> Scoring {
        let (w, d) = *rng.pick(&[(10, 5), (30, 10), (100, 50), (20, 10)]);
        let mut s = Scoring::with_game_points(Points(w), Points(d), Points::ZERO);
        if rng.one_in(4) {
            s.pab = Points(d);
        }
        if rng.one_in(5) {
            s.zero_bye = Points(d / 5);
            s.forfeit_loss = Points(d / 5);
        }
        s
    }

    fn text(rng: &mut Rng, max: usize) -> String {
        let s = format!("{}, {}", rng.pick(SURNAMES), rng.pick(GIVEN));
        s.chars().take(max).collect::<String>().trim().to_string()
    }

    fn date(rng: &mut Rng) -> Date {
        let (y, m, d) = (2020 + rng.below(9), 1 + rng.below(12), 1 + rng.below(28));
        Date::new(y as i16, m as i8, d as i8).expect("a date")
    }

    /// The date `days` days after `d`.
    fn later(d: Date, days: usize) -> Date {
        (0..days).fold(d, |d, _| d.tomorrow().expect("in range"))
    }

    fn player(rng: &mut Rng, tpn: Tpn) -> Player {
        Player {
            tpn,
            name: if rng.one_in(20) {
                String::new()
            } else {
                text(rng, 33)
            },
            sex: *rng.pick(&[None, Some(Sex::Male), Some(Sex::Female)]),
            title: *rng.pick(&[
                None,
                None,
                Some(Title::GM),
                Some(Title::WIM),
                Some(Title::CM),
            ]),
            ratings: Ratings {
                fide: (!rng.one_in(4)).then(|| 1000 + rng.below(1850) as u16),
                ..Ratings::default()
            },
            federation: (!rng.one_in(3))
                .then(|| rng.pick(&["ITA", "GER", "POL", "VIE"]).to_string()),
            fide_id: (!rng.one_in(3)).then(|| 1 + rng.next() % 99_999_999_999),
            birth_date: match rng.below(3) {
                0 => None,
                1 => Some(BirthDate::Year(1940 + rng.below(80) as i16)),
                _ => Some(BirthDate::Day(date(rng))),
            },
            ..Player::default()
        }
    }

    /// One round: byes and absences first, then pairs with every kind of
    /// result, the odd player out getting the PAB.
    fn round(rng: &mut Rng, n: usize, last: bool) -> Vec<RoundEntry> {
        let mut entries = vec![None; n];
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let mut playing = Vec::new();
        for &p in &order {
            if rng.one_in(8) {
                let bye = match rng.below(5) {
                    0 => RoundEntry::Bye(ByeKind::Half),
                    1 => RoundEntry::Bye(ByeKind::Full),
                    2 => RoundEntry::Bye(ByeKind::Zero),
                    3 => RoundEntry::Forfeit {
                        opponent: None,
                        colour: None,
                        won: false,
                    },
                    _ if last => RoundEntry::Bye(ByeKind::Zero),
                    _ => RoundEntry::Absent,
                };
                entries[p] = Some(bye);
            } else {
                playing.push(p);
            }
        }
        if playing.len() % 2 == 1 {
            let p = playing.pop().expect("odd");
            entries[p] = Some(if rng.one_in(6) {
                RoundEntry::Forfeit {
                    opponent: None,
                    colour: None,
                    won: true,
                }
            } else {
                RoundEntry::PairingBye
            });
        }
        for pair in playing.chunks(2) {
            let (a, b) = (pair[0], pair[1]);
            let (ta, tb) = (a as Tpn + 1, b as Tpn + 1);
            let colour = *rng.pick(&[Colour::White, Colour::Black]);
            let (ea, eb) = match rng.below(6) {
                0 => {
                    // Single forfeit, scheduled colours or none.
                    let (ca, cb) = if rng.one_in(3) {
                        (None, None)
                    } else {
                        (Some(colour), Some(colour.opposite()))
                    };
                    let a_won = rng.one_in(2);
                    (
                        RoundEntry::Forfeit {
                            opponent: Some(tb),
                            colour: ca,
                            won: a_won,
                        },
                        RoundEntry::Forfeit {
                            opponent: Some(ta),
                            colour: cb,
                            won: !a_won,
                        },
                    )
                }
                1 if rng.one_in(3) => (
                    RoundEntry::Forfeit {
                        opponent: Some(tb),
                        colour: Some(colour),
                        won: false,
                    },
                    RoundEntry::Forfeit {
                        opponent: Some(ta),
                        colour: Some(colour.opposite()),
                        won: false,
                    },
                ),
                _ => {
                    let outcome = *rng.pick(&[Outcome::Win, Outcome::Draw, Outcome::Loss]);
                    let rated = !rng.one_in(10);
                    (
                        RoundEntry::Game {
                            opponent: tb,
                            colour,
                            outcome,
                            rated,
                        },
                        RoundEntry::Game {
                            opponent: ta,
                            colour: colour.opposite(),
                            outcome: outcome.reversed(),
                            rated,
                        },
                    )
                }
            };
            entries[a] = Some(ea);
            entries[b] = Some(eb);
        }
        entries
            .into_iter()
            .map(|e| e.expect("every player has an entry"))
            .collect()
    }

    /// A random tournament of 2-24 players and 1-9 rounds.
    pub fn tournament(rng: &mut Rng) -> Tournament {
        let n = 2 + rng.below(23);
        let rounds = 1 + rng.below(9);
        let scoring = scoring(rng);
        let mut entrants: Vec<Entrant> = (1..=n as Tpn)
            .map(|tpn| Entrant {
                player: player(rng, tpn),
                ..Entrant::default()
            })
            .collect();
        for r in 0..rounds {
            for (e, entry) in entrants.iter_mut().zip(round(rng, n, r + 1 == rounds)) {
                e.rounds.push(entry);
            }
        }
        for e in &mut entrants {
            e.reported_points = Some(e.rounds.iter().map(|r| scoring.points(r)).sum());
            e.reported_rank = (!rng.one_in(3)).then(|| 1 + rng.below(n) as u32);
        }
        let start = date(rng);
        let round_dates: Vec<Option<Date>> = if rng.one_in(3) {
            Vec::new()
        } else {
            let mut v: Vec<Option<Date>> = (0..rounds)
                .map(|r| (!rng.one_in(5)).then(|| later(start, r)))
                .collect();
            while v.last() == Some(&None) {
                v.pop();
            }
            v
        };
        let kind = rng.pick(&[
            None,
            Some("Individual: Swiss-System"),
            Some("FIDE_DUTCH_2025"),
        ]);
        let system = match kind {
            Some(k) if k.starts_with("FIDE_") => Some(k.to_string()),
            _ => rng
                .pick(&[None, Some("FIDE_DUTCH_2026"), Some("CUSTOM_SWISS")])
                .map(str::to_string),
        };
        let mut acceleration = std::collections::BTreeMap::new();
        for tpn in 1..=n as Tpn {
            if rng.one_in(3) {
                let len = 1 + rng.below(rounds);
                let mut v: Vec<Points> = (0..len).map(|_| Points(*rng.pick(&[0, 5, 10]))).collect();
                v[len - 1] = Points(10);
                acceleration.insert(tpn, v);
            }
        }
        let forbidden = (0..rng.below(3))
            .map(|_| {
                let a = 1 + rng.below(n) as Tpn;
                let b = 1 + (a as usize % n) as Tpn;
                ForbiddenGroup {
                    players: vec![a, b],
                    rounds: rng.one_in(2).then(|| (1, 1 + rng.below(rounds) as u32)),
                }
            })
            .collect();
        let numbered = rng.one_in(2);
        let teams = (0..rng.below(3))
            .map(|i| Team {
                number: numbered.then_some(i as u32 + 1),
                name: text(rng, 32),
                members: vec![1 + rng.below(n) as Tpn],
                ..Team::default()
            })
            .collect();
        Tournament {
            info: EventInfo {
                name: text(rng, 60),
                city: (!rng.one_in(3)).then(|| "Zürich".to_string()),
                federation: (!rng.one_in(3)).then(|| "SUI".to_string()),
                start_date: (!round_dates.is_empty() || rng.one_in(2)).then_some(start),
                end_date: rng.one_in(2).then(|| later(start, 9)),
                chief_arbiter: (!rng.one_in(3)).then(|| format!("IA {}", text(rng, 40))),
                deputy_arbiters: (0..rng.below(3))
                    .map(|_| format!("FA {}", text(rng, 40)))
                    .collect(),
                time_control: (!rng.one_in(3)).then(|| "90 min + 30 s".to_string()),
                kind: kind.map(str::to_string),
                round_dates,
            },
            entrants,
            total_rounds: rng.one_in(2).then(|| (rounds + rng.below(3)) as u32),
            initial_colour: *rng.pick(&[None, Some(Colour::White), Some(Colour::Black)]),
            scoring,
            system,
            acceleration,
            forbidden,
            teams,
            tiebreaks: ["BH/C1", "BH", "SB", "DE", "PS"]
                .iter()
                .filter(|_| rng.one_in(2))
                .map(|c| c.to_string())
                .collect(),
            team_section: None,
        }
    }
}
