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
// records it, and moves to the next board without a result. Escape or b
// goes to the board field to jump; Enter goes back to the result.
(function () {
  const quick = document.getElementById("quick");
  if (!quick) return;
  const board = document.getElementById("quick-board");
  const res = document.getElementById("quick-result");
  const status = document.getElementById("quick-status");
  const keys = { "1": "1-0", "0": "0-1", "5": "1/2", "=": "1/2", "h": "1/2",
                 "+": "+/-", "-": "-/+", "*": "-/-" };
  function rows() { return Array.from(document.querySelectorAll("#entry tr[data-board]")); }
  function say(text, bad) { status.textContent = text; status.className = bad ? "error" : "muted"; }
  // Keys typed faster than the server answers wait their turn, each for
  // the board the previous one moved to.
  let chain = Promise.resolve();
  function queue(code) { chain = chain.then(function () { return board.value ? send(board.value, code) : null; }); }
  async function send(b, code) {
    const body = new URLSearchParams({ board: b, result: code });
    let r, data;
    try {
      r = await fetch(quick.action, { method: "POST", body: body,
        headers: { "Accept": "application/json", "X-CSRF-Token": quick.dataset.csrf } });
      data = await r.json();
    } catch (e) { say(String(e), true); return; }
    if (!r.ok) { say(data.error || r.statusText, true); res.select(); return; }
    const all = rows();
    const row = all.find(function (t) { return t.dataset.board === String(data.board); });
    if (row) {
      row.dataset.result = data.result;
      row.querySelector(".shown").textContent = data.shown;
      if (data.corrected) row.classList.add("corrected");
    }
    say((data.corrected ? status.dataset.corrected : status.dataset.saved) + " " + data.board + ": " + data.shown);
    const i = all.indexOf(row);
    const next = all.slice(i + 1).concat(all.slice(0, i + 1)).find(function (t) { return !t.dataset.result; });
    board.value = next ? next.dataset.board : "";
    res.value = "";
    if (!next) say(status.dataset.done);
    res.focus();
  }
  res.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape" || ev.key === "b" || ev.key === "Backspace") {
      ev.preventDefault(); board.focus(); board.select(); return;
    }
    if (ev.key === "Enter" || ev.key === "Tab" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const code = keys[ev.key];
    if (ev.key.length === 1) ev.preventDefault();
    if (code) queue(code);
  });
  board.addEventListener("keydown", function (ev) {
    if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); res.focus(); }
  });
  quick.addEventListener("submit", function (ev) { ev.preventDefault(); send(board.value, res.value); });
})();
