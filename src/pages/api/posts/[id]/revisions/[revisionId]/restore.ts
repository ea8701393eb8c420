import { postHistory } from "@/modules/posts/post-history.server";

export const POST = postHistory.restore;
