// The TimerLock console page. Every value from the server is put into the page with textContent or
// an attribute, never parsed as markup: lock names and error texts may contain anything.
"use strict";

(function () {
  const REFRESH_MILLIS = 5000;
  const PAGE_SIZE = 50;
  const view = { q: "", offset: 0, status: null, timer: null, pauseTarget: null };
  const $ = (id) => document.getElementById(id);

  function el(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "text") node.textContent = value;
      else if (key === "onclick") node.addEventListener("click", value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(typeof child === "string" ? document.createTextNode(child) : child);
    }
    return node;
  }

  // Times: in the viewer's zone, with how long ago or ahead.
  const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
  function ago(date) {
    const seconds = Math.round((date.getTime() - Date.now()) / 1000);
    const steps = [[60, "second"], [60, "minute"], [24, "hour"], [365, "day"]];
    let value = seconds;
    for (const [size, unit] of steps) {
      if (Math.abs(value) < size) return relative.format(value, unit);
      value = Math.round(value / size);
    }
    return relative.format(value, "year");
  }
  function time(iso) {
    if (!iso) return el("span", { class: "none", text: "—" });
    const date = new Date(iso);
    return el("time", { datetime: iso, title: iso }, date.toLocaleString() + " (" + ago(date) + ")");
  }
  function duration(millis) {
    if (millis < 1000) return millis + " ms";
    if (millis < 60000) return (millis / 1000).toFixed(1) + " s";
    return Math.round(millis / 60000) + " min";
  }

  async function call(path, options) {
    const response = await fetch(path, Object.assign({ credentials: "same-origin", headers: {} }, options));
    const body = await response.json().catch(() => ({ error: "HTTP " + response.status }));
    if (!response.ok) throw new Error(body.error || "HTTP " + response.status);
    return body;
  }

  function showBanner(message) {
    const banner = $("banner");
    banner.textContent = message;
    banner.hidden = !message;
  }
  function notify(message) {
    $("notice").textContent = message;
  }

  function renderFacts(status) {
    const facts = $("facts");
    facts.replaceChildren();
    const add = (term, value, flagged) => facts.append(el("div", {}, el("dt", { text: term }),
      el("dd", flagged ? { text: value, class: "flag" } : { text: value })));
    add("Store", status.store);
    add("Nodes seen", status.nodes && status.nodes.length ? status.nodes.join(", ") : "none");
    add("Clock offset", clockOffset(status.clock), status.clock && status.clock.beyondBound);
    add("Signed in", status.user + (status.operator ? " (operator)" : " (viewer)"));
    $("version").textContent = "TimerLock " + status.version;
  }

  function clockOffset(clock) {
    if (!clock) return "not known: the store does not tell its time";
    const ms = clock.offsetMillis;
    const text = "store " + (ms >= 0 ? "ahead by " : "behind by ") + duration(Math.abs(ms)) + " (± " + duration(Math.ceil(clock.roundTripMillis / 2)) + ")";
    return clock.beyondBound ? text + " — beyond " + duration(clock.boundMillis) + ", check this node's time sync" : text;
  }

  function stateCell(lock) {
    const label = {
      OFF: "switched off", PAUSED: "paused", RUNNING: "running", RESTING: "held after its run",
      OVERDUE: "overdue/missed", IDLE: "idle"
    }[lock.state] || lock.state;
    const cell = el("td", {}, el("span", { class: "state state-" + lock.state.toLowerCase(), text: label }));
    if ((lock.state === "RUNNING" || lock.state === "RESTING") && lock.node) {
      cell.append(el("br"), "on " + lock.node + " until ", time(lock.lockUntil));
      if (lock.fencingToken != null) cell.append(el("span", { class: "sub", text: "token " + lock.fencingToken }));
    }
    if (lock.state === "PAUSED" && lock.pause) {
      cell.append(el("br"), "by " + lock.pause.by + ", ");
      if (lock.pause.until) cell.append("until ", time(lock.pause.until));
      else cell.append("until resumed");
    }
    if (lock.state === "OVERDUE") {
      cell.append(el("br"), "since ", time(lock.overdueSlot));
      if (lock.enabled === false) cell.append(el("br"), "switched off on this node");
    }
    return cell;
  }

  function errorCode(code) {
    return el("button", { type: "button", class: "link", onclick: () => showHelp(code) }, code);
  }

  function runCell(run) {
    if (!run) return el("td", {}, el("span", { class: "none", text: "never ran" }));
    const cell = el("td", {}, run.outcome + " (" + run.kind + ") on " + run.node + ", ",
      time(run.started), ", " + duration(run.durationMillis));
    if (run.errorClass) cell.append(el("br"), el("span", { class: "error", text: run.errorClass }));
    if (run.errorMessage) cell.append(el("br"), el("span", { class: "error-text", text: run.errorMessage }));
    if (run.errorCode) cell.append(el("br"), errorCode(run.errorCode));
    return cell;
  }

  function actionButtons(lock, status) {
    if (!status.operator) return [];
    const buttons = [];
    const label = (verb) => verb + " " + lock.name;
    if (lock.pause) {
      buttons.push(el("button", { type: "button", "aria-label": label("Resume"),
        onclick: () => act("resume", { name: lock.name }) }, "Resume"));
    } else {
      buttons.push(el("button", { type: "button", "aria-label": label("Pause"),
        onclick: () => openPause(lock.name) }, "Pause"));
    }
    if (status.canRunNow && lock.method) {
      buttons.push(el("button", { type: "button", "aria-label": label("Run now"),
        onclick: () => act("run-now", { name: lock.name }) }, "Run now"));
    }
    if (lock.held && lock.owner) {
      buttons.push(el("button", { type: "button", class: "danger", "aria-label": label("Release"),
        onclick: () => {
          if (window.confirm("Release " + lock.name + "? Another node may then run it while its job still runs.")) {
            act("release", { name: lock.name, owner: lock.owner });
          }
        } }, "Release"));
    }
    return buttons;
  }

  function lockLink(name) {
    return el("a", { href: "#lock=" + encodeURIComponent(name), class: "lock-name" }, name);
  }

  function renderList(status) {
    const rows = status.locks.map((lock) => el("tr", {},
      el("th", { scope: "row" }, lockLink(lock.name),
        lock.method ? el("span", { class: "method", text: lock.method }) : null),
      el("td", {}, lock.schedule || (lock.source === "store" ? "—" : "plain call"),
        lock.zone ? el("span", { class: "sub", text: lock.zone }) : null,
        el("span", { class: "sub", text: lock.source })),
      stateCell(lock),
      el("td", {}, time(lock.lastFire)),
      el("td", {}, time(lock.nextSlot)),
      runCell(lock.lastRun),
      el("td", { class: "actions" }, ...actionButtons(lock, status))));
    const focused = document.activeElement && document.activeElement.getAttribute("aria-label");
    $("locks").tBodies[0].replaceChildren(...rows);
    if (focused) {
      const again = Array.from(document.querySelectorAll("#locks button")).find((b) => b.getAttribute("aria-label") === focused);
      if (again) again.focus();
    }
    const last = Math.min(status.offset + status.locks.length, status.total);
    $("locks-caption").textContent = status.total === 0
      ? "No locks" + (view.q ? " match “" + view.q + "”" : "")
      : "Locks " + (status.offset + 1) + "–" + last + " of " + status.total + (status.truncated ? " (the store has more than the console reads)" : "");
    $("page-info").textContent = status.total ? "Page " + (Math.floor(status.offset / PAGE_SIZE) + 1) + " of " + Math.ceil(status.total / PAGE_SIZE) : "";
    $("previous").disabled = status.offset === 0;
    $("next").disabled = last >= status.total;
  }

  function renderLock(data) {
    const lock = data.lock;
    $("lock-heading").textContent = lock.name;
    const facts = $("lock-facts");
    facts.replaceChildren();
    const add = (term, ...value) => facts.append(el("div", {}, el("dt", { text: term }), el("dd", {}, ...value)));
    add("Method", lock.method || "—");
    add("Schedule", (lock.schedule || "—") + (lock.zone ? " (" + lock.zone + ")" : ""), " from " + lock.source);
    add("State", ...stateCell(lock).childNodes);
    add("Last fire granted", time(lock.lastFire));
    add("Next slot", time(lock.nextSlot));
    add("Last run", ...runCell(lock.lastRun).childNodes);
    add("Owner", lock.owner || "—");
    add("Fencing token", lock.fencingToken == null ? "none kept by this store" : String(lock.fencingToken));
    $("lock-actions").replaceChildren(...actionButtons(lock, data));
    $("history-note").textContent = data.keepsHistory ? "" : "This store keeps no history (timerlock.history.enabled).";
    const rows = data.history.map((run) => el("tr", {},
      el("td", {}, time(run.started)), el("td", { text: run.outcome }), el("td", { text: run.kind }),
      el("td", { text: run.node }), el("td", { text: duration(run.durationMillis) }), el("td", {}, time(run.fire)),
      el("td", {}, run.errorClass || "", run.errorMessage ? el("span", { class: "error-text", text: " " + run.errorMessage }) : null,
        run.errorCode ? errorCode(run.errorCode) : null)));
    $("history").tBodies[0].replaceChildren(...rows);
  }

  function selectedLock() {
    const match = /^#lock=(.*)$/.exec(window.location.hash);
    if (!match) return null;
    try {
      return decodeURIComponent(match[1]);
    } catch (malformed) {
      return match[1]; // a hand-typed address with a stray %: look that text up as it is
    }
  }

  async function refresh() {
    clearTimeout(view.timer);
    try {
      const name = selectedLock();
      if (name !== null) {
        const data = await call("lock?name=" + encodeURIComponent(name));
        // A lock's page reads one lock: the nodes seen are the list's, from its latest read.
        const nodes = view.status && view.status.nodes ? view.status.nodes : [];
        view.status = Object.assign({ nodes: nodes }, data);
        renderFacts(view.status);
        renderLock(data);
      } else {
        const status = await call("status?limit=" + PAGE_SIZE + "&offset=" + view.offset + "&q=" + encodeURIComponent(view.q));
        view.status = status;
        renderFacts(status);
        renderList(status);
      }
      showBanner("");
    } catch (failure) {
      showBanner(failure.message);
    }
    view.timer = setTimeout(refresh, REFRESH_MILLIS);
  }

  async function act(action, parameters) {
    try {
      const result = await call("actions/" + action, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-TimerLock-Token": view.status.token },
        body: new URLSearchParams(parameters)
      });
      notify(result.done);
      showBanner("");
    } catch (failure) {
      showBanner(failure.message);
    }
    refresh();
  }

  function openPause(name) {
    view.pauseTarget = name;
    $("pause-heading").textContent = "Pause " + name;
    $("pause-until").value = "";
    $("pause-form").hidden = false;
    $("pause-until").focus();
  }
  function closePause() {
    $("pause-form").hidden = true;
    view.pauseTarget = null;
  }

  async function showHelp(code) {
    try {
      const entry = await call("help?code=" + encodeURIComponent(code));
      $("help-heading").textContent = entry.code;
      const facts = $("help-facts");
      facts.replaceChildren();
      for (const [term, value] of [["Message", entry.message], ["Cause", entry.cause], ["What to do", entry.fix]]) {
        facts.append(el("div", {}, el("dt", { text: term }), el("dd", { text: value })));
      }
      $("help").hidden = false;
      $("help-heading").focus();
    } catch (failure) {
      showBanner(failure.message);
    }
  }

  function route() {
    const name = selectedLock();
    $("list-view").hidden = name !== null;
    $("lock-view").hidden = name === null;
    refresh().then(() => { if (name !== null) $("lock-heading").focus(); });
  }

  document.addEventListener("DOMContentLoaded", () => {
    $("search").addEventListener("submit", (event) => {
      event.preventDefault();
      view.q = $("q").value;
      view.offset = 0;
      refresh();
    });
    $("previous").addEventListener("click", () => { view.offset = Math.max(0, view.offset - PAGE_SIZE); refresh(); });
    $("next").addEventListener("click", () => { view.offset += PAGE_SIZE; refresh(); });
    $("pause").addEventListener("submit", (event) => {
      event.preventDefault();
      const value = $("pause-until").value;
      const name = view.pauseTarget;
      closePause();
      act("pause", { name: name, until: value ? new Date(value).toISOString() : "" });
    });
    $("pause-cancel").addEventListener("click", closePause);
    $("help-close").addEventListener("click", () => { $("help").hidden = true; });
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape") { closePause(); $("help").hidden = true; }
    });
    window.addEventListener("hashchange", route);
    route();
  });
})();
