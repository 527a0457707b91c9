//! `arbiter store copy FROM TO`: an event between an event file and a
//! PostgreSQL database (`postgres://user@host/db#EVENT`), both ways; a thin
//! call of [`arbiter_desk::copy_event`].

use std::process::ExitCode;

use clap::Subcommand;

use crate::out;

#[derive(Subcommand, Clone, Debug)]
pub enum StoreCommand {
    /// Copy the event FROM to a new event TO, keeping every journal entry,
    /// its number, time and command line. Each is an event file or
    /// postgres://USER@HOST/DATABASE#EVENT; TO must not exist.
    Copy { from: String, to: String },
}

pub fn run(command: StoreCommand) -> ExitCode {
    match command {
        StoreCommand::Copy { from, to } => match arbiter_desk::copy_event(&from, &to) {
            Ok(entries) => {
                out::line(format_args!("copied {entries} journal entries"));
                ExitCode::SUCCESS
            }
            Err(e) => out::fail(&e),
        },
    }
}
