import { postHistory } from "@/modules/posts/post-history.server";

export const GET = postHistory.one;
