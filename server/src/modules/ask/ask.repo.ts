import { and, asc, count, desc, eq, lt, max, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { conversationMessages, conversations } from "../../db/schema";

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof conversationMessages.$inferSelect;
export type MessageInsert = typeof conversationMessages.$inferInsert;

/** Only this file touches the conversation tables; every read of a conversation is scoped to its owner. */
export const askRepo = {
  async createConversation(
    db: DbOrTx,
    row: { id: string; noteId: string; userId: string; title: string },
  ): Promise<ConversationRow> {
    const rows = await db.insert(conversations).values(row).returning();
    return rows[0]!;
  },

  async findConversation(db: DbOrTx, userId: string, id: string): Promise<ConversationRow | undefined> {
    const rows = await db
      .select()
      .from(conversations)
      .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
      .limit(1);
    return rows[0];
  },

  /** Locks the conversation, so two questions sent at once take positions one after the other. */
  async lockConversation(db: DbOrTx, id: string): Promise<void> {
    await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.id, id))
      .for("update");
  },

  /** The note's conversations, most recently used first, with their message counts. */
  async listByNote(
    db: DbOrTx,
    userId: string,
    noteId: string,
    limit: number,
  ): Promise<(ConversationRow & { messageCount: number })[]> {
    const counts = db
      .select({ conversationId: conversationMessages.conversationId, n: count().as("n") })
      .from(conversationMessages)
      .groupBy(conversationMessages.conversationId)
      .as("counts");
    const rows = await db
      .select({ conversation: conversations, n: counts.n })
      .from(conversations)
      .leftJoin(counts, eq(counts.conversationId, conversations.id))
      .where(and(eq(conversations.noteId, noteId), eq(conversations.userId, userId)))
      .orderBy(desc(conversations.updatedAt), desc(conversations.createdAt))
      .limit(limit);
    return rows.map((r) => ({ ...r.conversation, messageCount: Number(r.n ?? 0) }));
  },

  async touch(db: DbOrTx, id: string, at: Date): Promise<void> {
    await db.update(conversations).set({ updatedAt: at }).where(eq(conversations.id, id));
  },

  async deleteConversation(db: DbOrTx, userId: string, id: string): Promise<boolean> {
    const rows = await db
      .delete(conversations)
      .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
      .returning({ id: conversations.id });
    return rows.length > 0;
  },

  async messages(db: DbOrTx, conversationId: string): Promise<MessageRow[]> {
    return db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversationId))
      .orderBy(asc(conversationMessages.position));
  },

  /** The last `limit` messages before `position`, oldest first (a model's context). */
  async messagesBefore(
    db: DbOrTx,
    conversationId: string,
    position: number,
    limit: number,
  ): Promise<MessageRow[]> {
    const rows = await db
      .select()
      .from(conversationMessages)
      .where(
        and(
          eq(conversationMessages.conversationId, conversationId),
          lt(conversationMessages.position, position),
        ),
      )
      .orderBy(desc(conversationMessages.position))
      .limit(limit);
    return rows.reverse();
  },

  async lastPosition(db: DbOrTx, conversationId: string): Promise<number> {
    const rows = await db
      .select({ last: max(conversationMessages.position) })
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversationId));
    return rows[0]?.last ?? 0;
  },

  async insertMessages(db: DbOrTx, rows: MessageInsert[]): Promise<void> {
    await db.insert(conversationMessages).values(rows);
  },

  async findMessage(db: DbOrTx, id: string): Promise<MessageRow | undefined> {
    const rows = await db.select().from(conversationMessages).where(eq(conversationMessages.id, id)).limit(1);
    return rows[0];
  },

  async updateMessage(db: DbOrTx, id: string, patch: Partial<MessageInsert>): Promise<void> {
    await db.update(conversationMessages).set(patch).where(eq(conversationMessages.id, id));
  },

  /** Marks an answer failed unless it was written meanwhile. */
  async failMessage(db: DbOrTx, id: string, errorCode: string): Promise<void> {
    await db
      .update(conversationMessages)
      .set({ status: "failed", errorCode })
      .where(and(eq(conversationMessages.id, id), sql`${conversationMessages.status} = 'answering'`));
  },
};
