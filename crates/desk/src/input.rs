//! Reading the text files a face hands over on the arbiter's behalf (prize
//! plans, fee schedules, series definitions): bounded in size before they
//! are read, UTF-8, and every failure naming the file.

use std::io::Read;
use std::path::Path;

use crate::error::DeskError;

/// The largest input file read (a prize plan of thousands of prizes is a
/// few hundred kilobytes).
pub const MAX_INPUT_BYTES: u64 = 1 << 20;

/// The text of the file at `path`: a storage error when it cannot be read,
/// a size-limit error beyond [`MAX_INPUT_BYTES`], invalid input when it is
/// not UTF-8.
pub fn read_text(path: &Path) -> Result<String, DeskError> {
    let name = path.display();
    let file = std::fs::File::open(path)
        .map_err(|e| DeskError::storage(format!("{name}: cannot read the file: {e}")))?;
    let mut bytes = Vec::new();
    file.take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| DeskError::storage(format!("{name}: cannot read the file: {e}")))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(DeskError::size_limit(format!(
            "{name}: larger than {} bytes",
            MAX_INPUT_BYTES
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        let line = e.as_bytes()[..e.utf8_error().valid_up_to()]
            .iter()
            .filter(|b| **b == b'\n')
            .count()
            + 1;
        DeskError::malformed(format!(
            "{name} line {line}: not UTF-8 text (save the file as UTF-8)"
        ))
    })
}
