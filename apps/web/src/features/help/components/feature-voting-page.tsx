import { useEffect, useRef, useState } from 'react';
import { CardSkeleton } from '../../../components/page/page-skeleton';
import { PageHeader } from '../../../components/page/page-header';
import { featureVotingQuery } from '../api';

/** The spec: the board's height is asked for every 1.5 seconds, so the frame grows and shrinks with it. */
export const BOARD_HEIGHT_POLL_MS = 1500;
const MIN_HEIGHT = 480;
const MAX_HEIGHT = 20_000;

interface BoardFrameProps {
  url: string;
  origin: string;
}

/**
 * The board in a frame. A board on another origin cannot be measured from here, so the page asks it by
 * message and believes only answers from that origin and that frame.
 */
function BoardFrame({ url, origin }: BoardFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(MIN_HEIGHT);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const data = event.data as { type?: unknown; height?: unknown } | null;
      if (data?.type !== 'feature-board:height' || typeof data.height !== 'number' || !Number.isFinite(data.height)) return;
      setHeight(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(data.height))));
    };
    window.addEventListener('message', onMessage);
    const timer = window.setInterval(() => {
      frame.current?.contentWindow?.postMessage({ type: 'feature-board:height?' }, origin);
    }, BOARD_HEIGHT_POLL_MS);
    return () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(timer);
    };
  }, [origin]);

  return (
    <iframe
      ref={frame}
      src={url}
      title="Feature voting board"
      style={{ width: '100%', height, border: 0, display: 'block', colorScheme: 'normal' }}
      referrerPolicy="no-referrer"
    />
  );
}

/**
 * /feature_voting and /feature_voting/…: the voting board, signed in as the user. With no board
 * configured the page stays empty, as the spec's route table says.
 */
export function FeatureVotingPage({ path }: { path: string }) {
  const board = featureVotingQuery.useQuery({ path });
  return (
    <>
      <PageHeader title="Feature voting" description="Suggest features and vote for the ones you need." />
      {board.data ? (
        board.data.board_url && board.data.board_origin ? (
          <BoardFrame key={board.data.board_url} url={board.data.board_url} origin={board.data.board_origin} />
        ) : null
      ) : (
        <CardSkeleton label="Loading the feature voting board" lines={6} />
      )}
    </>
  );
}
