import type { ReactNode } from "react";
import { Empty, Typography } from "antd";

/** An honest empty state: a title, a line of explanation and an optional action. */
export function EmptyState({ title, hint, action }: { title: string; hint?: string; action?: ReactNode }) {
  return (
    <Empty
      className="empty-state"
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <div>
          <Typography.Text strong>{title}</Typography.Text>
          {hint ? <div className="empty-state__hint">{hint}</div> : null}
        </div>
      }
    >
      {action}
    </Empty>
  );
}
