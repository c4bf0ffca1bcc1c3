import { and, asc, count, desc, eq, getTableColumns, ilike, sql, type Placeholder } from "drizzle-orm";
import type { NoteSort } from "@beannote/contract";
import type { DbOrTx } from "../../db/client";
import { notes, noteSources } from "../../db/schema";

export type NoteRow = typeof notes.$inferSelect;

/** What a list shows of a note: no Markdown, so a page of large notes costs what a page of small ones does. */
const SUMMARY_COLUMNS = {
  id: notes.id,
  title: notes.title,
  outputLanguage: notes.outputLanguage,
  detailLevel: notes.detailLevel,
  status: notes.status,
  createdAt: notes.createdAt,
  updatedAt: notes.updatedAt,
  sourceCount:
    sql<number>`(select count(*)::int from ${noteSources} where ${noteSources.noteId} = ${notes.id})`.mapWith(
      Number,
    ),
};
export type NoteSummaryRow = Pick<
  NoteRow,
  "id" | "title" | "outputLanguage" | "detailLevel" | "status" | "createdAt" | "updatedAt"
> & { sourceCount: number };

/** A note as read and edited: its current Markdown, and whether it differs from the generated copy (which stays
 * in the database). */
const { generatedMarkdown: _generated, ...VIEW_COLUMNS } = getTableColumns(notes);
const NOTE_VIEW = {
  ...VIEW_COLUMNS,
  edited: sql<boolean>`(${notes.markdown} is distinct from ${notes.generatedMarkdown})`.mapWith(Boolean),
};
export type NoteView = Omit<NoteRow, "generatedMarkdown"> & { edited: boolean };

export interface NoteListFilter {
  keyword?: string;
  sort: NoteSort;
  page: number;
  size: number;
}

