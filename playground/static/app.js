// The playground page: shows what the chosen member sees in the chosen channel or thread, and
// sends what they do (commands, clicks, choices, messages, reactions) to the server, which passes
// it to the real bot through SimCord. The page polls the state; it never decides game rules.
"use strict";

const POLL_MS = 700;
const REACTIONS = ["👍", "❤️", "😂", "3️⃣", "🔟", "💯"];
const COLORS = ["#5865f2", "#3ba55c", "#faa61a", "#ed4245", "#eb459e", "#00a8fc"];
const OPTION = { STRING: 3, INTEGER: 4, BOOLEAN: 5, USER: 6, NUMBER: 10 };

const ui = {
  member: null, place: null, state: null, lastJson: "", openSelect: null, picked: [],
  busy: false, command: null, seen: JSON.parse(localStorage.getItem("seen") || "{}"),
  dismissed: new Set(JSON.parse(localStorage.getItem("dismissed") || "[]")),
};
const $ = (id) => document.getElementById(id);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

// ---- Discord's markdown, the part the bot uses -------------------------------------------

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function timestamp(seconds, style) {
  const date = new Date(seconds * 1000);
  if (style === "R") {
    const delta = Math.round(seconds - ui.state.now);
    const abs = Math.abs(delta);
    const [n, unit] = abs < 60 ? [abs, "second"] : abs < 3600 ? [Math.round(abs / 60), "minute"]
      : abs < 86400 ? [Math.round(abs / 3600), "hour"] : [Math.round(abs / 86400), "day"];
    const amount = `${n} ${unit}${n === 1 ? "" : "s"}`;
    return delta >= 0 ? `in ${amount}` : `${amount} ago`;
  }
  if (style === "t") return date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  if (style === "T") return date.toLocaleTimeString();
  if (style === "d") return date.toLocaleDateString();
  return date.toLocaleString();
}

function markdown(text) {
  const names = ui.state.names;
  let html = escapeHtml(text || "");
  const codes = [];
  html = html.replace(/`([^`]+)`/g, (_, code) => `\u0000${codes.push(code) - 1}\u0000`);
  html = html
    .replace(/\*\*(.+?)\*\*/gs, "<strong>$1</strong>")
    .replace(/__(.+?)__/gs, "<u>$1</u>")
    .replace(/~~(.+?)~~/gs, "<s>$1</s>")
    .replace(/(^|[^*])\*([^*\n]+)\*/g, "$1<em>$2</em>")
    .replace(/(^|\W)_([^_\n]+)_(?=\W|$)/g, "$1<em>$2</em>")
    .replace(/^-# (.*)$/gm, '<small class="time">$1</small>')
    .replace(/^#{1,3} (.*)$/gm, "<strong>$1</strong>")
    .replace(/^&gt; (.*)$/gm, "▎$1")
    .replace(/\[([^\]]+)\]\((https?:[^)\s]+)\)/g, "$1")
    .replace(/&lt;@!?(\d+)&gt;/g, (_, id) => `<span class="mention">@${escapeHtml(names[id] || "unknown")}</span>`)
    .replace(/&lt;#(\d+)&gt;/g, (_, id) => `<span class="mention channel-link" data-place="${id}">#${escapeHtml(names[id] || "unknown")}</span>`)
    .replace(/&lt;t:(-?\d+)(?::([tTdDfFR]))?&gt;/g, (_, s, style) => `<span class="mention">${timestamp(Number(s), style)}</span>`)
    .replace(/&lt;a?:(\w+):\d+&gt;/g, (_, name) => `<img class="emoji" src="/faces/${name}.png" alt=":${name}:" title="${name}">`);
  return html.replace(/\u0000(\d+)\u0000/g, (_, i) => `<code>${codes[Number(i)]}</code>`);
}

function rich(tag, className, text) {
  const node = el(tag, { class: className });
  node.innerHTML = markdown(text);
  return node;
}

// ---- messages ------------------------------------------------------------------------------

function renderEmbed(embed) {
  const box = el("div", { class: "embed" });
  if (embed.color !== undefined) box.style.borderLeftColor = `#${embed.color.toString(16).padStart(6, "0")}`;
  if (embed.author) box.append(el("div", { class: "field-name", text: embed.author.name }));
  if (embed.title) box.append(rich("div", "embed-title", embed.title));
  if (embed.description) box.append(rich("div", "embed-description", embed.description));
  if (embed.fields && embed.fields.length) {
    const fields = el("div", { class: "fields" });
    for (const field of embed.fields) {
      fields.append(el("div", { class: field.inline ? "field inline" : "field" },
        rich("div", "field-name", field.name), rich("div", "field-value", field.value)));
    }
    box.append(fields);
  }
  if (embed.footer) box.append(rich("div", "embed-footer", embed.footer.text));
  return box;
}

