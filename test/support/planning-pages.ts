/**
 * Every meeting of a planning, read as GET /rdv/{id} answers them: 500 a page, `nextCursor` while
 * more follow (docs/api.md, docs/architecture.md « Bounded answers »). `get` sends the request with
 * the query it is given ('' or '?cursor=…'), through whatever client the caller uses.
 */
export async function readWholePlanning<Planning, Meeting>(
  get: (query: string) => Promise<{ status: number; body: unknown }>,
): Promise<{ planning: Planning; meetings: Meeting[]; pages: number }> {
  const meetings: Meeting[] = [];
  let query = '';
  for (let pages = 1; ; pages += 1) {
    const answer = await get(query);
    if (answer.status !== 200) throw new Error(`GET /rdv/{id}${query}: ${answer.status} ${JSON.stringify(answer.body)}`);
    const body = answer.body as { planning: Planning; meetings: Meeting[]; nextCursor?: string };
    meetings.push(...body.meetings);
    if (!body.nextCursor) return { planning: body.planning, meetings, pages };
    query = `?cursor=${encodeURIComponent(body.nextCursor)}`;
  }
}
