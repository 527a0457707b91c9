//! The TRF reader on arbitrary bytes: reading (with the validator) never
//! panics, and whatever parses is written (or refused with a typed error)
//! and reads back to the same tournament. libFuzzer's `-rss_limit_mb` and
//! `-timeout` bound memory and time per input (see `.ci/fuzz`).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = arbiter_trf::read(data, &arbiter_standings::parse_list);
    if let Ok(doc) = arbiter_trf::parse_bytes(data)
        && let Ok(written) = arbiter_trf::write(&doc)
    {
        let again = arbiter_trf::parse(&written.text).expect("the writer's own output reads");
        assert_eq!(again.tournament, doc.tournament);
    }
});