// A component's emoji: a Unicode one as text, one of the bot's own (it has an id) as the face's
// image, which the server draws (SimCord keeps the emoji's name, not its image).
function emojiNode(emoji) {
  if (!emoji) return null;
  if (emoji.id) return el("img", { class: "emoji", src: `/faces/${emoji.name}.png`, alt: `:${emoji.name}:`, title: emoji.name });
  return emoji.name ? el("span", { text: emoji.name }) : null;
}

function labelled(emoji, label) {
  const node = el("span", { class: "labelled" }, emojiNode(emoji));
  if (label) node.append(emoji ? " " : "", el("span", { text: label }));
  return node;
}

function renderSelect(message, component) {
  const key = `${message.id}/${component.custom_id}`;
  const open = ui.openSelect === key;
  const multi = (component.max_values || 1) > 1;
  const wrap = el("div", { class: "select", "data-key": key });
  const chosen = open ? ui.picked : [];
  const toggle = el("button", {
    class: "select-toggle", type: "button", disabled: component.disabled || null,
    text: `${component.placeholder || "Make a selection"} ${open ? "▴" : "▾"}`,
    onclick: () => {
      ui.openSelect = open ? null : key;
      ui.picked = [];
      render(true);
    },
  });
  wrap.append(toggle);
  if (!open) return wrap;
  const panel = el("div", { class: "select-panel" });
  for (const option of component.options || []) {
    const picked = chosen.includes(option.value);
    const label = labelled(option.emoji, option.label);
    panel.append(el("div", {
      class: "option", role: "option", "aria-selected": String(picked),
      onclick: () => {
        if (!multi) return choose(message, component, [option.value]);
        ui.picked = picked ? ui.picked.filter((v) => v !== option.value)
          : [...ui.picked, option.value].slice(-(component.max_values));
        render(true);
      },
    }, multi ? el("span", { text: picked ? "☑" : "☐" }) : null,
    el("div", {}, label, option.description ? el("small", { text: option.description }) : null)));
  }
  if (multi) {
    const enough = chosen.length >= (component.min_values ?? 1);
    panel.append(el("button", {
      class: "confirm", type: "button", disabled: enough ? null : true,
      text: `Choose ${chosen.length}`, onclick: () => choose(message, component, ui.picked),
    }));
  }
  wrap.append(panel);
  return wrap;
}

function renderComponents(message) {
  const rows = [];
  for (const row of message.components) {
    const children = row.type === 1 ? row.components : [row];
    const node = el("div", { class: "row" });
    for (const component of children) {
      if (component.type === 2) {
        node.append(el("button", {
          class: `style-${component.style}`, type: "button",
          disabled: component.disabled || component.style === 5 || null,
          onclick: () => act("/api/click", { message: message.id, customId: component.custom_id }),
        }, labelled(component.emoji, component.label)));
      } else if (component.type === 3) {
        node.append(renderSelect(message, component));
      }
    }
    rows.push(node);
  }
  return rows;
}

