//! The SMTP transport of `--smtp`: the URL's scheme says how the
//! connection is secured ([`Security`]), the login comes from the
//! environment, and a TLS server's certificate is verified against the
//! Mozilla roots (`webpki-roots`) and the CA of `--smtp-ca`, never
//! accepted unverified.

use std::net::IpAddr;
use std::path::Path;
use std::time::Duration;

use lettre::SmtpTransport;
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Certificate, Tls, TlsParameters};
use lettre::transport::smtp::{SMTP_PORT, SUBMISSION_PORT, SUBMISSIONS_PORT};

use super::{MailSetupError, SMTP_CREDENTIALS_VAR};

/// How long an SMTP exchange may take.
const SMTP_TIMEOUT: Duration = Duration::from_secs(30);

/// How the connection to the SMTP server is secured: the scheme of
/// `--smtp`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Security {
    /// `smtp://`: plain text, for a relay on the host or its network.
    Plain,
    /// `smtp+starttls://`: a plain greeting, then STARTTLS (RFC 3207),
    /// required: a server that does not offer it gets no mail.
    StartTls,
    /// `smtps://`: TLS from the first byte (RFC 8314 §3.3).
    ImplicitTls,
}

impl Security {
    const SCHEMES: [(&str, Security); 3] = [
        ("smtp://", Security::Plain),
        ("smtp+starttls://", Security::StartTls),
        ("smtps://", Security::ImplicitTls),
    ];

    /// The port of a URL that names none: 25, submission 587 (RFC 6409),
    /// submissions 465 (RFC 8314 §7.3).
    fn default_port(self) -> u16 {
        match self {
            Security::Plain => SMTP_PORT,
            Security::StartTls => SUBMISSION_PORT,
            Security::ImplicitTls => SUBMISSIONS_PORT,
        }
    }
}

/// A `--smtp` URL, checked.
#[derive(Debug, PartialEq, Eq)]
pub struct SmtpUrl {
    pub security: Security,
    /// A name or an IP address (without the brackets of IPv6).
    pub host: String,
    pub port: u16,
}

impl SmtpUrl {
    /// `SCHEME://HOST[:PORT][/]`. A user or password in the URL is
    /// refused: it would be on the command line.
    pub fn parse(url: &str) -> Result<SmtpUrl, MailSetupError> {
        let refused = |why: &str| MailSetupError::Smtp {
            url: url.to_string(),
            why: why.to_string(),
        };
        let (security, rest) = Security::SCHEMES
            .iter()
            .find_map(|(scheme, s)| url.strip_prefix(scheme).map(|rest| (*s, rest)))
            .ok_or_else(|| {
                refused("not smtp://HOST:PORT (plain), smtp+starttls://HOST[:587] or smtps://HOST[:465]")
            })?;
        let authority = rest.strip_suffix('/').unwrap_or(rest);
        if authority.contains('@') {
            return Err(refused(&format!(
                "no user or password in the URL: set {SMTP_CREDENTIALS_VAR}=USER:PASSWORD"
            )));
        }
        let (host, port) = match authority.rsplit_once(':') {
            Some((h, p)) if !authority.ends_with(']') => (
                h,
                p.parse::<u16>()
                    .ok()
                    .filter(|&p| p != 0)
                    .ok_or_else(|| refused(&format!("'{p}' is not a port")))?,
            ),
            _ => (authority, security.default_port()),
        };
        let host = host.trim_start_matches('[').trim_end_matches(']');
        let host_ok = !host.is_empty()
            && host
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || ".-:".contains(c));
        if !host_ok {
            return Err(refused(&format!("'{host}' is not a host name or address")));
        }
        Ok(SmtpUrl {
            security,
            host: host.to_string(),
            port,
        })
    }

    /// How the startup line names the server: `HOST:PORT` and how the
    /// connection is secured.
    fn shown(&self) -> String {
        let host = if self.host.contains(':') {
            format!("[{}]", self.host)
        } else {
            self.host.clone()
        };
        let security = match self.security {
            Security::Plain => "unencrypted",
            Security::StartTls => "STARTTLS required",
            Security::ImplicitTls => "TLS",
        };
        format!("{host}:{} ({security})", self.port)
    }

    /// `localhost` or a loopback address: this machine.
    fn is_loopback(&self) -> bool {
        self.host.eq_ignore_ascii_case("localhost")
            || self.host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
    }
}

