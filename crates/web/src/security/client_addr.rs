//! The client's address, for the rate limits. It is the connection's peer,
//! unless the peer is a trusted proxy (`serve --trusted-proxy ADDR`): then
//! the address that proxy appended to `Forwarded` (RFC 7239 `for=`) or,
//! without one, to `X-Forwarded-For` — the right-most entry not itself a
//! trusted proxy. A header from any other peer is ignored: a client
//! chooses what it sends, not the address it connects from.

use std::net::{IpAddr, SocketAddr};

use axum::http::HeaderMap;

/// The address the rate limits count, given the connection's `peer`.
pub fn client(peer: IpAddr, headers: &HeaderMap, trusted: &[IpAddr]) -> IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    let chain = forwarded_for(headers).or_else(|| x_forwarded_for(headers));
    chain
        .into_iter()
        .flatten()
        .rev()
        .find(|ip| !trusted.contains(ip))
        .unwrap_or(peer)
}

/// The `for=` addresses of every `Forwarded` header, in order; `None`
/// without the header. An element that is no address (`unknown`, an
/// obfuscated name) stops the chain there.
fn forwarded_for(headers: &HeaderMap) -> Option<Vec<IpAddr>> {
    let mut seen = false;
    let mut chain = Vec::new();
    for value in headers.get_all("forwarded") {
        seen = true;
        let Ok(text) = value.to_str() else {
            return Some(chain);
        };
        for element in text.split(',') {
            let node = element.split(';').find_map(|pair| {
                let (key, value) = pair.split_once('=')?;
                key.trim().eq_ignore_ascii_case("for").then(|| value.trim())
            });
            let Some(ip) = node.and_then(node_address) else {
                chain.clear();
                continue;
            };
            chain.push(ip);
        }
    }
    seen.then_some(chain)
}

/// The addresses of every `X-Forwarded-For` header, in order.
fn x_forwarded_for(headers: &HeaderMap) -> Option<Vec<IpAddr>> {
    let values: Vec<_> = headers.get_all("x-forwarded-for").iter().collect();
    if values.is_empty() {
        return None;
    }
    let mut chain = Vec::new();
    for text in values.iter().filter_map(|v| v.to_str().ok()) {
        for item in text.split(',') {
            match node_address(item.trim()) {
                Some(ip) => chain.push(ip),
                None => chain.clear(),
            }
        }
    }
    Some(chain)
}

/// An RFC 7239 node (`192.0.2.1`, `"192.0.2.1:4711"`, `"[2001:db8::1]:80"`,
/// `[2001:db8::1]`) or a plain address.
fn node_address(text: &str) -> Option<IpAddr> {
    let text = text.trim_matches('"');
    if let Ok(ip) = text.parse::<IpAddr>() {
        return Some(ip);
    }
    if let Ok(sa) = text.parse::<SocketAddr>() {
        return Some(sa.ip());
    }
    text.strip_prefix('[')?.strip_suffix(']')?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn headers(list: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in list {
            h.append(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn headers_count_only_from_a_trusted_proxy() {
        let proxy = ip("10.0.0.1");
        let xff = headers(&[("x-forwarded-for", "203.0.113.9, 198.51.100.7")]);
        // Not from the proxy: the peer, whatever the header says.
        assert_eq!(client(ip("192.0.2.5"), &xff, &[proxy]), ip("192.0.2.5"));
        assert_eq!(client(ip("192.0.2.5"), &xff, &[]), ip("192.0.2.5"));
        // From the proxy: the address it appended (right-most), not the
        // one a client put first.
        assert_eq!(client(proxy, &xff, &[proxy]), ip("198.51.100.7"));
        // Two proxies of ours in a row: the first address neither of them.
        let inner = ip("10.0.0.2");
        let chain = headers(&[("x-forwarded-for", "203.0.113.9, 198.51.100.7, 10.0.0.2")]);
        assert_eq!(client(proxy, &chain, &[proxy, inner]), ip("198.51.100.7"));
        // No header: the proxy itself.
        assert_eq!(client(proxy, &HeaderMap::new(), &[proxy]), proxy);
        // Garbage: the proxy, never a made-up address.
        let junk = headers(&[("x-forwarded-for", "nonsense")]);
        assert_eq!(client(proxy, &junk, &[proxy]), proxy);
    }

    #[test]
    fn forwarded_takes_precedence_and_reads_quoted_nodes() {
        let proxy = ip("10.0.0.1");
        let h = headers(&[
            ("x-forwarded-for", "198.51.100.1"),
            (
                "forwarded",
                "for=192.0.2.60;proto=https, For=\"[2001:db8:cafe::17]:4711\"",
            ),
        ]);
        assert_eq!(client(proxy, &h, &[proxy]), ip("2001:db8:cafe::17"));
        let h = headers(&[("forwarded", "for=\"192.0.2.43:47011\"")]);
        assert_eq!(client(proxy, &h, &[proxy]), ip("192.0.2.43"));
        let h = headers(&[("forwarded", "for=192.0.2.43, for=unknown")]);
        assert_eq!(client(proxy, &h, &[proxy]), proxy);
    }
}
