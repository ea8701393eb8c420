/**
 * A message as its reader would see it, sized like a mail program's reading pane. Its page
 * is served sandboxed (letter-page.server.ts), so a message can neither run nor reach the
 * admin page around it; the frame's own sandbox says the same.
 */
export function LetterFrame({ src, title }: { src: string; title: string }) {
  return <iframe className="letter-frame" title={title} src={src} sandbox="" referrerPolicy="no-referrer" />;
}
