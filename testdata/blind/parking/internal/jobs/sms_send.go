package jobs

import (
	"context"
	"fmt"

	"github.com/hibiken/asynq"

	"github.com/cityparking/parking/internal/platform/queue"
	"github.com/cityparking/parking/internal/sms"
	"github.com/cityparking/parking/internal/store"
)

// SMSSend delivers a text queued by the api. The asynq task ID is stable across
// retries of the task, so it serves as the gateway's client_reference.
type SMSSend struct {
	outbox *smsOutbox
}

func NewSMSSend(sender sms.Sender, smsLog store.SMSLogRepository) *SMSSend {
	return &SMSSend{outbox: newSMSOutbox(sender, smsLog)}
}

func (h *SMSSend) ProcessTask(ctx context.Context, t *asynq.Task) error {
	p, err := queue.Decode[queue.SMSSendPayload](t)
	if err != nil {
		return fmt.Errorf("%v: %w", err, asynq.SkipRetry)
	}
	taskID, ok := asynq.GetTaskID(ctx)
	if !ok {
		return fmt.Errorf("sms:send without task id: %w", asynq.SkipRetry)
	}
	_, err = h.outbox.send(ctx, p.AccountID, sms.Message{
		To:              p.To,
		Body:            p.Body,
		ClientReference: "task:" + taskID,
		Tag:             p.Purpose,
	}, p.Purpose)
	return err
}
