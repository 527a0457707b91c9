//! The local player database: the latest imported FIDE list and national
//! lists, in one SQLite file beside the events (or the server database).
//!
//! An import replaces the list it imports in one transaction, streaming
//! the new list into it: a list that fails anywhere (a malformed line, a
//! cut last line, no player, a broken limit) or an interrupted import
//! leaves the previous list in place. A player listed twice is kept once
//! (his last line) and counted once.

use std::io::Read;
use std::path::Path;

use arbiter_model::date::Date;
use rusqlite::{Connection, OptionalExtension, params};

use crate::bounded::{LIMITS, Limits};
use crate::fide_list::{ListError, ListRating, ListReader, ListedPlayer, RatingKind};
use crate::national::{NationalList, NationalPlayer};

/// Why the player database failed.
#[derive(Debug, thiserror::Error)]
pub enum RatingsError {
    #[error(transparent)]
    List(#[from] ListError),
    #[error("the list's date is not in the file; give it (for example --date 2026-12-01)")]
    MissingDate,
    #[error("{path}: cannot open the player database ({detail})")]
    Open { path: String, detail: String },
    #[error("player database: {0}")]
    Database(String),
}

impl From<rusqlite::Error> for RatingsError {
    fn from(e: rusqlite::Error) -> Self {
        RatingsError::Database(e.to_string())
    }
}

/// What an import read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportSummary {
    pub players: u64,
    pub list_date: Date,
}

