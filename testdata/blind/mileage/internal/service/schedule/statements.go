package schedule

import (
	"context"
	"fmt"
	"time"

	"github.com/northwind-air/mileage/internal/messaging"
	"github.com/northwind-air/mileage/internal/ports"
)

// StatementJob queues the monthly SMS statement for every member who
// accepts texts.
type StatementJob struct {
	members ports.Members
	queue   ports.Enqueuer
}

// NewStatementJob returns a StatementJob.
func NewStatementJob(members ports.Members, queue *messaging.NotifyQueue) *StatementJob {
	return &StatementJob{members: members, queue: queue}
}

// Run queues one statement per member for the month before now.
func (j *StatementJob) Run(ctx context.Context, now time.Time) error {
	period := now.AddDate(0, -1, 0).Format("2006-01")
	after := ""
	for {
		page, err := j.members.ActiveWithPhone(ctx, after, 1000)
		if err != nil {
			return err
		}
		if len(page) == 0 {
			return nil
		}
		for _, m := range page {
			after = m.ID
			key := fmt.Sprintf("statement:%s:%s", period, m.ID)
			msg := messaging.NotifyMessage{
				Kind:     "statement",
				MemberID: m.ID,
				Template: "statement",
				Key:      key,
				Params:   map[string]string{"period": period},
			}
			if _, err := messaging.SendTyped(ctx, j.queue, msg, messaging.Dedup(key)); err != nil {
				return err
			}
		}
	}
}
