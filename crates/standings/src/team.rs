//! Team standings.
