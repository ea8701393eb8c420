import { whenText } from "./format";

// A server-rendered time marked `data-local` is written in UTC (`utcWhenText`); in the
// browser it is rewritten in the reader's own zone, as the admin's islands show times.
for (const time of document.querySelectorAll<HTMLTimeElement>("time[data-local]")) {
  time.textContent = whenText(time.dateTime);
}