/// The SMTP transport of the options, and what the organiser is told of it.
pub struct Route {
    pub transport: SmtpTransport,
    /// The server, how the connection is secured and whether a login is
    /// sent: `mail.example.org:587 (STARTTLS required), with the login of
    /// ARBITER_SMTP_CREDENTIALS`.
    pub shown: String,
    /// A login that would travel unencrypted beyond this machine.
    pub warning: Option<String>,
}

/// The transport of `--smtp URL` with the login of the environment and
/// the extra CA of `--smtp-ca`.
pub fn transport(
    url: &str,
    credentials: Option<&str>,
    ca_file: Option<&Path>,
) -> Result<Route, MailSetupError> {
    let parsed = SmtpUrl::parse(url)?;
    let credentials = credentials
        .map(|c| c.split_once(':').ok_or(MailSetupError::Credentials))
        .transpose()?;
    let tls = match parsed.security {
        Security::Plain => {
            if let Some(path) = ca_file {
                return Err(MailSetupError::SmtpCa {
                    path: path.display().to_string(),
                    why: "a CA is for TLS: use smtp+starttls:// or smtps:// in --smtp".into(),
                });
            }
            Tls::None
        }
        Security::StartTls => Tls::Required(tls_parameters(url, &parsed.host, ca_file)?),
        Security::ImplicitTls => Tls::Wrapper(tls_parameters(url, &parsed.host, ca_file)?),
    };
    let warning = (credentials.is_some()
        && parsed.security == Security::Plain
        && !parsed.is_loopback())
    .then(|| {
        format!(
            "--smtp '{url}': the login of {SMTP_CREDENTIALS_VAR} goes unencrypted to a host that is not this machine; use smtp+starttls:// or smtps://"
        )
    });
    let login = match credentials {
        Some(_) => format!("with the login of {SMTP_CREDENTIALS_VAR}"),
        None => "without a login".to_string(),
    };
    let mut shown = format!("{}, {login}", parsed.shown());
    if let Some(ca) = ca_file {
        shown.push_str(&format!(", trusting the CA of {}", ca.display()));
    }
    let mut builder = SmtpTransport::builder_dangerous(&parsed.host)
        .port(parsed.port)
        .tls(tls)
        .timeout(Some(SMTP_TIMEOUT));
    if let Some((user, password)) = credentials {
        builder = builder.credentials(Credentials::new(user.into(), password.into()));
    }
    Ok(Route {
        transport: builder.build(),
        shown,
        warning,
    })
}

/// TLS towards `host`: its certificate must be valid for that name and
/// signed by a Mozilla root or by the CA of `ca_file` (PEM).
fn tls_parameters(
    url: &str,
    host: &str,
    ca_file: Option<&Path>,
) -> Result<TlsParameters, MailSetupError> {
    let mut builder = TlsParameters::builder(host.to_string());
    if let Some(path) = ca_file {
        let refused = |why: String| MailSetupError::SmtpCa {
            path: path.display().to_string(),
            why,
        };
        let pem = std::fs::read(path).map_err(|source| MailSetupError::SmtpCaUnreadable {
            path: path.display().to_string(),
            source,
        })?;
        // lettre keeps the certificates of the file and skips any other
        // section: a file without one would add no CA at all.
        if !pem
            .windows(CERTIFICATE_PEM.len())
            .any(|w| w == CERTIFICATE_PEM)
        {
            return Err(refused(
                "no PEM certificate (BEGIN CERTIFICATE) in it".into(),
            ));
        }
        let ca = Certificate::from_pem(&pem).map_err(|e| refused(format!("{e}")))?;
        builder = builder.add_root_certificate(ca);
    }
    builder.build_rustls().map_err(|e| MailSetupError::Smtp {
        url: url.to_string(),
        why: format!("TLS: {e}"),
    })
}

