// The visitor-dependent part of the header. Pages are cached and identical for everyone,
// so who is signed in is asked here, in the browser (GET /api/auth/me, kept 5 minutes),
// and only by a browser holding the "signed in" hint: a visitor makes no request at all.

import { AUTH_CACHE_KEY, logout } from "./client-session";
import { mayBeSignedIn } from "./cookie";
import type { PublicUser } from "./user";
import editorEntry from "virtual:home-editor-entry";

const CACHE_MS = 5 * 60 * 1000;

let pending: Promise<PublicUser | null> | undefined;

function cached(): PublicUser | null | undefined {
  try {
    const raw = sessionStorage.getItem(AUTH_CACHE_KEY);
    if (!raw) return undefined;
    const entry = JSON.parse(raw) as { at: number; user: PublicUser | null };
    return Date.now() - entry.at < CACHE_MS ? entry.user : undefined;
  } catch {
    return undefined;
  }
}

async function fetchUser(): Promise<PublicUser | null> {
  const response = await fetch("/api/auth/me", { credentials: "same-origin" });
  // Read the body either way, so the request completes rather than hanging open.
  const body = (await response.json().catch(() => null)) as { user?: PublicUser } | null;
  const user = response.ok ? (body?.user ?? null) : null;
  try {
    sessionStorage.setItem(AUTH_CACHE_KEY, JSON.stringify({ at: Date.now(), user }));
  } catch {
    // Storage may be disabled; the answer is then simply not kept.
  }
  return user;
}

/**
 * The signed-in user, or null for a visitor; one request per page at most. A theme preview
 * shows the page as visitors see it, so there the owner is a visitor too (no menu, no editor).
 */
function currentUser(): Promise<PublicUser | null> {
  if (!mayBeSignedIn(document.cookie)) return Promise.resolve(null);
  if (document.documentElement.hasAttribute("data-theme-preview")) return Promise.resolve(null);
  const known = cached();
  if (known !== undefined) return Promise.resolve(known);
  pending ??= fetchUser().catch(() => null);
  return pending;
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function userMenu(user: PublicUser): HTMLElement {
  const logoutButton = el("button", { type: "button", className: "menu__button", textContent: "Logout" });
  logoutButton.addEventListener("click", () => void logout());
  const menu = el(
    "details",
    { className: "menu menu--account" },
    el("summary", { textContent: user.username }),
    el(
      "ul",
      { className: "menu__list" },
      // Only an admin has a dashboard; for anyone else the link would lead back to /login.
      ...(user.role === "admin" ? [el("li", {}, el("a", { href: "/admin", textContent: "Dashboard" }))] : []),
      el("li", {}, logoutButton),
    ),
  );
  menu.dataset.menu = "";
  return menu;
}

function designerButton(): HTMLElement {
  return el("a", { href: "/admin/designer?page=home", className: "designer-fab", textContent: "Edit home layout" });
}

type HomeEditorEntry = typeof import("@/modules/page-layouts/home-editor/start-home-editor");

// The home layout editor is fetched only once the server has said this is an admin, and by
// its URL, so a visitor's home page ships the files it did before the editor existed.
function startHomeEditor(): void {
  if (document.querySelector("[data-layout-editor]"))
    void (import(/* @vite-ignore */ editorEntry) as Promise<HomeEditorEntry>).then((editor) => {
      editor.startHomeEditor();
    });
}

class SiteAccount extends HTMLElement {
  connectedCallback(): void {
    void currentUser().then((user) => {
      if (!user) return;
      this.replaceChildren(userMenu(user));
      // Not in the admin area, whose own navigation links the designer, nor on a preview,
      // whose banner says what the page is and would sit under the button.
      if (user.role !== "admin") return;
      if (!document.querySelector(".designer-fab, .admin-shell, .preview-banner"))
        document.querySelector("main")?.prepend(designerButton());
      startHomeEditor();
    });
  }
}

customElements.define("site-account", SiteAccount);