const ORDER: Record<NoteSort, ReturnType<typeof asc>[]> = {
  modified_desc: [desc(notes.updatedAt), desc(notes.id)],
  modified_asc: [asc(notes.updatedAt), asc(notes.id)],
  name_asc: [asc(sql`lower(${notes.title})`), asc(notes.id)],
  name_desc: [desc(sql`lower(${notes.title})`), desc(notes.id)],
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

const likePattern = (keyword: string) => `%${escapeLike(keyword)}%`;

const listWhere = (userId: string, keyword: string | undefined) =>
  and(eq(notes.userId, userId), keyword ? ilike(notes.title, likePattern(keyword)) : undefined);

type Param<T> = T | Placeholder;

function listSelect(
  db: DbOrTx,
  sort: NoteSort,
  args: { userId: Param<string>; pattern?: Param<string>; limit: Param<number>; offset: Param<number> },
) {
  return db
    .select({ ...SUMMARY_COLUMNS, total: sql<number>`(count(*) over ())::int`.mapWith(Number) })
    .from(notes)
    .where(
      and(
        eq(notes.userId, args.userId),
        args.pattern === undefined ? undefined : ilike(notes.title, args.pattern),
      ),
    )
    .orderBy(...ORDER[sort])
    .limit(args.limit)
    .offset(args.offset);
}

/**
 * The list is the busiest read: its statement is built once per database handle (and, on PostgreSQL, prepared
 * once per connection) for each sort, with and without a keyword.
 */
const preparedLists = new WeakMap<object, Map<string, ReturnType<typeof prepareList>>>();

function prepareList(db: DbOrTx, sort: NoteSort, search: boolean) {
  const placeholders = {
    userId: sql.placeholder("userId"),
    pattern: search ? sql.placeholder("pattern") : undefined,
    limit: sql.placeholder("limit"),
    offset: sql.placeholder("offset"),
  };
  return listSelect(db, sort, placeholders).prepare(`notes_list_${sort}_${search ? "keyword" : "all"}`);
}

function preparedList(db: DbOrTx, sort: NoteSort, search: boolean) {
  let statements = preparedLists.get(db);
  if (!statements) preparedLists.set(db, (statements = new Map()));
  const key = `${sort}:${search}`;
  let statement = statements.get(key);
  if (!statement) statements.set(key, (statement = prepareList(db, sort, search)));
  return statement;
}

/** Every query is scoped to its owner: another user's note does not exist. */
export const notesRepo = {
  async insert(db: DbOrTx, row: typeof notes.$inferInsert, fileIds: string[]): Promise<void> {
    await db.insert(notes).values(row);
    await db
      .insert(noteSources)
      .values(fileIds.map((fileId, i) => ({ noteId: row.id, fileId, position: i + 1 })));
  },
  async find(db: DbOrTx, userId: string, noteId: string): Promise<NoteRow | undefined> {
    const rows = await db
      .select()
      .from(notes)
      .where(and(eq(notes.id, noteId), eq(notes.userId, userId)))
      .limit(1);
    return rows[0];
  },
  /** The note without its generated copy (what reading, editing and studying need). */
  async findView(db: DbOrTx, userId: string, noteId: string): Promise<NoteView | undefined> {
    const rows = await db
      .select(NOTE_VIEW)
      .from(notes)
      .where(and(eq(notes.id, noteId), eq(notes.userId, userId)))
      .limit(1);
    return rows[0];
  },
  /** The note as shown, with its source files in citation order, in one statement (opening a note). */
  async findViewWithSources(
    db: DbOrTx,
    userId: string,
    noteId: string,
  ): Promise<(NoteView & { fileIds: string[] }) | undefined> {
    const rows = await db
      .select({
        ...NOTE_VIEW,
        fileIds: sql<
          string[]
        >`coalesce((select array_agg(${noteSources.fileId} order by ${noteSources.position})
          from ${noteSources} where ${noteSources.noteId} = ${notes.id}), '{}')`,
      })
      .from(notes)
      .where(and(eq(notes.id, noteId), eq(notes.userId, userId)))
      .limit(1);
    return rows[0];
  },
  /** The note's state alone, for jobs that only need to know whether to go on. */
  async statusById(db: DbOrTx, noteId: string): Promise<string | undefined> {
    const rows = await db.select({ status: notes.status }).from(notes).where(eq(notes.id, noteId)).limit(1);
    return rows[0]?.status;
  },
  /** For the generation job, which acts for the owner recorded on the note. */
  async findById(db: DbOrTx, noteId: string): Promise<NoteRow | undefined> {
    const rows = await db.select().from(notes).where(eq(notes.id, noteId)).limit(1);
    return rows[0];
  },
  async sourceFileIds(db: DbOrTx, noteId: string): Promise<string[]> {
    const rows = await db
      .select({ fileId: noteSources.fileId })
      .from(noteSources)
      .where(eq(noteSources.noteId, noteId))
      .orderBy(asc(noteSources.position));
    return rows.map((row) => row.fileId);
  },
  /** The jobs of notes still being written from `fileId` (those waiting for its parse to end). */
  async generatingJobIds(db: DbOrTx, fileId: string): Promise<string[]> {
    const rows = await db
      .select({ jobId: notes.jobId })
      .from(notes)
      .innerJoin(noteSources, eq(noteSources.noteId, notes.id))
      .where(and(eq(noteSources.fileId, fileId), eq(notes.status, "generating")));
    return rows.flatMap((row) => (row.jobId ? [row.jobId] : []));
  },
  /**
   * One page of the user's notes and how many match, in one statement. The keyword matches titles with
   * ILIKE (`%` and `_` typed by the user match themselves), served by the trigram index on `notes.title`.
   */
  listQuery(db: DbOrTx, userId: string, query: NoteListFilter) {
    return listSelect(db, query.sort, {
      userId,
      pattern: query.keyword ? likePattern(query.keyword) : undefined,
      limit: query.size,
      offset: (query.page - 1) * query.size,
    });
  },
  async list(
    db: DbOrTx,
    userId: string,
    query: NoteListFilter,
  ): Promise<{ rows: NoteSummaryRow[]; total: number }> {
    const page = await preparedList(db, query.sort, Boolean(query.keyword)).execute({
      userId,
      pattern: query.keyword ? likePattern(query.keyword) : undefined,
      limit: query.size,
      offset: (query.page - 1) * query.size,
    });
    if (page.length > 0 || query.page === 1) {
      return { rows: page.map(({ total: _total, ...row }) => row), total: page[0]?.total ?? 0 };
    }
    // Past the last page the window count has no row to ride on.
    const totals = await db.select({ n: count() }).from(notes).where(listWhere(userId, query.keyword));
    return { rows: [], total: totals[0]?.n ?? 0 };
  },
  async update(
    db: DbOrTx,
    noteId: string,
    patch: Partial<typeof notes.$inferInsert>,
    touch = true,
  ): Promise<void> {
    await db
      .update(notes)
      .set(touch ? { ...patch, updatedAt: new Date() } : patch)
      .where(eq(notes.id, noteId));
  },
  async delete(db: DbOrTx, userId: string, noteId: string): Promise<boolean> {
    const rows = await db
      .delete(notes)
      .where(and(eq(notes.id, noteId), eq(notes.userId, userId)))
      .returning({ id: notes.id });
    return rows.length > 0;
  },
};
