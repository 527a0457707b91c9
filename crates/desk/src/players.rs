//! Registration and what the arbiter decides about players: add, import a
//! CSV list, update, withdraw, reinstate, byes, forbidden pairs.

use arbiter_model::journal::{Event, EventState, PlayerId};
use arbiter_model::{ByeKind, Player};

use crate::desk::{Desk, Plan, today};
use crate::error::DeskError;
use crate::forms::player::FIELDS;
use crate::forms::{PlayerForm, Warning, csv};
use crate::input::{MAX_CSV_BYTES, line_of, within};
use crate::origin::Origin;
use crate::views::{Numbering, PlayerRef};

/// A player was registered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerAdded {
    pub id: PlayerId,
    pub section: String,
    pub name: String,
    pub warnings: Vec<Warning>,
}

/// A CSV list was registered, all of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayersImported {
    pub section: String,
    /// The ids given, in the order of the file.
    pub ids: Vec<PlayerId>,
    /// Warnings with the line of the file they are about.
    pub warnings: Vec<(usize, Warning)>,
}

/// `player update`: what changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerUpdated {
    pub id: PlayerId,
    pub name: String,
    /// The fields whose value changed (none: nothing was recorded).
    pub changed: Vec<&'static str>,
    pub warnings: Vec<Warning>,
}

/// A withdrawal or a return.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Withdrawal {
    pub player: PlayerRef,
    pub from_round: u32,
    /// True for a return (`reinstate`).
    pub reinstated: bool,
}

/// A requested bye, or its cancellation (`kind` `None`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByeSet {
    pub player: PlayerRef,
    pub round: u32,
    pub kind: Option<ByeKind>,
}

/// `forbid`: whether the pair was new.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forbidden {
    pub a: PlayerRef,
    pub b: PlayerRef,
    /// False when the pair was already forbidden: nothing was recorded.
    pub added: bool,
}

impl Desk {
    /// Registers a player in `section` (default: the first).
    pub fn add_player(
        &mut self,
        origin: &Origin,
        section: Option<&str>,
        form: &PlayerForm,
    ) -> Result<PlayerAdded, DeskError> {
        let (player, warnings) = form.apply(Player::default(), today())?;
        self.register(origin, section, player, warnings)
    }

    /// Registers `player`, checked, in `section` (default: the first).
    pub(crate) fn register(
        &mut self,
        origin: &Origin,
        section: Option<&str>,
        player: Player,
        warnings: Vec<Warning>,
    ) -> Result<PlayerAdded, DeskError> {
        self.commit(
            origin,
            |now| {
                let (event, added) = registered(now.state(), section, &player, &warnings)?;
                Ok(Plan::new(vec![event], added))
            },
            |e| e,
        )
    }

    /// Registers every row of a CSV list (header: the [`FIELDS`], in any
    /// order), all or none. `source` names the file in messages; a list
    /// beyond [`MAX_CSV_BYTES`] is refused (size limit).
    pub fn import_players_csv(
        &mut self,
        origin: &Origin,
        section: Option<&str>,
        source: &str,
        bytes: &[u8],
    ) -> Result<PlayersImported, DeskError> {
        let rows = csv_players(source, bytes)?;
        self.commit(
            origin,
            |now| {
                let state = now.state();
                let code = state.section(section)?.code.clone();
                let first = state.next_player_id();
                let mut events = Vec::with_capacity(rows.len());
                let mut outcome = PlayersImported {
                    section: code.clone(),
                    ids: Vec::with_capacity(rows.len()),
                    warnings: Vec::new(),
                };
                for (i, (line, player, warnings)) in rows.iter().enumerate() {
                    let id = first + i as PlayerId;
                    events.push(Event::PlayerRegistered {
                        id,
                        section: code.clone(),
                        player: player.clone(),
                    });
                    outcome.ids.push(id);
                    outcome
                        .warnings
                        .extend(warnings.iter().map(|w| (*line, w.clone())));
                }
                Ok(Plan::new(events, outcome))
            },
            |e| e.context(format_args!("{source}: nothing was imported")),
        )
    }

