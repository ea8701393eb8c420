import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, readableError } from "@/lib/api-request";
import { toast } from "@/lib/toast";
import type { DigestJson } from "../newsletter-json";
import { LetterFrame } from "./LetterFrame";
import { whenShown } from "./when";

const DAYS = Array.from({ length: 28 }, (_, i) => i + 1);

/** The monthly digest: the owner's day, when the next is written, and how it would look today. */
export function DigestPanel() {
  const client = useQueryClient();
  const digest = useQuery({
    queryKey: ["newsletter", "digest"],
    queryFn: ({ signal }) => apiRequest<DigestJson>("GET", "/api/newsletter/digest", undefined, signal),
  });
  const save = useMutation({
    mutationFn: (dayOfMonth: number) => apiRequest("PUT", "/api/newsletter/digest", { dayOfMonth }),
    onSuccess: () => {
      toast({ title: "Saved", description: "The digest will be written on that day each month." });
      void client.invalidateQueries({ queryKey: ["newsletter", "digest"] });
    },
    onError: (error) => {
      toast({
        title: "Error",
        description: readableError(error, "The day could not be saved."),
        variant: "destructive",
      });
    },
  });
  if (digest.isError) return <p role="alert">{readableError(digest.error, "The digest could not be loaded.")}</p>;
  if (!digest.data) return <p className="meta">Loading the digest...</p>;
  const { dayOfMonth, nextDigestAt, preview } = digest.data;
  return (
    <div className="newsletter-digest">
      <label className="field field--inline">
        <span>Write the digest on day</span>
        <select
          value={dayOfMonth}
          disabled={save.isPending}
          onChange={(event) => {
            save.mutate(Number(event.target.value));
          }}
        >
          {DAYS.map((day) => (
            <option key={day} value={day}>
              {day}
            </option>
          ))}
        </select>
        <span>of each month</span>
      </label>
      <p className="meta">
        Next written {whenShown(nextDigestAt)}, as a draft for you to send. Nothing goes out by itself.
      </p>
      <h2>The next digest, as it stands</h2>
      {preview.items.length === 0 ? (
        <p className="empty">Nothing new since the last digest. It will wait until there is.</p>
      ) : (
        <>
          <ul className="newsletter-digest__items">
            {preview.items.map((item) => (
              <li key={item.url}>
                <a href={item.url}>{item.title}</a> <span className="meta">{item.kind}</span>
              </li>
            ))}
          </ul>
          <LetterFrame src="/api/newsletter/digest.html" title="Preview of the next digest" />
        </>
      )}
    </div>
  );
}
