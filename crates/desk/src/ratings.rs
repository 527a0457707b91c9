//! Rating lists (issue 15 part 2): FIDE's monthly list and national lists
//! imported into the local player database ([`arbiter_ratings::PlayerDb`],
//! one SQLite file), a player looked up there, and a player registered from
//! it (`player add EVENT --fide-id N`: name, ratings, title, sex, birth year
//! and federation from the list, every field typed winning; the player's
//! data record the list and its date, so `log` and `player list` show them).
//!
//! The faces pass the database's path and the texts typed; where the
//! database lives by default is theirs to say (README, "Rating lists").

use std::path::Path;

use arbiter_model::date::{Date, parse_date};
use arbiter_model::{Player, RatingList};
use arbiter_ratings::{
    LIMITS, ListError, ListInfo, ListedPlayer, NationalList, PlayerDb, RatingKind,
};

use crate::desk::{Desk, today};
use crate::error::DeskError;
use crate::forms::{PlayerForm, Warning};
use crate::input::open_bounded;
use crate::origin::Origin;
use crate::players::PlayerAdded;

/// The name a FIDE list has in the player's data and the log.
pub const FIDE_LIST: &str = "FIDE";

/// `ratings import`: what was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListImported {
    pub players: u64,
    /// The list's date: its header's month, else the date given.
    pub list_date: Date,
}

/// `ratings import-national`: what was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NationalImported {
    pub list: String,
    pub players: u64,
}

/// `ratings show`: a player as the FIDE list held gives him.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedView {
    pub player: ListedPlayer,
    pub list: ListInfo,
}

/// `player add --fide-id`: the player registered, and the list his data
/// came from (`None`: registered as typed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedPlayerAdded {
    pub added: PlayerAdded,
    pub list: Option<RatingList>,
}

/// Replaces the FIDE list of the database `db` (created if missing) with
/// the list in `file`. `single` (`standard`, `rapid`, `blitz`; default
/// standard) is the rating of a single-type list; `date` (`YYYY-MM-DD`)
/// the list's date when its header names none (the combined list).
pub fn import_fide_list(
    db: &Path,
    file: &Path,
    single: Option<&str>,
    date: Option<&str>,
) -> Result<ListImported, DeskError> {
    let single = match single.map(|s| s.trim().to_ascii_lowercase()).as_deref() {
        None | Some("standard") => RatingKind::Standard,
        Some("rapid") => RatingKind::Rapid,
        Some("blitz") => RatingKind::Blitz,
        Some(other) => {
            return Err(DeskError::invalid(
                "single",
                format!("'{other}' (expected standard, rapid or blitz)"),
            ));
        }
    };
    let date = date
        .map(|d| parse_date(d.trim()).map_err(|e| DeskError::invalid("date", e.to_string())))
        .transpose()?;
    let input = open_bounded(file, LIMITS.bytes)?;
    let source = file.file_name().map_or_else(
        || file.display().to_string(),
        |n| n.to_string_lossy().into(),
    );
    let summary = open(db)?
        .import_fide(input, &source, single, date)
        .map_err(|e| list_error(file, e))?;
    Ok(ListImported {
        players: summary.players,
        list_date: summary.list_date,
    })
}

/// Replaces the national list `list` of the database `db` with the CSV
/// file `file`, read by the column mapping `map`
/// (`id=Nr,name=Nazwisko,rating=Ranking`).
pub fn import_national_list(
    db: &Path,
    file: &Path,
    list: &str,
    map: &str,
) -> Result<NationalImported, DeskError> {
    let national = NationalList::new(list, map).map_err(|e| {
        let field = if e.starts_with("list name") {
            "list"
        } else {
            "map"
        };
        DeskError::invalid(field, e)
    })?;
    let input = open_bounded(file, LIMITS.bytes)?;
    let players = open(db)?
        .import_national(input, &national)
        .map_err(|e| list_error(file, e))?;
    Ok(NationalImported {
        list: national.name,
        players,
    })
}

/// The player with FIDE id `fide_id` in the database's FIDE list.
pub fn listed_player(db: &Path, fide_id: &str) -> Result<ListedView, DeskError> {
    let id = fide_id_of(fide_id)?;
    let db = existing(db)?;
    let list = fide_list(&db)?;
    let player = db
        .fide_player(id)
        .map_err(database)?
        .ok_or_else(|| not_listed(id, &list))?;
    Ok(ListedView { player, list })
}

