import type { ReactNode } from "react";
import { Empty, Typography } from "antd";
import type { BeanAction } from "@beannote/contract/beans";
import { CostHint } from "../beans/CostHint";

interface Props {
  icon: ReactNode;
  title: string;
  hint: string;
  /** The generate control (a button, perhaps with its settings). */
  action: ReactNode;
  /** What generating costs in Beancoin, shown under the button before the student confirms. */
  cost?: BeanAction;
}

/** A tab with nothing generated yet: what it would hold, and the button that makes it. */
export function ArtefactEmpty({ icon, title, hint, action, cost }: Props) {
  return (
    <Empty
      className="artefact-empty"
      data-testid="artefact-empty"
      image={<span className="artefact-empty__icon">{icon}</span>}
      description={
        <div className="artefact-empty__text">
          <Typography.Title level={4}>{title}</Typography.Title>
          <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
        </div>
      }
    >
      {action}
      {cost ? (
        <div className="cost-line">
          <CostHint action={cost} />
        </div>
      ) : null}
    </Empty>
  );
}
