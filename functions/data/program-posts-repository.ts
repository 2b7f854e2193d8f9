import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { postKindSchema } from '../../shared/domain/buyer-area';
import { type Db, withoutKeys } from './db';
import { keys } from './keys';

/** A news (actualite) or site-progress (chantier) post of a program, with its image ids. */
const postRecordSchema = z.object({
  _id: z.string(),
  program: z.string(),
  kind: postKindSchema,
  title: z.string(),
  body: z.string(),
  images: z.array(z.string()),
  authorId: z.string(),
  createdAt: z.string(),
});
export type PostRecord = z.infer<typeof postRecordSchema>;

/** The Put of a post, inside the transaction that attaches its images. */
export function postPut(table: string, post: PostRecord) {
  return {
    Put: {
      TableName: table,
      Item: { ...keys.programPost(post.program, post.kind, post.createdAt, post._id), ...post },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

// Put Post (seeding)
export async function putPost(db: Db, post: PostRecord): Promise<void> {
  await db.doc.send(new PutCommand(postPut(db.table, post).Put));
}

// List Posts Of Program By Kind (newest first)
export async function listPosts(db: Db, programId: string, kind: PostRecord['kind']): Promise<PostRecord[]> {
  const posts: PostRecord[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': `PROGRAM#${programId}`, ':prefix': `POST#${kind}#` },
        ScanIndexForward: false,
        ExclusiveStartKey: cursor,
      }),
    );
    posts.push(...(page.Items ?? []).map((item) => postRecordSchema.parse(withoutKeys(item))));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return posts;
}
