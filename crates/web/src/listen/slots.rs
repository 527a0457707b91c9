//! Counting open connections, in all and per client address: a
//! connection takes a [`Slot`] when accepted, or is refused, and gives it
//! back when it closes (the slot is dropped with the connection's task).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use tokio::sync::watch;

use super::limits::Limits;

/// The open connections of one server.
pub struct Slots {
    limits: Limits,
    /// Addresses counted in the total only (trusted proxies).
    exempt: Vec<IpAddr>,
    per_address: Mutex<HashMap<IpAddr, usize>>,
    /// The total, watched by the shutdown that waits for it to reach 0.
    total: watch::Sender<usize>,
}

/// Why a connection was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Full {
    /// [`Limits::max_connections`] are open.
    Server,
    /// [`Limits::max_per_address`] are open from this address.
    Address,
}

/// One open connection; dropping it frees its place.
pub struct Slot {
    slots: Arc<Slots>,
    address: Option<IpAddr>,
}

impl Slots {
    pub fn new(limits: Limits, exempt: Vec<IpAddr>) -> Arc<Slots> {
        Arc::new(Slots {
            limits,
            exempt,
            per_address: Mutex::new(HashMap::new()),
            total: watch::channel(0).0,
        })
    }

    /// A place for a connection from `peer`, or why there is none.
    pub fn take(self: &Arc<Self>, peer: IpAddr) -> Result<Slot, Full> {
        let mut map = self.per_address.lock().unwrap_or_else(|p| p.into_inner());
        if *self.total.borrow() >= self.limits.max_connections {
            return Err(Full::Server);
        }
        let address = (!self.exempt.contains(&peer)).then_some(peer);
        if let Some(ip) = address {
            let open = map.entry(ip).or_insert(0);
            if *open >= self.limits.max_per_address {
                return Err(Full::Address);
            }
            *open += 1;
        }
        self.total.send_modify(|n| *n += 1);
        Ok(Slot {
            slots: self.clone(),
            address,
        })
    }

    /// Resolves when no connection is open.
    pub async fn closed(&self) {
        let mut rx = self.total.subscribe();
        let _ = rx.wait_for(|n| *n == 0).await;
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut map = self
            .slots
            .per_address
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        if let Some(ip) = self.address
            && let Some(open) = map.get_mut(&ip)
        {
            *open -= 1;
            if *open == 0 {
                map.remove(&ip);
            }
        }
        self.slots.total.send_modify(|n| *n -= 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(total: usize, per_address: usize) -> Limits {
        Limits {
            max_connections: total,
            max_per_address: per_address,
            ..Limits::default()
        }
    }

    #[test]
    fn caps_in_all_and_per_address_and_freed_on_drop() {
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "192.0.2.2".parse().unwrap();
        let proxy: IpAddr = "10.0.0.1".parse().unwrap();
        let slots = Slots::new(limits(5, 2), vec![proxy]);
        let a1 = slots.take(a).unwrap();
        let _a2 = slots.take(a).unwrap();
        assert_eq!(slots.take(a).err(), Some(Full::Address));
        let _b1 = slots.take(b).unwrap();
        // The proxy passes the per-address cap, not the total.
        let _p1 = slots.take(proxy).unwrap();
        let _p2 = slots.take(proxy).unwrap();
        assert_eq!(*slots.total.borrow(), 5);
        assert_eq!(slots.take(proxy).err(), Some(Full::Server));
        assert_eq!(slots.take(b).err(), Some(Full::Server));
        drop(a1);
        assert_eq!(*slots.total.borrow(), 4);
        let _a3 = slots.take(a).unwrap();
        assert_eq!(slots.take(a).err(), Some(Full::Server));
    }
}