function renderMessage(message) {
  const author = message.author;
  const color = COLORS[Number(BigInt(author.id) % BigInt(COLORS.length))];
  const avatar = el("div", { class: "avatar", text: author.bot ? "🃏" : author.name[0] });
  avatar.style.background = color;
  const time = new Date(message.timestamp * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  const react = el("span", { class: "react" }, ...REACTIONS.map((emoji) => el("button", {
    type: "button", title: `react ${emoji}`, text: emoji,
    onclick: () => act("/api/react", { message: message.id, emoji }),
  })));
  const body = el("div", { class: "body" },
    el("div", { class: "meta" }, el("span", { class: "author", text: author.name }),
      author.bot ? el("span", { class: "tag", text: "BOT" }) : null,
      el("span", { class: "time", text: time }),
      message.edited ? el("span", { class: "edited", text: "(edited)" }) : null, react));
  if (message.content) body.append(rich("div", "content", message.content));
  for (const embed of message.embeds) body.append(renderEmbed(embed));
  for (const row of renderComponents(message)) body.append(row);
  if (message.reactions.length) {
    body.append(el("div", { class: "reactions" }, ...message.reactions.map((r) =>
      el("span", { class: "reaction", text: `${r.emoji} ${r.count}` }))));
  }
  if (message.ephemeral) {
    body.append(el("div", { class: "only-you" }, "👁 Only you can see this · ",
      el("a", { text: "Dismiss message", onclick: () => dismiss(message.id) })));
  }
  return el("li", { class: message.ephemeral ? "msg ephemeral" : "msg", "data-id": message.id }, avatar, body);
}

// ---- the page ------------------------------------------------------------------------------

function render(force = false) {
  const state = ui.state;
  const json = JSON.stringify(state);
  if (!force && json === ui.lastJson) return;
  ui.lastJson = json;
  $("clock").textContent = new Date(state.now * 1000).toLocaleTimeString();
  const english = state.languages[0].locale;
  $("members").replaceChildren(...state.members.map((m) => el("button", {
    type: "button", class: m.id === ui.member ? "me" : "", text: m.name,
    title: `play as ${m.name}`, "aria-pressed": String(m.id === ui.member),
    onclick: () => go(m.id, ui.place),
  }, m.locale === english ? null : el("small", { class: "lang", text: m.locale.toUpperCase() }))));
  const me = state.members.find((m) => m.id === ui.member);
  $("language").replaceChildren(...state.languages.map((language) => el("button", {
    type: "button", class: language.locale === me.locale ? "me" : "", text: language.name,
    "aria-pressed": String(language.locale === me.locale),
    onclick: () => act("/api/locale", { locale: language.locale }),
  })));
  $("places").replaceChildren(...state.places.map((p) => {
    const unseen = p.messages > (ui.seen[`${ui.member}/${p.id}`] ?? p.messages);
    return el("li", {
      class: [p.thread ? "thread" : "", p.id === ui.place ? "here" : ""].join(" "),
      onclick: () => go(ui.member, p.id),
    }, `${p.thread ? "" : "# "}${p.name}`, unseen && p.id !== ui.place ? el("span", { class: "dot" }) : null);
  }));
  const here = state.places.find((p) => p.id === ui.place);
  if (here) {
    ui.seen[`${ui.member}/${here.id}`] = here.messages;
    localStorage.setItem("seen", JSON.stringify(ui.seen));
    $("text").placeholder = `Message ${here.thread ? "" : "#"}${here.name} as ${state.members.find((m) => m.id === ui.member).name} — or / for commands`;
  }
  const list = $("messages");
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  const shown = state.messages.filter((m) => !ui.dismissed.has(m.id));
  list.replaceChildren(...(shown.length ? shown.map(renderMessage)
    : [el("li", { class: "empty", text: "No messages yet: try /play." })]));
  list.querySelectorAll(".channel-link").forEach((link) =>
    link.addEventListener("click", () => go(ui.member, link.dataset.place)));
  if (atBottom || force === "bottom") list.scrollTop = list.scrollHeight;
  const errors = $("bot-errors");
  errors.hidden = !state.botErrorCount;
  errors.textContent = `The bot raised ${state.botErrorCount} error(s) (full tracebacks in the terminal):\n${state.botErrors.join("\n")}`;
}

async function poll() {
  try {
    const query = new URLSearchParams({ member: ui.member || "", place: ui.place || "" });
    if (!ui.member) query.delete("member");
    if (!ui.place) query.delete("place");
    const response = await fetch(`/api/state?${query}`);
    if (response.status === 404) { ui.member = ui.place = null; return; }
    const state = await response.json();
    ui.state = state;
    ui.member = state.member;
    ui.place = state.place;
    render();
  } catch (error) {
    $("clock").textContent = "playground stopped";
  }
}

function go(member, place) {
  ui.member = member;
  ui.place = place;
  ui.openSelect = null;
  location.hash = new URLSearchParams({ member, place });
  poll().then(() => render("bottom"));
}

function toast(text) {
  const node = $("toast");
  node.textContent = text;
  node.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { node.hidden = true; }, 5000);
}

async function act(path, body) {
  if (ui.busy) return;
  ui.busy = true;
  document.body.classList.add("busy");
  try {
    const response = await fetch(path, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ member: ui.member, place: ui.place, ...body }),
    });
    const answer = await response.json().catch(() => ({ ok: false, error: response.statusText }));
    if (!answer.ok) toast(answer.error || "refused");
    return answer.ok;
  } finally {
    ui.busy = false;
    document.body.classList.remove("busy");
    ui.openSelect = null;
    await poll();
    render("bottom");
  }
}

