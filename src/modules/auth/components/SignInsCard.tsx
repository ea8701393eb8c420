import { whenText } from "@/lib/format";
import { METHOD_WORDS, type SignInView } from "../account-views";

/** The latest sign-ins, newest first: when, from what and where, and how. */
export function SignInsCard({ signIns }: { signIns: SignInView[] }) {
  return (
    <section className="card account-section" aria-labelledby="account-sign-ins">
      <h2 id="account-sign-ins">Recent sign-ins</h2>
      {signIns.length === 0 ? (
        <p className="meta">None recorded yet.</p>
      ) : (
        <div className="account-table-wrap">
          <table className="account-table" aria-labelledby="account-sign-ins">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Device</th>
                <th scope="col">Address</th>
                <th scope="col">How</th>
              </tr>
            </thead>
            <tbody>
              {signIns.map((signIn, index) => (
                <tr key={`${signIn.at}-${String(index)}`}>
                  <td>{whenText(signIn.at)}</td>
                  <td>{signIn.device}</td>
                  <td>{signIn.address}</td>
                  <td>{METHOD_WORDS[signIn.method]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
