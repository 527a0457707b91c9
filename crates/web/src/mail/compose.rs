//! The words of a notice, in the registrant's language: subject and a
//! plain-text body (names as given, never markup; quoted-printable UTF-8), with the standing and
//! the fee worded as on his status page.

use arbiter_desk::{Notice, NoticeKind};
use fluent_bundle::FluentArgs;
use lettre::Message;
use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Body, Mailbox, SinglePart};

use crate::i18n::Tr;
use crate::pages::registration::{fee_text, standing_text};

/// The message of `notice` from `from`; `link`: the absolute address of
/// the status page (a receipt carries it).
pub fn compose(notice: &Notice, link: Option<&str>, from: &Mailbox) -> Result<Message, String> {
    let tr = Tr::new(notice.language.unwrap_or_default());
    let to: lettre::Address = notice
        .to
        .parse()
        .map_err(|e| format!("the address of the entry: {e}"))?;
    let mut args = FluentArgs::new();
    args.set("event", notice.event.clone());
    args.set("section", notice.section.clone());
    let (subject, news) = match notice.kind {
        NoticeKind::Received => ("mail-received-subject", "mail-received"),
        NoticeKind::MovedUp => ("mail-moved-up-subject", "mail-moved-up"),
    };
    let mut lines = vec![
        tr.ts("mail-greeting", "name", &notice.name),
        String::new(),
        tr.ta(news, &args),
        String::new(),
        tr.ts(
            "mail-standing",
            "standing",
            &standing_text(&tr, notice.standing).0,
        ),
    ];
    if let Some(fee) = &notice.fee {
        lines.push(tr.ts("mail-fee", "fee", &fee_text(&tr, fee)));
    }
    lines.push(String::new());
    match link {
        Some(link) => {
            lines.push(tr.t("mail-status-link"));
            lines.push(link.to_string());
        }
        None => lines.push(tr.t("mail-moved-up-link")),
    }
    lines.push(String::new());
    lines.push("-- ".into());
    lines.push(tr.ts("mail-footer", "event", &notice.event));
    // Quoted-printable: any name and the long link pass every relay (8bit
    // allows no line beyond 76 characters here), and the text stays
    // readable in the `.eml`.
    let body =
        Body::new_with_encoding(lines.join("\r\n"), ContentTransferEncoding::QuotedPrintable)
            .map_err(|_| "the body cannot be encoded".to_string())?;
    Message::builder()
        .from(from.clone())
        .to(Mailbox::new(None, to))
        .subject(tr.ta(subject, &args))
        .singlepart(
            SinglePart::builder()
                .header(ContentType::TEXT_PLAIN)
                .body(body),
        )
        .map_err(|e| format!("the message: {e}"))
}