/// The label of a PEM certificate (RFC 7468 §5.1).
const CERTIFICATE_PEM: &[u8] = b"-----BEGIN CERTIFICATE-----";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scheme_says_how_the_connection_is_secured() {
        for (url, security, host, port) in [
            ("smtp://127.0.0.1:2525", Security::Plain, "127.0.0.1", 2525),
            ("smtp://relay.lan", Security::Plain, "relay.lan", 25),
            (
                "smtp+starttls://mail.example.org",
                Security::StartTls,
                "mail.example.org",
                587,
            ),
            (
                "smtps://mail.example.org/",
                Security::ImplicitTls,
                "mail.example.org",
                465,
            ),
            ("smtps://[::1]:1465", Security::ImplicitTls, "::1", 1465),
        ] {
            let expected = SmtpUrl {
                security,
                host: host.into(),
                port,
            };
            assert_eq!(SmtpUrl::parse(url).unwrap(), expected, "{url}");
        }
    }

    #[test]
    fn the_startup_line_names_the_server_its_security_and_the_login() {
        for (url, credentials, shown) in [
            (
                "smtp+starttls://mail.example.org",
                Some("u:p"),
                "mail.example.org:587 (STARTTLS required), with the login of ARBITER_SMTP_CREDENTIALS",
            ),
            (
                "smtps://[::1]:1465",
                None,
                "[::1]:1465 (TLS), without a login",
            ),
            (
                "smtp://relay.lan",
                Some("u:p"),
                "relay.lan:25 (unencrypted), with the login of ARBITER_SMTP_CREDENTIALS",
            ),
        ] {
            let route = transport(url, credentials, None).unwrap();
            assert_eq!(route.shown, shown, "{url}");
        }
    }

    #[test]
    fn a_bad_url_is_refused_with_the_reason() {
        let schemes =
            "not smtp://HOST:PORT (plain), smtp+starttls://HOST[:587] or smtps://HOST[:465]";
        for (url, why) in [
            (
                "smtp://user:secret@mail.example.org:25",
                "no user or password in the URL: set ARBITER_SMTP_CREDENTIALS=USER:PASSWORD",
            ),
            ("https://mail.example.org", schemes),
            ("smtp+tls://mail.example.org", schemes),
            ("smtps://mail.example.org:port", "'port' is not a port"),
            ("smtp+starttls://mail.example.org:0", "'0' is not a port"),
            (
                "smtp+starttls://mail.example.org:70000",
                "'70000' is not a port",
            ),
            ("smtps://", "'' is not a host name or address"),
            (
                "smtp://mail.example.org/x?y",
                "'mail.example.org/x?y' is not a host name or address",
            ),
        ] {
            assert_eq!(
                SmtpUrl::parse(url).unwrap_err().to_string(),
                format!("--smtp '{url}': {why}")
            );
        }
    }

    #[test]
    fn a_login_over_plain_smtp_beyond_this_machine_is_warned_of() {
        let warning = |u: &str, login: Option<&str>| transport(u, login, None).unwrap().warning;
        assert_eq!(
            warning("smtp://mail.example.org:25", Some("anna:pw")).as_deref(),
            Some(
                "--smtp 'smtp://mail.example.org:25': the login of ARBITER_SMTP_CREDENTIALS goes unencrypted to a host that is not this machine; use smtp+starttls:// or smtps://"
            )
        );
        assert!(warning("smtp://192.0.2.7", Some("anna:pw")).is_some());
        for quiet in [
            ("smtp://mail.example.org:25", None),
            ("smtp://127.0.0.1:2525", Some("anna:pw")),
            ("smtp://[::1]:2525", Some("anna:pw")),
            ("smtp://LocalHost", Some("anna:pw")),
            ("smtp+starttls://mail.example.org", Some("anna:pw")),
            ("smtps://mail.example.org", Some("anna:pw")),
        ] {
            assert_eq!(warning(quiet.0, quiet.1), None, "{quiet:?}");
        }
        assert!(matches!(
            transport("smtp://mail.example.org:25", Some("no-colon"), None),
            Err(MailSetupError::Credentials)
        ));
    }

    #[test]
    fn a_ca_file_must_hold_a_certificate_and_serve_tls() {
        let scratch = tempfile::tempdir().unwrap();
        let dir = scratch.path();
        let key_only = dir.join("key.pem");
        std::fs::write(
            &key_only,
            "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
        )
        .unwrap();
        let why = |u: &str, ca: &Path| transport(u, None, Some(ca)).err().unwrap().to_string();
        assert_eq!(
            why("smtps://mail.example.org", &key_only),
            format!(
                "--smtp-ca '{}': no PEM certificate (BEGIN CERTIFICATE) in it",
                key_only.display()
            )
        );
        assert!(
            why("smtps://mail.example.org", &dir.join("missing.pem"))
                .contains("missing.pem': cannot read it: ")
        );
        assert_eq!(
            why("smtp://127.0.0.1:25", &key_only),
            format!(
                "--smtp-ca '{}': a CA is for TLS: use smtp+starttls:// or smtps:// in --smtp",
                key_only.display()
            )
        );
    }
}
