import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "@/lib/api-request";
import { toast } from "@/lib/toast";
import { isProofCancelled, withFreshProof } from "../step-up";

/** The account as the page reads it (GET /api/account). */
export const ACCOUNT_KEY = ["/api/account"] as const;

interface Change<V, R> {
  send: (variables: V) => Promise<R>;
  /** The sentence a failure's notice says, from its error (the server's own, mostly). */
  problem: (error: unknown) => string;
  done?: (result: R, variables: V) => void;
  /** The fields whose errors the change's form shows under them, rather than in a notice. */
  fields?: readonly string[];
}

/**
 * A change to the owner's account: sent with a fresh proof when the server wants one, the
 * account read again after it, whatever came of it. A failure is told in a notice, unless
 * the owner cancelled the proof or the server named a field its form shows.
 */
export function useAccountChange<V = void, R = unknown>({ send, problem, done, fields = [] }: Change<V, R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => withFreshProof(() => send(variables)),
    onSuccess: (result, variables) => done?.(result, variables),
    onError: (error) => {
      if (isProofCancelled(error) || (error instanceof ApiError && fields.includes(error.field ?? ""))) return;
      toast({ title: "Error", description: problem(error), variant: "destructive" });
    },
    onSettled: () => client.invalidateQueries({ queryKey: ACCOUNT_KEY }),
  });
}

/** The server's sentence about `field`, when `error` names it. */
export function fieldProblem(error: unknown, field: string): string | undefined {
  return error instanceof ApiError && error.field === field ? error.reason : undefined;
}
