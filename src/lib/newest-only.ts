/**
 * Answers to requests that may arrive out of order, of which only ever a newer one is
 * taken: `next()` numbers a request as it is sent; `accept(n)` says whether its answer is
 * newer than every answer taken so far, and if so takes it. A slow old answer can never
 * replace what a newer one showed.
 * @example const gate = newestOnly(); const [a, b] = [gate.next(), gate.next()]; gate.accept(b); gate.accept(a) // false
 */
export function newestOnly() {
  let sent = 0;
  let taken = 0;
  return {
    next: (): number => (sent += 1),
    accept(ticket: number): boolean {
      if (ticket <= taken) return false;
      taken = ticket;
      return true;
    },
  };
}
