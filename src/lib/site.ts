/** Navigation of the site, shared by the header, the mobile menu and the footer. */
export const NAV_LINKS = [
  { href: "/", label: "Home" },
  { href: "/about", label: "About" },
  { href: "/videos", label: "Videos" },
  { href: "/archive", label: "Archive" },
  { href: "/nickname-generator", label: "Nickname Generator" },
] as const;
