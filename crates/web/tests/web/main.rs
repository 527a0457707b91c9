//! The web crate's tests, one binary: `http` drives the router in process;
//! `hosted` runs two servers over one real PostgreSQL database;
//! `browser` drives headless Chromium against a loopback server.

mod admin;
mod admin_teams;
mod admin_teams_browser;
mod admin_users;
mod awards;
mod browser;
mod common;
mod hosted;
mod http;
mod limits;
mod live;
mod mail;
mod pages;
mod proposal;
mod registration;
mod teams;
mod teams_browser;
mod unsent_browser;
