//! Certificates made at test time (rcgen): a CA of its own and a server
//! certificate it signs for the loopback address, so the TLS modes of the
//! SMTP sink are verified as a real server's would be.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair, KeyUsagePurpose};
use rustls::ServerConfig;
use rustls::pki_types::{PrivateKeyDer, PrivatePkcs8KeyDer};

/// A certificate authority of the test.
pub struct TestCa {
    issuer: Issuer<'static, KeyPair>,
    /// Its certificate, PEM: what `--smtp-ca` is given.
    pub pem: String,
}

impl TestCa {
    pub fn new(name: &str) -> TestCa {
        let mut params = CertificateParams::new(Vec::new()).expect("CA parameters");
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params.distinguished_name.push(DnType::CommonName, name);
        params.key_usages = vec![
            KeyUsagePurpose::KeyCertSign,
            KeyUsagePurpose::DigitalSignature,
        ];
        let key = KeyPair::generate().expect("CA key");
        let pem = params.self_signed(&key).expect("CA certificate").pem();
        TestCa {
            issuer: Issuer::new(params, key),
            pem,
        }
    }

    /// Its certificate in `dir/NAME.pem`.
    pub fn write(&self, dir: &Path, name: &str) -> PathBuf {
        let path = dir.join(format!("{name}.pem"));
        std::fs::write(&path, &self.pem).expect("CA file written");
        path
    }

    /// A TLS server whose certificate, signed by this CA, names
    /// `127.0.0.1` and `localhost`.
    pub fn server_config(&self) -> Arc<ServerConfig> {
        let mut params = CertificateParams::new(vec!["127.0.0.1".into(), "localhost".into()])
            .expect("server parameters");
        params
            .distinguished_name
            .push(DnType::CommonName, "sink.test");
        params.use_authority_key_identifier_extension = true;
        let key = KeyPair::generate().expect("server key");
        let cert = params
            .signed_by(&key, &self.issuer)
            .expect("server certificate");
        let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.serialize_der()));
        let config =
            ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
                .with_safe_default_protocol_versions()
                .expect("TLS versions")
                .with_no_client_auth()
                .with_single_cert(vec![cert.der().clone()], key)
                .expect("server certificate and key");
        Arc::new(config)
    }
}
