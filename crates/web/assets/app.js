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

// Fast result entry (back office, round page): the result field takes one
// key per board — 1 (1-0), 0 (0-1), = 5 h (½-½), + (+/-), - (-/+), * (-/-) —
// and moves at once to the next board without a result while the server
// records it. Escape or b goes to the board field to jump to a board;
// Enter goes back to the result.
(function () {
  const quick = document.getElementById("quick");
  if (!quick) return;
  const board = document.getElementById("quick-board");
  const res = document.getElementById("quick-result");
  const status = document.getElementById("quick-status");
  const keys = { "1": "1-0", "0": "0-1", "5": "1/2", "=": "1/2", "h": "1/2",
                 "+": "+/-", "-": "-/+", "*": "-/-" };
  const pending = new Set();
  let chain = Promise.resolve();
  function rows() { return Array.from(document.querySelectorAll("#entry tr[data-board]")); }
  function row(b) { return rows().find(function (t) { return t.dataset.board === String(b); }); }
  function say(text, bad) { status.textContent = text; status.className = bad ? "error" : "muted"; }
  function open(t) { return !t.dataset.result && !pending.has(t.dataset.board); }
  // The first open board after `b`, wrapping round.
  function nextAfter(b) {
    const all = rows();
    const i = all.indexOf(row(b));
    return all.slice(i + 1).concat(all.slice(0, i + 1)).find(open);
  }
  async function send(b, code) {
    const body = new URLSearchParams({ board: b, result: code });
    let r, data;
    try {
      r = await fetch(quick.action, { method: "POST", body: body,
        headers: { "Accept": "application/json", "X-CSRF-Token": quick.dataset.csrf } });
      data = await r.json();
    } catch (e) { data = { error: String(e) }; }
    pending.delete(String(b));
    const t = row(b);
    if (t) t.classList.remove("pending");
    if (!r || !r.ok) {
      say(b + ": " + (data.error || "?"), true);
      board.value = b; res.focus(); res.select();
      return;
    }
    if (t) {
      t.dataset.result = data.result;
      t.querySelector(".shown").textContent = data.shown;
      if (data.corrected) t.classList.add("corrected");
    }
    say((data.corrected ? status.dataset.corrected : status.dataset.saved) + " " + data.board + ": " + data.shown);
    if (!rows().some(open) && pending.size === 0) say(status.dataset.done);
  }
  function enter(code) {
    const b = board.value.trim();
    if (!b || !row(b)) { say(b ? b + "?" : "", true); return; }
    pending.add(b);
    row(b).classList.add("pending");
    const next = nextAfter(b);
    board.value = next ? next.dataset.board : "";
    res.value = "";
    chain = chain.then(function () { return send(b, code); });
  }
  res.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape" || ev.key === "b" || ev.key === "Backspace") {
      ev.preventDefault(); board.focus(); board.select(); return;
    }
    if (ev.key === "Enter" || ev.key === "Tab" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.key.length === 1) ev.preventDefault();
    if (keys[ev.key]) enter(keys[ev.key]);
  });
  board.addEventListener("keydown", function (ev) {
    if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); res.focus(); }
  });
  quick.addEventListener("submit", function (ev) {
    ev.preventDefault();
    const code = keys[res.value.trim()] || res.value.trim();
    if (code) enter(code);
  });
})();
