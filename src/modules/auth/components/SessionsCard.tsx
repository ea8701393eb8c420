import { apiRequest, readableError } from "@/lib/api-request";
import { countOf, whenText } from "@/lib/format";
import { toast } from "@/lib/toast";
import { METHOD_WORDS, type SessionView } from "../account-views";
import { useAccountChange } from "./use-account-change";

/** Where the account is signed in now, and signing out everywhere but here. */
export function SessionsCard({ sessions }: { sessions: SessionView[] }) {
  const others = sessions.filter((session) => !session.current).length;
  const signOut = useAccountChange({
    send: () => apiRequest<{ ended: number }>("DELETE", "/api/account/sessions"),
    problem: (error) => readableError(error, "The other sessions could not be signed out."),
    done: ({ ended }) => {
      toast({
        title: "Signed out everywhere else",
        description: ended === 0 ? "There was nowhere else." : `${countOf(ended, "session")} ended.`,
      });
    },
  });
  return (
    <section className="card account-section" aria-labelledby="account-sessions">
      <h2 id="account-sessions">Signed in now</h2>
      <ul className="account-list" aria-label="Sessions">
        {sessions.map((session, index) => (
          <li className="account-item" key={`${session.createdAt}-${String(index)}`}>
            <div className="account-item__text">
              <span className="account-item__name">
                <strong>{session.device}</strong> {session.current && <span className="badge">This browser</span>}
              </span>
              <span className="meta">
                {session.address}. {METHOD_WORDS[session.method]}. Since {whenText(session.createdAt)}, last seen{" "}
                {whenText(session.lastSeenAt)}.
              </span>
            </div>
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <button
          className="button button--quiet account-section__action"
          type="button"
          disabled={signOut.isPending}
          onClick={() => {
            signOut.mutate();
          }}
        >
          Sign out everywhere else
        </button>
      ) : (
        <p className="meta">Only this browser. Nobody else is here, as far as the site can tell.</p>
      )}
    </section>
  );
}
