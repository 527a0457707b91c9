// Arbiter pages: live updates and fast result entry. No build step.
"use strict";
(function () {
  // Live: the server sends `change` whenever the event's journal changes;
  // every [data-fragment] element re-fetches its content. A short random
  // delay spreads the re-fetches of many viewers.
  const src = document.body.dataset.live;
  const status = document.getElementById("live-status");
  function show(online) {
    if (!status) return;
    status.textContent = online ? status.dataset.online : status.dataset.offline;
    status.className = "live-status " + (online ? "online" : "offline");
  }
  let pending = null;
  async function refresh() {
    pending = null;
    const parts = document.querySelectorAll("[data-fragment]");
    for (const el of parts) {
      try {
        const r = await fetch(el.dataset.fragment, { headers: { "X-Fragment": "1" }, cache: "no-store" });
        if (r.ok) {
          el.innerHTML = await r.text();
          el.dispatchEvent(new CustomEvent("arbiter:refreshed", { bubbles: true }));
        }
      } catch (_) { /* the next change retries */ }
    }
    document.body.dataset.refreshed = String(Date.now());
  }
  if (src && window.EventSource) {
    const es = new EventSource(src);
    es.addEventListener("hello", function () { show(true); });
    es.addEventListener("change", function () {
      if (!pending) pending = setTimeout(refresh, 20 + Math.random() * 200);
    });
    es.onerror = function () { show(false); };
    es.onopen = function () { show(true); };
  }
})();