    /// Changes the given fields of player `id`. Giving no field is refused;
    /// fields equal to the current ones record nothing.
    pub fn update_player(
        &mut self,
        origin: &Origin,
        id: PlayerId,
        form: &PlayerForm,
    ) -> Result<PlayerUpdated, DeskError> {
        if form.is_empty() {
            return Err(DeskError::malformed(format!(
                "nothing to change for player {id}: give at least one of {}, tag, untag",
                FIELDS.join(", ")
            )));
        }
        self.commit(
            origin,
            |now| {
                let state = now.state();
                let current = state.player(id)?.player.clone();
                let (player, warnings) = form.apply(current.clone(), today())?;
                let changed = changed_fields(&current, &player);
                let outcome = PlayerUpdated {
                    id,
                    name: player.name.clone(),
                    changed: changed.clone(),
                    warnings,
                };
                let events = if changed.is_empty() {
                    Vec::new()
                } else {
                    vec![Event::PlayerUpdated { id, player }]
                };
                Ok(Plan::new(events, outcome))
            },
            |e| e,
        )
    }

    /// Withdraws player `id` from round `from_round` (default: the next
    /// round to be paired in his section).
    pub fn withdraw(
        &mut self,
        origin: &Origin,
        id: PlayerId,
        from_round: Option<u32>,
    ) -> Result<Withdrawal, DeskError> {
        self.withdrawal(origin, id, from_round, false)
    }

    /// Lets a withdrawn player play again from `from_round` (default: the
    /// next round to be paired).
    pub fn reinstate(
        &mut self,
        origin: &Origin,
        id: PlayerId,
        from_round: Option<u32>,
    ) -> Result<Withdrawal, DeskError> {
        self.withdrawal(origin, id, from_round, true)
    }

    fn withdrawal(
        &mut self,
        origin: &Origin,
        id: PlayerId,
        from_round: Option<u32>,
        reinstated: bool,
    ) -> Result<Withdrawal, DeskError> {
        self.commit(
            origin,
            |now| {
                let state = now.state();
                let from_round = match from_round {
                    Some(r) => r,
                    None => next_round(state, id)?,
                };
                let event = if reinstated {
                    Event::PlayerReinstated { id, from_round }
                } else {
                    Event::PlayerWithdrawn { id, from_round }
                };
                Ok(Plan::new(
                    vec![event],
                    Withdrawal {
                        player: player_ref(state, id)?,
                        from_round,
                        reinstated,
                    },
                ))
            },
            |e| e,
        )
    }

    /// A requested bye for `round`: `points` is `half`, `zero` or `full`. A
    /// round robin has only zero-point absences (spec 04 §6).
    pub fn request_bye(
        &mut self,
        origin: &Origin,
        id: PlayerId,
        round: u32,
        points: &str,
    ) -> Result<ByeSet, DeskError> {
        let kind = match points.trim().to_ascii_lowercase().as_str() {
            "half" => ByeKind::Half,
            "zero" => ByeKind::Zero,
            "full" => ByeKind::Full,
            other => {
                return Err(DeskError::invalid(
                    "points",
                    format!("'{other}': expected half, zero or full"),
                ));
            }
        };
        self.commit(
            origin,
            |now| {
                let state = now.state();
                let section = state.section(Some(&state.player(id)?.section))?;
                if section.config.is_round_robin() && kind != ByeKind::Zero {
                    return Err(DeskError::refused(format!(
                        "section '{}' is a {}: there are no byes; an absent player loses his \
                         scheduled game by forfeit (spec 04 §6). Use the points zero to announce \
                         the absence",
                        section.code,
                        section.config.system.name()
                    )));
                }
                Ok(Plan::new(
                    vec![Event::ByeRequested { id, round, kind }],
                    ByeSet {
                        player: player_ref(state, id)?,
                        round,
                        kind: Some(kind),
                    },
                ))
            },
            |e| e,
        )
    }

    /// Cancels the requested bye of `id` in `round`.
    pub fn cancel_bye(
        &mut self,
        origin: &Origin,
        id: PlayerId,
        round: u32,
    ) -> Result<ByeSet, DeskError> {
        self.commit(
            origin,
            |now| {
                let state = now.state();
                Ok(Plan::new(
                    vec![Event::ByeCancelled { id, round }],
                    ByeSet {
                        player: player_ref(state, id)?,
                        round,
                        kind: None,
                    },
                ))
            },
            |e| e,
        )
    }

