//! `arbiter ratings …`: rating lists into the local player database, and
//! where that database is (`--db PATH`, else `$ARBITER_DATA/ratings.sqlite`,
//! else `ratings.sqlite` in the current folder — the folder `arbiter serve
//! --data` publishes keeps its database beside the server database).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_desk::{DeskError, ListedView};
use clap::{Args, Subcommand};

use crate::out;

/// The database's file name in a data folder.
pub const DB_FILE: &str = "ratings.sqlite";

#[derive(Subcommand, Clone, Debug)]
pub enum RatingsCommand {
    /// Import FIDE's monthly list (fixed-width TXT, combined or one rating
    /// type), replacing the one held; prints the players read and the list's date.
    Import {
        /// The list (e.g. players_list_foa.txt).
        file: PathBuf,
        /// The list's date (YYYY-MM-DD) when its header names none (the
        /// combined list's does not).
        #[arg(long)]
        date: Option<String>,
        /// The rating a single-type list holds.
        #[arg(long, value_parser = ["standard", "rapid", "blitz"])]
        single: Option<String>,
        #[command(flatten)]
        db: DbArg,
    },
    /// Import a national list from CSV, replacing the list of that name.
    ImportNational {
        /// The CSV file (UTF-8, `,` or `;` separated, a header row).
        file: PathBuf,
        /// The list's name (e.g. FSI, PZSzach).
        #[arg(long)]
        list: String,
        /// Our fields and the file's columns: id=COL,name=COL[,fide-id=,rating=,born=,sex=,fed=,club=].
        #[arg(long)]
        map: String,
        #[command(flatten)]
        db: DbArg,
    },
    /// Show a player of the FIDE list.
    Show {
        /// FIDE id.
        fide_id: String,
        #[command(flatten)]
        db: DbArg,
    },
}

/// `--db PATH`: the player database.
#[derive(Args, Clone, Debug, Default)]
pub struct DbArg {
    /// The player database (default: $ARBITER_DATA/ratings.sqlite, else
    /// ./ratings.sqlite).
    #[arg(long)]
    pub db: Option<PathBuf>,
}

impl DbArg {
    /// The database to import into or read.
    pub fn path(&self) -> PathBuf {
        self.db.clone().unwrap_or_else(|| {
            std::env::var_os("ARBITER_DATA")
                .map_or_else(|| PathBuf::from("."), PathBuf::from)
                .join(DB_FILE)
        })
    }

    /// The database to look players up in: the one given, else the default
    /// one if a list was ever imported there (`None`: no lookup).
    pub fn lookup(&self) -> Option<PathBuf> {
        let path = self.path();
        (self.db.is_some() || path.is_file()).then_some(path)
    }
}

pub fn run(command: RatingsCommand) -> ExitCode {
    match dispatch(command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => out::fail(&e),
    }
}

fn dispatch(command: RatingsCommand) -> Result<(), DeskError> {
    match command {
        RatingsCommand::Import {
            file,
            date,
            single,
            db,
        } => {
            let path = db.path();
            let imported =
                arbiter_desk::import_fide_list(&path, &file, single.as_deref(), date.as_deref())?;
            out::line(format_args!(
                "imported {} players of the FIDE list of {} into {}",
                imported.players,
                imported.list_date,
                path.display()
            ));
        }
        RatingsCommand::ImportNational {
            file,
            list,
            map,
            db,
        } => {
            let path = db.path();
            let imported = arbiter_desk::import_national_list(&path, &file, &list, &map)?;
            out::line(format_args!(
                "imported {} players of the national list {} into {}",
                imported.players,
                imported.list,
                path.display()
            ));
        }
        RatingsCommand::Show { fide_id, db } => {
            let view = arbiter_desk::listed_player(&db.path(), &fide_id)?;
            out::print(&show_text(&view));
        }
    }
    Ok(())
}

/// `ratings show`: one field per line.
fn show_text(view: &ListedView) -> String {
    let p = &view.player;
    let mut out = String::new();
    let opt = |v: &Option<String>| v.clone().unwrap_or_else(|| "-".into());
    let _ = writeln!(out, "FIDE id     {}", p.fide_id);
    let _ = writeln!(out, "name        {}", p.name);
    let _ = writeln!(out, "federation  {}", opt(&p.federation));
    let _ = writeln!(
        out,
        "sex         {}",
        p.sex.map_or_else(|| "-".into(), |s| s.to_string())
    );
    let titles: Vec<&str> = [&p.title, &p.women_title, &p.other_titles, &p.foa_title]
        .into_iter()
        .filter_map(|t| t.as_deref())
        .collect();
    let titles = if titles.is_empty() {
        "-".to_string()
    } else {
        titles.join(" ")
    };
    let _ = writeln!(out, "titles      {titles}");
    let _ = writeln!(
        out,
        "born        {}",
        p.birth_year.map_or_else(|| "-".into(), |y| y.to_string())
    );
    for (label, rating) in [
        ("standard", p.standard),
        ("rapid", p.rapid),
        ("blitz", p.blitz),
    ] {
        let text = rating.map_or_else(
            || "unrated".to_string(),
            |r| {
                let k = r.k.map(|k| format!(", K {k}")).unwrap_or_default();
                format!("{} ({} games{k})", r.rating, r.games)
            },
        );
        let _ = writeln!(out, "{label:<12}{text}");
    }
    if p.inactive {
        let _ = writeln!(out, "flag        inactive");
    }
    let _ = writeln!(
        out,
        "list        FIDE list of {} ({})",
        view.list.list_date, view.list.source
    );
    out
}
