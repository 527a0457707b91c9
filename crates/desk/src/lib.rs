//! The arbiter's desk: every use case of an event, for every face (the
//! `arbiter` command line, the web app, tests).
//!
//! A [`Desk`] is one event, open over its journal ([`arbiter_store`]: an
//! SQLite file, memory, later a database server). It is the only place
//! that turns a request into journal entries: each command folds the
//! journal, parses and checks the request's text fields (the same strings
//! the command line's options and the web's forms carry, [`forms`]),
//! builds the entries, validates them against the state
//! ([`arbiter_model::journal`], which enforces the absolute criteria) and
//! appends them in one transaction — or refuses, writing nothing. When
//! another writer appended meanwhile, the command folds the new journal
//! and runs again. Commands take an [`Origin`] (the command line as typed,
//! the web user and form), recorded as the command's line in the log, and
//! return typed outcomes, never printed text. Queries return typed views.
//!
//! Errors are one type, [`DeskError`], whose [`ErrorKind`] a face maps (the
//! CLI to exit codes, the web to HTTP statuses).
//!
//! ```
//! use arbiter_desk::{Desk, ErrorKind, NewEvent, Origin, PlayerForm, SectionForm};
//!
//! let origin = Origin::web("alice", "new event");
//! let request = NewEvent {
//!     name: "Club Open".into(),
//!     section: "main".into(),
//!     config: SectionForm {
//!         rounds: Some("5".into()),
//!         ..SectionForm::default()
//!     },
//! };
//! let (mut desk, _) = Desk::create_in_memory(&origin, &request)?;
//! for (name, rating) in [("Rossi, Mario", "2100"), ("Verdi, Anna", "1950")] {
//!     let form = PlayerForm {
//!         name: Some(name.into()),
//!         rating: Some(rating.into()),
//!         ..PlayerForm::default()
//!     };
//!     desk.add_player(&origin, None, &form)?;
//! }
//! let round = desk.pair_next_round(&origin, None)?;
//! assert_eq!((round.boards[0].white.player.name.as_str(), round.boards.len()), ("Rossi, Mario", 1));
//! let refused = desk.record_result(&origin, None, 1, 1, "2-0").unwrap_err();
//! assert_eq!((refused.kind(), refused.field()), (ErrorKind::InvalidInput, Some("result")));
//! # Ok::<(), arbiter_desk::DeskError>(())
//! ```
//!
//! # Use cases
//! * event: [`Desk::create`], [`Desk::import_trf`], [`Desk::set_details`],
//!   [`Desk::add_section`], [`Desk::configure_section`], [`Desk::draw_lots`];
//! * players: [`Desk::add_player`], [`Desk::import_players_csv`],
//!   [`Desk::update_player`], [`Desk::withdraw`], [`Desk::reinstate`],
//!   [`Desk::request_bye`], [`Desk::cancel_bye`], [`Desk::forbid`];
//! * registration: [`Desk::configure_registration`],
//!   [`Desk::submit_registration`], [`Desk::registration_errors`],
//!   [`Desk::accept_registration`], [`Desk::reject_registration`],
//!   [`Desk::move_registration`], [`Desk::withdraw_registration`],
//!   [`Desk::withdraw_registration_entry`];
//!   [`Desk::registration_offer`], [`Desk::registrations`],
//!   [`Desk::registration_status`];
//! * rounds: [`Desk::pair_next_round`], [`Desk::propose_next_round`] and
//!   [`Desk::publish_round`] (look first, then publish), [`Desk::check_in`],
//!   [`Desk::set_pairing`],
//!   [`Desk::record_result`], [`Desk::undo`];
//! * team sections ([`teams`]): [`Desk::add_team`], [`Desk::set_lineup`],
//!   [`Desk::retag_team`], [`Desk::team_absent`], [`Desk::withdraw_team`],
//!   [`Desk::pair_next_matches`], [`Desk::record_board_result`],
//!   [`Desk::forfeit_match`]; queries [`Desk::is_team_section`],
//!   [`Desk::teams`], [`Desk::matches`], [`Desk::match_crosstable`],
//!   [`Desk::board_results`] (standings and export as for any section);
//! * awards: [`Desk::set_prize_plan`], [`Desk::prizes`],
//!   [`Desk::still_possible`], [`Desk::set_fees`], [`Desk::fees`],
//!   [`Desk::pay`], [`series_standings`]; `standings` by category
//!   ([`StandingsRequest::category`]);
//! * queries: [`Desk::summary`], [`Desk::players`], [`Desk::pairings`],
//!   [`Desk::standings`], [`Desk::crosstable`], [`Desk::export_trf`],
//!   [`Desk::players_csv`],
//!   [`Desk::log`];
//! * hosting: [`EventDatabase`] (the events of a PostgreSQL database, for a
//!   server), [`copy_event`] (between an event file and a database);
//! * rating lists: [`import_fide_list`], [`import_national_list`],
//!   [`listed_player`], [`Desk::add_player_from_list`];
//! * files: [`read_trf`] (the one TRF reader and validator), [`trf_text`],
//!   [`trf_standings`], [`trf_crosstable`], [`write_file`] (every output
//!   file, atomically, never over an event), [`is_database`], [`is_event`],
//!   [`read_text`] (plan, fee and series files), [`read_bytes`],
//!   [`open_bounded`] (every input file, bounded in size before it is read).

