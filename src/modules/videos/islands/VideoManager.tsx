import { historyFields } from "@/modules/editorial/word-diff";
import { ItemManager } from "@/modules/items/components/ItemManager";
import { itemManagerConfig } from "@/modules/items/components/item-manager-config";
import { formatDuration } from "@/lib/format";
import { videoPath } from "@/lib/paths";
import { StreamingStatus } from "../components/StreamingStatus";
import { VideoForm } from "../components/VideoForm";
import { VIDEOS_ENDPOINT } from "../keys";
import type { VideoInput } from "../schema";
import type { AdminVideoJson } from "../serialize";

// The spec names /admin/videos but describes no screen: this is the post manager's twin.
const videos = itemManagerConfig<AdminVideoJson, VideoInput>({
  noun: "video",
  endpoint: VIDEOS_ENDPOINT,
  loadingText: "Loading...",
  failureNoun: "video",
  publicPath: (video) => videoPath(video.slug),
  historyFields: historyFields([{ name: "description", label: "Description" }]),
  cover: (video) => video.thumbnailUrl,
  card: {
    warm: "category",
    meta: (video) => <span>{formatDuration(video.duration)}</span>,
    summary: (video) => <StreamingStatus videoId={video.id} />,
  },
  form: (props) => <VideoForm key={props.item?.id ?? "new"} {...props} />,
});

/** The video manager: list, view, edit, delete, and the video dialog. */
export default function VideoManager({ startWithNew = false }: { startWithNew?: boolean }) {
  return <ItemManager config={videos} startWithNew={startWithNew} />;
}
