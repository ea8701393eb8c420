import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-request";
import { liveWhilePreparing, streamingPath, streamingWords, type StreamStatus } from "../streams/stream-status";

/** Under a video's card in the manager: where its streaming ladder stands, followed while it is made. */
export function StreamingStatus({ videoId }: { videoId: number }) {
  const { data } = useQuery({
    queryKey: ["videos", videoId, "streaming"],
    queryFn: ({ signal }) => apiRequest<StreamStatus>("GET", streamingPath(videoId), undefined, signal),
    refetchInterval: (query) => liveWhilePreparing(query.state.data?.status),
  });
  if (!data) return null;
  return (
    <p className="meta" data-streaming={data.status}>
      <span>{streamingWords(data)}</span>
      {data.status === "running" && <progress max={1} value={data.progress} aria-label="Streaming ladder made" />}
    </p>
  );
}