    /// Forbids `a` and `b` to be paired. Refused in a round robin, whose
    /// schedule cannot avoid a pair; a pair already forbidden records
    /// nothing.
    pub fn forbid(
        &mut self,
        origin: &Origin,
        a: PlayerId,
        b: PlayerId,
    ) -> Result<Forbidden, DeskError> {
        self.commit(
            origin,
            |now| {
                let state = now.state();
                let section = state.section(Some(&state.player(a)?.section))?;
                state.player(b)?;
                if section.config.is_round_robin() {
                    return Err(DeskError::refused(format!(
                        "section '{}' is a {}: its Berger schedule is fixed by the pairing \
                         numbers and cannot avoid a pair (spec 04 §6); separate players by the \
                         drawing of lots instead",
                        section.code,
                        section.config.system.name()
                    )));
                }
                let known = section
                    .forbidden
                    .iter()
                    .any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a));
                let outcome = Forbidden {
                    a: player_ref(state, a)?,
                    b: player_ref(state, b)?,
                    added: !known,
                };
                let events = if known {
                    Vec::new()
                } else {
                    vec![Event::ForbiddenPairAdded { a, b }]
                };
                Ok(Plan::new(events, outcome))
            },
            |e| e,
        )
    }
}

/// The entry registering `player` in `section` (default: the first) under
/// the next id, and what to report: `player add`, and an accepted
/// registration.
pub(crate) fn registered(
    state: &EventState,
    section: Option<&str>,
    player: &Player,
    warnings: &[Warning],
) -> Result<(Event, PlayerAdded), DeskError> {
    let code = state.section(section)?.code.clone();
    let id = state.next_player_id();
    Ok((
        Event::PlayerRegistered {
            id,
            section: code.clone(),
            player: player.clone(),
        },
        PlayerAdded {
            id,
            section: code,
            name: player.name.clone(),
            warnings: warnings.to_vec(),
        },
    ))
}

/// The rows of a CSV list as players, each checked; errors name the file,
/// the line and the field.
fn csv_players(
    source: &str,
    bytes: &[u8],
) -> Result<Vec<(usize, Player, Vec<Warning>)>, DeskError> {
    within(source, bytes.len(), MAX_CSV_BYTES)?;
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let line = line_of(bytes, e.valid_up_to());
        DeskError::malformed(format!(
            "{source} line {line}: not UTF-8 text (save the list as UTF-8)"
        ))
    })?;
    let records = csv::records(text).map_err(|e| DeskError::malformed(format!("{source}: {e}")))?;
    let Some((header, rows)) = records.split_first() else {
        return Err(DeskError::malformed(format!("{source}: empty file")));
    };
    if let Some(name) = header.fields.iter().find(|f| !PlayerForm::knows(f)) {
        return Err(DeskError::malformed(format!(
            "{source} line 1: unknown column '{name}' (known: {})",
            FIELDS.join(", ")
        )));
    }
    let today = today();
    let mut players = Vec::with_capacity(rows.len());
    for row in rows {
        if row.fields.len() > header.fields.len() {
            return Err(DeskError::malformed(format!(
                "{source} line {}: {} fields, the header has {}",
                row.line,
                row.fields.len(),
                header.fields.len()
            )));
        }
        let mut form = PlayerForm::default();
        for (name, value) in header.fields.iter().zip(&row.fields) {
            form.set(name, value);
        }
        let (player, warnings) = form
            .apply(Player::default(), today)
            .map_err(|e| e.context(format_args!("{source} line {}", row.line)))?;
        players.push((row.line, player, warnings));
    }
    Ok(players)
}

/// The fields that differ, by their form names.
fn changed_fields(old: &Player, new: &Player) -> Vec<&'static str> {
    let (a, b) = (&old.ratings, &new.ratings);
    let checks: [(&'static str, bool); 13] = [
        ("name", old.name != new.name),
        ("rating", a.fide != b.fide),
        ("rapid", a.rapid != b.rapid),
        ("blitz", a.blitz != b.blitz),
        ("national", a.national != b.national),
        ("title", old.title != new.title),
        ("sex", old.sex != new.sex),
        ("born", old.birth_date != new.birth_date),
        ("fed", old.federation != new.federation),
        ("fide-id", old.fide_id != new.fide_id),
        ("club", old.club != new.club),
        ("team", old.team != new.team),
        ("tags", old.tags != new.tags),
    ];
    checks
        .into_iter()
        .filter(|(_, changed)| *changed)
        .map(|(name, _)| name)
        .collect()
}

/// The first round not paired yet in the player's section.
fn next_round(state: &EventState, id: PlayerId) -> Result<u32, DeskError> {
    let section = state.section(Some(&state.player(id)?.section))?;
    Ok(section.rounds_paired() + 1)
}

/// The player as lists show him (TPN of the numbering in force).
pub(crate) fn player_ref(state: &EventState, id: PlayerId) -> Result<PlayerRef, DeskError> {
    let section = state.section(Some(&state.player(id)?.section))?;
    Ok(Numbering::current(state, section).player(id))
}
