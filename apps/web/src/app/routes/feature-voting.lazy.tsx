import { createLazyRoute, useParams } from '@tanstack/react-router';
import { FeatureVotingPage } from '../../features/help/components/feature-voting-page';

function BoardPlace() {
  const { _splat } = useParams({ from: '/signed-in/feature_voting/$' });
  return <FeatureVotingPage path={_splat ?? ''} />;
}

export const Route = createLazyRoute('/signed-in/feature_voting/$')({ component: BoardPlace });
