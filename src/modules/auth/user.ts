/**
 * The signed-in user as auth responses carry it and the browser keeps it: a name and a
 * role, never an id, a hash or a session. The serializer and the header share it.
 */
export interface PublicUser {
  username: string;
  /** `admin` is the role that matters (SPEC §3); anyone else is a signed-in reader. */
  role: string;
}
