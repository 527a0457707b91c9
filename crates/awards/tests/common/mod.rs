//! Builders shared by the awards tests: players and rankings written
//! compactly, plans read from text.

#![allow(dead_code)]

use arbiter_awards::{Allocation, Cents, Options, PlayerId, PrizePlan, Ranked, Ranking, allocate};
use arbiter_model::date::{BirthDate, Date};
use arbiter_model::{Player, Points, Sex, Title};

/// One line of a ranking under construction.
#[derive(Clone)]
pub struct Line(pub Ranked, bool);

/// A player with id `id`, name `name` and score `points` (e.g. "7.5").
pub fn line(id: PlayerId, name: &str, points: &str) -> Line {
    Line(
        Ranked {
            id,
            rank: 0,
            rank_to: 0,
            points: points.parse().expect("points"),
            player: Player {
                tpn: id,
                name: name.to_string(),
                ..Player::default()
            },
            games_played: 1,
            may_win: true,
        },
        false,
    )
}

impl Line {
    pub fn rating(mut self, r: u16) -> Line {
        self.0.player.ratings.fide = Some(r);
        self
    }
    pub fn rapid(mut self, r: u16) -> Line {
        self.0.player.ratings.rapid = Some(r);
        self
    }
    pub fn woman(mut self) -> Line {
        self.0.player.sex = Some(Sex::Female);
        self
    }
    pub fn man(mut self) -> Line {
        self.0.player.sex = Some(Sex::Male);
        self
    }
    pub fn born(mut self, date: &str) -> Line {
        self.0.player.birth_date = Some(date.parse::<BirthDate>().expect("birth date"));
        self
    }
    pub fn title(mut self, t: Title) -> Line {
        self.0.player.title = Some(t);
        self
    }
    pub fn tag(mut self, tag: &str) -> Line {
        self.0.player.tags.push(tag.to_string());
        self
    }
    pub fn fide_id(mut self, id: u64) -> Line {
        self.0.player.fide_id = Some(id);
        self
    }
    pub fn no_games(mut self) -> Line {
        self.0.games_played = 0;
        self
    }
    pub fn excluded(mut self) -> Line {
        self.0.may_win = false;
        self
    }
    /// Shares the place of the line before it (not separated by tie-breaks).
    pub fn same_place(mut self) -> Line {
        self.1 = true;
        self
    }
}

/// A ranking in the order given: places 1, 2, 3 … except lines marked
/// `same_place`, which share the place of the line before.
pub fn ranking(lines: Vec<Line>) -> Ranking {
    let mut rows: Vec<Ranked> = Vec::new();
    for (i, Line(mut r, shared)) in lines.into_iter().enumerate() {
        r.rank = if shared {
            rows[i - 1].rank
        } else {
            i as u32 + 1
        };
        r.rank_to = i as u32 + 1;
        if shared {
            let rank = r.rank;
            for o in rows.iter_mut().filter(|o| o.rank == rank) {
                o.rank_to = i as u32 + 1;
            }
        }
        rows.push(r);
    }
    Ranking::new(rows).expect("ranking")
}

pub fn plan(text: &str) -> PrizePlan {
    PrizePlan::parse(text).unwrap_or_else(|e| panic!("plan: {e}"))
}

/// Reads a plan from the repository's `examples/` folder.
pub fn example(name: &str) -> String {
    let path = format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

pub fn run(plan: &PrizePlan, ranking: &Ranking) -> Allocation {
    allocate(plan, ranking, &Options::default()).unwrap_or_else(|e| panic!("allocate: {e}"))
}

pub fn run_on(plan: &PrizePlan, ranking: &Ranking, start: &str) -> Allocation {
    let opts = Options {
        section: None,
        event_start: Some(start.parse::<Date>().expect("date")),
    };
    allocate(plan, ranking, &opts).unwrap_or_else(|e| panic!("allocate: {e}"))
}

/// `(prize label, player id, amount in cents or -1 for an item)` per award,
/// sorted, for compact comparisons.
pub fn summary(a: &Allocation) -> Vec<(String, PlayerId, i64)> {
    let mut v: Vec<_> = a
        .awards
        .iter()
        .map(|w| (w.prize.clone(), w.id, w.amount.map_or(-1, |c| c.0)))
        .collect();
    v.sort();
    v
}

/// The same built from the expected `(label, id, whole units)`.
pub fn expect(list: &[(&str, PlayerId, i64)]) -> Vec<(String, PlayerId, i64)> {
    let mut v: Vec<_> = list
        .iter()
        .map(|&(l, id, u)| {
            (
                l.to_string(),
                id,
                if u < 0 { -1 } else { Cents::units(u).0 },
            )
        })
        .collect();
    v.sort();
    v
}

/// The void prizes' labels.
pub fn voids(a: &Allocation) -> Vec<String> {
    let mut v: Vec<String> = a.void.iter().map(|v| v.prize.clone()).collect();
    v.sort();
    v
}

pub fn pts(s: &str) -> Points {
    s.parse().expect("points")
}

/// A series event whose players finished in the order given.
pub fn event(name: &str, players: Vec<Line>) -> arbiter_awards::SeriesEvent {
    arbiter_awards::SeriesEvent {
        name: name.to_string(),
        lines: players
            .into_iter()
            .enumerate()
            .map(|(i, Line(r, _))| arbiter_awards::series::EventLine {
                rank: i as u32 + 1,
                rank_to: i as u32 + 1,
                player: r.player,
            })
            .collect(),
    }
}

/// A player known only by a FIDE id (for filling places).
pub fn filler(fide_id: u64) -> Line {
    line(0, &format!("Filler {fide_id}"), "0").fide_id(fide_id)
}
