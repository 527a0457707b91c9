// Arbiter pages: live updates and fast result entry. No build step.
"use strict";
(function () {
  // Live: the server sends `change` whenever the event's journal changes;
  // every [data-fragment] element re-fetches its content. A short random
  // delay spreads the re-fetches of many viewers. A field of a fragment
  // that the arbiter changed and has not sent yet keeps its value through
  // the swap (marked `unsent`); every other field shows the new content.
  const src = document.body.dataset.live;
  const status = document.getElementById("live-status");
  function show(online) {
    if (!status) return;
    status.textContent = online ? status.dataset.online : status.dataset.offline;
    status.className = "live-status " + (online ? "online" : "offline");
  }
  // A field is named by its form's address and hidden fields (the board it
  // is for) and its own name, so it is found again in the new content.
  function identity(field) {
    const form = field.form;
    if (!form) return "#" + field.name;
    const hidden = Array.from(form.querySelectorAll("input[type=hidden]"))
      .filter(function (h) { return h.name !== "csrf"; })
      .map(function (h) { return h.name + "=" + h.value; });
    return form.getAttribute("action") + "?" + hidden.join("&") + "#" + field.name;
  }
  // The field differs from what the page was sent with.
  function changed(field) {
    if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
    if (field.tagName === "SELECT") {
      const first = Array.from(field.options).findIndex(function (o) { return o.defaultSelected; });
      return field.selectedIndex !== Math.max(first, 0);
    }
    return field.value !== field.defaultValue;
  }
  function mark(field) {
    const unsent = changed(field);
    field.classList.toggle("unsent", unsent);
    if (unsent && status) field.title = status.dataset.unsent; else field.removeAttribute("title");
  }
  function fields(el) {
    return Array.from(el.querySelectorAll("select, input:not([type=hidden]), textarea"))
      .filter(function (f) { return f.name; });
  }
  document.addEventListener("change", function (ev) {
    if (ev.target.closest && ev.target.closest("[data-fragment]") && ev.target.name) mark(ev.target);
  });
  function swap(el, html) {
    const kept = new Map();
    fields(el).filter(changed).forEach(function (f) {
      kept.set(identity(f), { value: f.value, checked: f.checked });
    });
    const active = document.activeElement;
    const focused = active && el.contains(active) && active.name ? identity(active) : null;
    el.innerHTML = html;
    fields(el).forEach(function (f) {
      const id = identity(f);
      const k = kept.get(id);
      if (k) {
        if (f.type === "checkbox" || f.type === "radio") f.checked = k.checked; else f.value = k.value;
        mark(f);
      }
      if (id === focused) f.focus();
    });
  }
  let pending = null;
  async function refresh() {
    pending = null;
    const parts = document.querySelectorAll("[data-fragment]");
    for (const el of parts) {
      try {
        const r = await fetch(el.dataset.fragment, { headers: { "X-Fragment": "1" }, cache: "no-store" });
        if (r.ok) {
          swap(el, await r.text());
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

// Fast result entry (back office, the round page of individuals and of
// team matches): the result field takes one key per board — 1 (1-0),
// 0 (0-1), = 5 h (½-½), + (+/-), - (-/+), * (-/-) — and moves at once to
// the next board without a result while the server records it. Escape or b
// goes to the board field to jump to a board; Enter goes back to the
// result. A board is a row `tr[data-key]` of #entry: its key is what the
// board field takes (`3`, or `2.1` for board 1 of match 2), its
// `data-match` and `data-board` what is sent.
(function () {
  const quick = document.getElementById("quick");
  if (!quick) return;
  const board = document.getElementById("quick-board");
  const res = document.getElementById("quick-result");
  const status = document.getElementById("quick-status");
  const keys = { "1": "1-0", "0": "0-1", "5": "1/2", "=": "1/2", "h": "1/2",
                 "+": "+/-", "-": "-/+", "*": "-/-" };
  const pending = new Set();
  const corrected = new Set();
  let chain = Promise.resolve();
  // The live refresh replaces the boards: mark again what this page knows.
  document.addEventListener("arbiter:refreshed", function () {
    rows().forEach(function (t) {
      if (pending.has(t.dataset.key)) t.classList.add("pending");
      if (corrected.has(t.dataset.key)) t.classList.add("corrected");
    });
  });
  function rows() { return Array.from(document.querySelectorAll("#entry tr[data-key]")); }
  function row(key) { return rows().find(function (t) { return t.dataset.key === key; }); }
  function say(text, bad) { status.textContent = text; status.className = bad ? "error" : "muted"; }
  function open(t) { return !t.dataset.result && !pending.has(t.dataset.key); }
  // The first open board after `key`, wrapping round.
  function nextAfter(key) {
    const all = rows();
    const i = all.indexOf(row(key));
    return all.slice(i + 1).concat(all.slice(0, i + 1)).find(open);
  }
  // What the board shows once the result is recorded: its text, or its
  // select (which then holds the recorded result, nothing unsent).
  function recorded(t, data) {
    t.dataset.result = data.result;
    const shown = t.querySelector(".shown");
    if (shown) shown.textContent = data.shown;
    const select = t.querySelector("select[name=result]");
    if (select) {
      Array.from(select.options).forEach(function (o) { o.defaultSelected = o.value === data.result; });
      select.value = data.result;
      select.classList.remove("unsent");
      select.removeAttribute("title");
    }
  }
  async function send(key, body) {
    let r, data;
    try {
      r = await fetch(quick.action, { method: "POST", body: body,
        headers: { "Accept": "application/json", "X-CSRF-Token": quick.dataset.csrf } });
      data = await r.json();
    } catch (e) { data = { error: String(e) }; }
    pending.delete(key);
    // The row again: a refresh may have replaced it meanwhile.
    const now = row(key);
    if (now) now.classList.remove("pending");
    if (!r || !r.ok) {
      say(key + ": " + (data.error || "?"), true);
      board.value = key; res.focus(); res.select();
      return;
    }
    if (now) {
      recorded(now, data);
      if (data.corrected) { now.classList.add("corrected"); corrected.add(key); }
    }
    say((data.corrected ? status.dataset.corrected : status.dataset.saved) + " " + key + ": " + data.shown);
    if (!rows().some(open) && pending.size === 0) say(status.dataset.done);
  }
  function enter(code) {
    const key = board.value.trim();
    if (!key || !row(key)) { say(key ? key + "?" : "", true); return; }
    const t = row(key);
    const body = new URLSearchParams({ board: t.dataset.board, result: code });
    if (t.dataset.match) body.set("match", t.dataset.match);
    pending.add(key);
    t.classList.add("pending");
    const next = nextAfter(key);
    board.value = next ? next.dataset.key : "";
    res.value = "";
    chain = chain.then(function () { return send(key, body); });
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
