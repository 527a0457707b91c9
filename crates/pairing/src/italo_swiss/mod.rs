//! The Italo-Swiss system (FSI; spec 06).