/// The list a database holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListInfo {
    pub source: String,
    pub list_date: Date,
    pub players: u64,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS fide_list (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    source TEXT NOT NULL,
    list_date TEXT NOT NULL,
    players INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS fide_player (
    fide_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    federation TEXT,
    sex TEXT,
    title TEXT,
    women_title TEXT,
    other_titles TEXT,
    foa_title TEXT,
    std INTEGER, std_games INTEGER, std_k INTEGER,
    rapid INTEGER, rapid_games INTEGER, rapid_k INTEGER,
    blitz INTEGER, blitz_games INTEGER, blitz_k INTEGER,
    birth_year INTEGER,
    inactive INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS national_player (
    list TEXT NOT NULL,
    national_id TEXT NOT NULL,
    name TEXT NOT NULL,
    fide_id INTEGER,
    rating INTEGER,
    birth TEXT,
    sex TEXT,
    federation TEXT,
    club TEXT,
    PRIMARY KEY (list, national_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS national_by_fide_id ON national_player (fide_id);
";

/// An open player database.
pub struct PlayerDb {
    conn: Connection,
    limits: Limits,
}

impl PlayerDb {
    /// Opens (creating if needed) the database at `path`.
    pub fn open(path: &Path) -> Result<PlayerDb, RatingsError> {
        let open_err = |e: rusqlite::Error| RatingsError::Open {
            path: path.display().to_string(),
            detail: e.to_string(),
        };
        let conn = Connection::open(path).map_err(open_err)?;
        conn.busy_timeout(std::time::Duration::from_secs(10))
            .map_err(open_err)?;
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(open_err)?;
        conn.execute_batch(SCHEMA).map_err(open_err)?;
        Ok(PlayerDb {
            conn,
            limits: LIMITS,
        })
    }

    /// The database reading lists within `limits` instead of [`LIMITS`].
    pub fn with_limits(self, limits: Limits) -> PlayerDb {
        PlayerDb { limits, ..self }
    }

    /// Replaces the FIDE list with the one read from `input` (combined list,
    /// or a single list of `single`'s type). The list's date is the one its
    /// header names, else `date`.
    pub fn import_fide(
        &mut self,
        input: impl Read,
        source: &str,
        single: RatingKind,
        date: Option<Date>,
    ) -> Result<ImportSummary, RatingsError> {
        let reader = ListReader::new(input, single, self.limits)?;
        let list_date = reader
            .layout
            .list_date
            .or(date)
            .ok_or(RatingsError::MissingDate)?;
        let tx = self.conn.transaction()?;
        tx.execute("DELETE FROM fide_player", [])?;
        {
            let mut insert = tx.prepare(
                "INSERT OR REPLACE INTO fide_player VALUES
                 (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)",
            )?;
            for p in reader {
                let p = p?;
                let r = |x: Option<ListRating>| {
                    (x.map(|r| r.rating), x.map(|r| r.games), x.and_then(|r| r.k))
                };
                let (s, sg, sk) = r(p.standard);
                let (ra, rg, rk) = r(p.rapid);
                let (b, bg, bk) = r(p.blitz);
                insert.execute(params![
                    p.fide_id as i64,
                    p.name,
                    p.federation,
                    p.sex.map(String::from),
                    p.title,
                    p.women_title,
                    p.other_titles,
                    p.foa_title,
                    s,
                    sg,
                    sk,
                    ra,
                    rg,
                    rk,
                    b,
                    bg,
                    bk,
                    p.birth_year,
                    p.inactive,
                ])?;
            }
        }
        let players = tx.query_row("SELECT COUNT(*) FROM fide_player", [], |r| {
            r.get::<_, i64>(0)
        })? as u64;
        if players == 0 {
            return Err(ListError::NoPlayers.into());
        }
        tx.execute(
            "INSERT OR REPLACE INTO fide_list VALUES (1, ?1, ?2, ?3)",
            params![source, list_date.to_string(), players as i64],
        )?;
        tx.commit()?;
        Ok(ImportSummary { players, list_date })
    }

    /// The FIDE list held, if any.
    pub fn fide_list(&self) -> Result<Option<ListInfo>, RatingsError> {
        let row = self
            .conn
            .query_row(
                "SELECT source, list_date, players FROM fide_list WHERE id = 1",
                [],
                |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, i64>(2)?,
                    ))
                },
            )
            .optional()?;
        row.map(|(source, date, players)| {
            let list_date = date
                .parse()
                .map_err(|_| RatingsError::Database(format!("stored list date '{date}'")))?;
            Ok(ListInfo {
                source,
                list_date,
                players: players as u64,
            })
        })
        .transpose()
    }

    /// The player with this FIDE id in the FIDE list.
    pub fn fide_player(&self, fide_id: u64) -> Result<Option<ListedPlayer>, RatingsError> {
        Ok(self
            .conn
            .query_row(
                "SELECT * FROM fide_player WHERE fide_id = ?1",
                [fide_id as i64],
                |r| {
                    let rating = |i: usize| -> rusqlite::Result<Option<ListRating>> {
                        let Some(rating) = r.get::<_, Option<u16>>(i)? else {
                            return Ok(None);
                        };
                        Ok(Some(ListRating {
                            rating,
                            games: r.get::<_, Option<u16>>(i + 1)?.unwrap_or(0),
                            k: r.get(i + 2)?,
                        }))
                    };
                    Ok(ListedPlayer {
                        fide_id: r.get::<_, i64>(0)? as u64,
                        name: r.get(1)?,
                        federation: r.get(2)?,
                        sex: r
                            .get::<_, Option<String>>(3)?
                            .and_then(|s| s.chars().next()),
                        title: r.get(4)?,
                        women_title: r.get(5)?,
                        other_titles: r.get(6)?,
                        foa_title: r.get(7)?,
                        standard: rating(8)?,
                        rapid: rating(11)?,
                        blitz: rating(14)?,
                        birth_year: r.get(17)?,
                        inactive: r.get(18)?,
                    })
                },
            )
            .optional()?)
    }

    /// Replaces the national list `list.name` with the records of `input`.
    pub fn import_national(
        &mut self,
        input: impl Read,
        list: &NationalList,
    ) -> Result<u64, RatingsError> {
        let records = list.records(input, self.limits)?;
        let tx = self.conn.transaction()?;
        tx.execute("DELETE FROM national_player WHERE list = ?1", [&list.name])?;
        {
            let mut insert = tx.prepare(
                "INSERT OR REPLACE INTO national_player VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            )?;
            for p in records {
                let p = p?;
                insert.execute(params![
                    list.name,
                    p.national_id,
                    p.name,
                    p.fide_id.map(|i| i as i64),
                    p.rating,
                    p.birth,
                    p.sex.map(String::from),
                    p.federation,
                    p.club,
                ])?;
            }
        }
        let players = tx.query_row(
            "SELECT COUNT(*) FROM national_player WHERE list = ?1",
            [&list.name],
            |r| r.get::<_, i64>(0),
        )? as u64;
        if players == 0 {
            return Err(ListError::NoPlayers.into());
        }
        tx.commit()?;
        Ok(players)
    }

    /// A player of national list `list` by his national id.
    pub fn national_player(
        &self,
        list: &str,
        national_id: &str,
    ) -> Result<Option<NationalPlayer>, RatingsError> {
        Ok(self
            .conn
            .query_row(
                "SELECT national_id, name, fide_id, rating, birth, sex, federation, club
                 FROM national_player WHERE list = ?1 AND national_id = ?2",
                params![list, national_id],
                |r| {
                    Ok(NationalPlayer {
                        national_id: r.get(0)?,
                        name: r.get(1)?,
                        fide_id: r.get::<_, Option<i64>>(2)?.map(|i| i as u64),
                        rating: r.get(3)?,
                        birth: r.get(4)?,
                        sex: r
                            .get::<_, Option<String>>(5)?
                            .and_then(|s| s.chars().next()),
                        federation: r.get(6)?,
                        club: r.get(7)?,
                    })
                },
            )
            .optional()?)
    }
}