function choose(message, component, values) {
  return act("/api/select", { message: message.id, customId: component.custom_id, values });
}

function dismiss(id) {
  ui.dismissed.add(id);
  localStorage.setItem("dismissed", JSON.stringify([...ui.dismissed].slice(-500)));
  render(true);
}

// ---- slash commands --------------------------------------------------------------------------

// A command is shown and typed by its label (its names in the member's client language) and run
// by its path (the default names, which Discord sends whatever the client's language).
function matchingCommands(text) {
  const typed = text.slice(1).trim().toLowerCase();
  return ui.state.commands.filter((c) => [c.label, c.path].some((names) =>
    names.join(" ").startsWith(typed) || typed.startsWith(names.join(" "))));
}

function showCommandList() {
  const text = $("text").value;
  const list = $("command-list");
  if (!text.startsWith("/") || ui.command) { list.hidden = true; return; }
  const commands = matchingCommands(text);
  list.hidden = !commands.length;
  list.replaceChildren(...commands.map((c) => el("li", { onclick: () => openCommand(c) },
    el("strong", { text: `/${c.label.join(" ")}` }), el("small", { text: c.description }))));
}

function optionInput(option) {
  const name = option.name;
  if (option.choices.length || option.type === OPTION.BOOLEAN || option.type === OPTION.USER) {
    const choices = option.choices.length ? option.choices.map((c) => [String(c.value), c.name])
      : option.type === OPTION.BOOLEAN ? [["true", "True"], ["false", "False"]]
        : ui.state.members.map((m) => [m.id, m.name]);
    return el("select", { name, "data-type": option.type },
      el("option", { value: "", text: option.required ? "choose…" : "(default)" }),
      ...choices.map(([value, label]) => el("option", { value, text: label })));
  }
  return el("input", {
    name, "data-type": option.type, required: option.required || null,
    type: option.type === OPTION.INTEGER || option.type === OPTION.NUMBER ? "number" : "text",
  });
}

function openCommand(command) {
  ui.command = command;
  $("command-list").hidden = true;
  const form = $("command-form");
  form.replaceChildren(
    el("div", { class: "title", text: `/${command.label.join(" ")} — ${command.description}` }),
    ...command.options.map((option) => el("label", { title: option.description },
      `${option.label}${option.required ? " *" : ""}`, optionInput(option))),
    el("button", { type: "submit", text: "Run" }),
    el("button", { type: "button", class: "cancel", text: "Cancel", onclick: closeCommand }));
  form.hidden = false;
  $("text").value = `/${command.label.join(" ")}`;
  const first = form.querySelector("select, input");
  if (first) first.focus();
}

function closeCommand() {
  ui.command = null;
  $("command-form").hidden = true;
  $("text").value = "";
  showCommandList();
}

async function runCommand(event) {
  event.preventDefault();
  const options = {};
  for (const field of $("command-form").querySelectorAll("[name]")) {
    if (field.value === "") continue;
    const type = Number(field.dataset.type);
    options[field.name] = type === OPTION.BOOLEAN ? field.value === "true" : field.value;
  }
  const command = ui.command;
  closeCommand();
  await act("/api/command", { path: command.path, options });
}

async function send(event) {
  event.preventDefault();
  const text = $("text").value;
  if (text.startsWith("/")) {
    const typed = text.slice(1).trim();
    const exact = ui.state.commands.find((c) => [c.label, c.path].some((names) => names.join(" ") === typed));
    const matches = matchingCommands(text);
    if (exact && exact.options.every((o) => !o.required)) {
      $("text").value = "";
      showCommandList();
      await act("/api/command", { path: exact.path, options: {} });
    } else if (exact || matches.length === 1) openCommand(exact || matches[0]);
    else toast(matches.length ? "choose a command in the list" : `no command /${typed}`);
    return;
  }
  if (!text.trim()) return;
  $("text").value = "";
  await act("/api/message", { text });
}

window.addEventListener("DOMContentLoaded", () => {
  const hash = new URLSearchParams(location.hash.slice(1));
  ui.member = hash.get("member");
  ui.place = hash.get("place");
  $("composer").addEventListener("submit", send);
  $("command-form").addEventListener("submit", runCommand);
  $("text").addEventListener("input", showCommandList);
  poll().then(() => render("bottom"));
  setInterval(poll, POLL_MS);
});