mod awards;
mod checkin;
mod desk;
mod error;
mod event;
mod export;
pub mod forms;
mod history;
mod hosting;
mod import;
mod import_teams;
mod input;
mod lots;
mod origin;
mod output;
mod players;
mod players_csv;
mod proposal;
mod ratings;
mod registration;
mod reports;
mod rounds;
mod storage;
pub mod teams;
mod trf_file;
mod views;

/// The awards' views the faces render (JSON as they serialise).
pub use arbiter_awards::{Allocation, Cents, Contenders, Ledger, Per, SeriesStandings, VoidReason};
pub use awards::{
    FeesSet, Fund, Payee, PaymentRecorded, PlanSet, PrizeFund, PrizesReport, PrizesRequest,
    StillPossible, series_standings,
};
pub use checkin::CheckedIn;
pub use desk::Desk;
pub use error::{DeskError, ErrorKind};
pub use event::{DetailsSet, EventCreated, NewEvent, SectionSet};
pub use export::TrfExport;
pub use forms::{
    Channel, EventDetailsForm, PaymentForm, PlayerForm, RegistrationForm, RegistrationSettingsForm,
    SectionForm, TeamForm, TeamSettingsForm, Warning,
};
pub use history::{LogCommand, LogEntry, Undone};
pub use hosting::{Changes, EventDatabase, copy_event};
pub use import::{TrfImported, system_of_file};
pub use input::{MAX_CSV_BYTES, MAX_INPUT_BYTES, open_bounded, read_bytes, read_text};
pub use lots::LotsDrawn;
pub use origin::Origin;
pub use output::write_file;
pub use players::{ByeSet, Forbidden, PlayerAdded, PlayerUpdated, PlayersImported, Withdrawal};
pub use proposal::ProposedRound;
pub use ratings::{
    FIDE_LIST, ListImported, ListedPlayerAdded, ListedView, NationalImported, import_fide_list,
    import_national_list, listed_player,
};
pub use registration::{
    Duplicate, EntryFee, FeeChange, FeeLine, FeeNotice, Holder, MAX_ENTRIES, Notice, NoticeKind,
    OfferedSection, Promoted, RegistrationDecided, RegistrationList, RegistrationOffer,
    RegistrationRow, RegistrationSet, RegistrationStatus, Submitted,
};
pub use reports::{
    CrosstableReport, CrosstableRequest, StandingsReport, StandingsRequest, TeamRequest,
    trf_crosstable, trf_standings,
};
pub use rounds::{DissolvedBoard, PairingSet, ResultRecorded, SetPairing};
pub use storage::{Access, is_database, is_event};
pub use trf_file::{read_trf, trf_text};
pub use views::{
    Absence, BoardView, EventSummary, Heading, PlayerList, PlayerRef, PlayerRow, RoundView, Seat,
    SectionSummary,
};
