//! A payment as typed (`pay EVENT ID AMOUNT --method --note`, the web's
//! cash desk): the amount exact to the cent, negative for a refund.

use arbiter_model::journal::{Payment, PlayerId};
use arbiter_model::money::{Cents, Method};

use super::text::{free_text, optional_text};
use crate::error::DeskError;

/// A payment's fields as typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PaymentForm {
    /// The paying entry: a player's id, or a team's when the fees are per
    /// team.
    pub id: PlayerId,
    /// `20`, `12.50`, `-5` (a refund); at most two decimals, not zero.
    pub amount: String,
    /// `cash` (default), `card` or `transfer`.
    pub method: Option<String>,
    /// Free text (a receipt number).
    pub note: Option<String>,
}

impl PaymentForm {
    /// The payment, or the field at fault.
    pub fn payment(&self) -> Result<Payment, DeskError> {
        let text = free_text("amount", &self.amount)?;
        let amount = Cents::parse(&text).ok_or_else(|| {
            DeskError::invalid(
                "amount",
                format!("'{text}' is not an amount (such as 20, 12.50, or -5 for a refund)"),
            )
        })?;
        if amount == Cents::ZERO {
            return Err(DeskError::invalid(
                "amount",
                "a payment of 0 records nothing",
            ));
        }
        let method = match &self.method {
            None => Method::Cash,
            Some(m) => free_text("method", m)?
                .parse::<Method>()
                .map_err(|e| DeskError::invalid("method", e.to_string()))?,
        };
        let note = match &self.note {
            None => None,
            Some(n) => optional_text("note", n)?,
        };
        Ok(Payment {
            id: self.id,
            amount,
            method,
            note,
            // The desk sets it from the fees in force.
            team: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_methods_and_notes_are_checked() {
        let form = |amount: &str, method: Option<&str>| PaymentForm {
            id: 3,
            amount: amount.into(),
            method: method.map(str::to_string),
            note: Some(" receipt 12 ".into()),
        };
        let p = form("-5", None).payment().unwrap();
        assert_eq!((p.amount, p.method), (Cents(-500), Method::Cash));
        assert_eq!(p.note.as_deref(), Some("receipt 12"));
        assert_eq!(
            form("12.5", Some("Card")).payment().unwrap().amount,
            Cents(1250)
        );
        for (amount, method, field) in [
            ("0", None, "amount"),
            ("1,50", None, "amount"),
            ("abc", None, "amount"),
            ("20", Some("cheque"), "method"),
        ] {
            let e = form(amount, method).payment().unwrap_err();
            assert_eq!(e.field(), Some(field), "{e}");
        }
        let mut bad = form("20", None);
        bad.note = Some("a\nb".into());
        assert_eq!(bad.payment().unwrap_err().field(), Some("note"));
    }
}
