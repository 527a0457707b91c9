//! The web crate's tests, one binary: `http` drives the router in process;
//! `browser` drives headless Chromium against a loopback server.

mod admin;
mod browser;
mod common;
mod http;
mod live;
mod pages;
mod registration;