impl Desk {
    /// Registers a player in `section`, filling from the FIDE list of the
    /// database `db` what the form does not give, when the form gives a
    /// FIDE id and there is a database (`None`: none was imported). A FIDE
    /// id the list does not hold is refused unless the form names the
    /// player (then he is registered as typed, with a warning).
    pub fn add_player_from_list(
        &mut self,
        origin: &Origin,
        section: Option<&str>,
        form: &PlayerForm,
        db: Option<&Path>,
    ) -> Result<ListedPlayerAdded, DeskError> {
        let Some(fide_id) = form.fide_id.as_deref().filter(|t| !t.trim().is_empty()) else {
            return self.add_listed(origin, section, form, Player::default(), None, None);
        };
        let id = fide_id_of(fide_id)?;
        let Some(db) = db else {
            if form.name.is_none() {
                return Err(DeskError::invalid(
                    "name",
                    format!(
                        "missing; no rating list was imported to look FIDE id {id} up in \
                         (arbiter ratings import FILE)"
                    ),
                ));
            }
            return self.add_listed(origin, section, form, Player::default(), None, None);
        };
        let players = existing(db)?;
        let info = fide_list(&players)?;
        let list = RatingList {
            list: FIDE_LIST.into(),
            date: info.list_date,
        };
        match players.fide_player(id).map_err(database)? {
            Some(listed) => {
                let base = Player {
                    rating_list: Some(list.clone()),
                    ..listed.to_player()
                };
                self.add_listed(origin, section, form, base, Some(list), None)
            }
            None if form.name.is_some() => {
                let warning = Warning::NotInRatingList { fide_id: id, list };
                self.add_listed(
                    origin,
                    section,
                    form,
                    Player::default(),
                    None,
                    Some(warning),
                )
            }
            None => Err(not_listed(id, &info)),
        }
    }

    fn add_listed(
        &mut self,
        origin: &Origin,
        section: Option<&str>,
        form: &PlayerForm,
        base: Player,
        list: Option<RatingList>,
        warning: Option<Warning>,
    ) -> Result<ListedPlayerAdded, DeskError> {
        let (player, warnings) = form.apply(base, today())?;
        let mut added = self.register(origin, section, player, warnings)?;
        added.warnings.extend(warning);
        Ok(ListedPlayerAdded { added, list })
    }
}

fn open(db: &Path) -> Result<PlayerDb, DeskError> {
    PlayerDb::open(db).map_err(database)
}

/// The database at `db`, which must exist (a lookup creates nothing).
fn existing(db: &Path) -> Result<PlayerDb, DeskError> {
    if !db.is_file() {
        return Err(DeskError::storage(format!(
            "{}: no player database; import a rating list first (arbiter ratings import FILE)",
            db.display()
        )));
    }
    open(db)
}

fn fide_list(db: &PlayerDb) -> Result<ListInfo, DeskError> {
    db.fide_list().map_err(database)?.ok_or_else(|| {
        DeskError::not_found(
            "the player database holds no FIDE list; import one (arbiter ratings import FILE)",
        )
    })
}

fn fide_id_of(text: &str) -> Result<u64, DeskError> {
    let text = text.trim();
    text.parse()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| DeskError::invalid("fide-id", format!("'{text}' is not a FIDE id")))
}

fn not_listed(id: u64, list: &ListInfo) -> DeskError {
    DeskError::not_found(format!(
        "FIDE id {id} is not in the FIDE list of {} ({})",
        list.list_date, list.source
    ))
}

fn unreadable(file: &Path, e: &std::io::Error) -> DeskError {
    DeskError::storage(format!("{}: cannot read the file: {e}", file.display()))
}

/// A list that cannot be read is named with its file (`FILE: line 7: …`),
/// one beyond the limits is a size-limit error; the database's own
/// failures are storage errors.
fn list_error(file: &Path, e: arbiter_ratings::RatingsError) -> DeskError {
    use arbiter_ratings::RatingsError as E;
    match e {
        E::List(ListError::Io(e)) => unreadable(file, &e),
        E::List(e @ ListError::TooLarge(_)) => {
            DeskError::size_limit(format!("{}: {e}", file.display()))
        }
        E::List(e) => DeskError::malformed(format!("{}: {e}", file.display())),
        E::MissingDate => DeskError::invalid("date", e.to_string()),
        E::Open { .. } | E::Database(_) => database(e),
    }
}

fn database(e: arbiter_ratings::RatingsError) -> DeskError {
    DeskError::storage(e.to_string())
}
