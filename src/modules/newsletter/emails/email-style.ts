import type { CSSProperties } from "react";

/** The default theme's colours, written out: mail programs read no stylesheet and no custom properties. */
export const EMAIL_COLORS = {
  background: "#f6f5f3",
  surface: "#ffffff",
  text: "#262524",
  muted: "#6b6762",
  border: "#dcd9d4",
  accent: "#44606f",
} as const;

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** Inline styles of the newsletter's messages, shared by every one. */
export const emailStyles = {
  body: { margin: 0, padding: "24px 0", backgroundColor: EMAIL_COLORS.background, fontFamily: FONT },
  container: {
    maxWidth: "560px",
    margin: "0 auto",
    padding: "32px",
    backgroundColor: EMAIL_COLORS.surface,
    border: `1px solid ${EMAIL_COLORS.border}`,
    borderRadius: "8px",
  },
  heading: { margin: "0 0 16px", fontSize: "22px", lineHeight: "1.3", color: EMAIL_COLORS.text },
  itemHeading: { margin: "12px 0 4px", fontSize: "19px", lineHeight: "1.3" },
  image: { display: "block", width: "100%", maxWidth: "496px", height: "auto", borderRadius: "6px" },
  text: { fontSize: "16px", lineHeight: "1.6", color: EMAIL_COLORS.text },
  button: {
    display: "inline-block",
    padding: "12px 20px",
    borderRadius: "6px",
    backgroundColor: EMAIL_COLORS.accent,
    color: "#ffffff",
    fontSize: "16px",
    textDecoration: "none",
  },
  footer: { fontSize: "13px", lineHeight: "1.5", color: EMAIL_COLORS.muted },
} as const satisfies Record<string, CSSProperties>;
