import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ProgramPost } from '../../../../../shared/domain/buyer-area';
import { formatDateTime } from '../../../components/format-date';

/** A news or site-progress post with its images, as buyers read it (and staff see what they published). */
export function PostCard({ post }: { post: ProgramPost }) {
  return (
    <Container
      header={
        <Header variant="h3" description={formatDateTime(post.createdAt, 'dd/MM/yyyy')}>
          {post.title}
        </Header>
      }
    >
      <SpaceBetween size="s">
        <Box variant="p">
          <span style={{ whiteSpace: 'pre-wrap' }}>{post.body}</span>
        </Box>
        {post.images.length > 0 && (
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
            {post.images.map((image) => (
              <img key={image._id} src={image.url} alt={image.metadata.originalname} style={{ maxWidth: '100%', width: 320, borderRadius: 8 }} />
            ))}
          </div>
        )}
      </SpaceBetween>
    </Container>
  );
}
