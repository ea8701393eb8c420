import { createContext, useContext } from "react";

/**
 * The notices raised inside an editor belong to it (see `Toast.scope`): an editor provides
 * the signal it aborts when it closes or its owner saves, and its parts pass it on.
 */
export const ToastScope = createContext<AbortSignal | undefined>(undefined);

export const useToastScope = (): AbortSignal | undefined => useContext(ToastScope);
