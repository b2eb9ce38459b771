package a

import (
	"bytes"
	"context"
	"net/http"

	"github.com/hibiken/asynq"
)

// Negative: the status is stored in a log of delivery attempts, each
// row with the attempt's number: a record meant to be added on every
// attempt, not a write-back read to skip one.
func deliverLogged(ctx context.Context, t *asynq.Task) error {
	req, _ := http.NewRequestWithContext(ctx, "POST", "https://hooks.example/in", bytes.NewReader(t.Payload()))
	req.Header.Set("Idempotency-Key", t.ResultWriter().TaskID())
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	n, _ := asynq.GetRetryCount(ctx)
	_, err = db.ExecContext(ctx, "INSERT INTO delivery_attempts (task_id, attempt, status) VALUES ($1, $2, $3)", t.ResultWriter().TaskID(), n+1, resp.StatusCode)
	return err
}

type DeliveryAttempt struct {
	TaskID  string
	Attempt int
	Status  int
}

// Negative: the same log as a gorm model, written by a helper.
func deliverModel(ctx context.Context, t *asynq.Task) error {
	req, _ := http.NewRequestWithContext(ctx, "POST", "https://hooks.example/in", bytes.NewReader(t.Payload()))
	req.Header.Set("Idempotency-Key", t.ResultWriter().TaskID())
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	n, _ := asynq.GetRetryCount(ctx)
	return logDelivery(t.ResultWriter().TaskID(), n+1, resp.StatusCode)
}

func logDelivery(id string, attempt, status int) error {
	entry := DeliveryAttempt{TaskID: id, Attempt: attempt, Status: status}
	return orm.Create(&entry).Error
}

// The outcome written back to the delivery's own row, which nothing
// recorded before the call.
func deliverTracked(ctx context.Context, t *asynq.Task) error {
	req, _ := http.NewRequestWithContext(ctx, "POST", "https://hooks.example/in", bytes.NewReader(t.Payload()))
	req.Header.Set("Idempotency-Key", t.ResultWriter().TaskID())
	resp, err := http.DefaultClient.Do(req) // want `a crash after the HTTP request and before its outcome is written back leaves no record of it`
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "INSERT INTO deliveries (task_id, status) VALUES ($1, $2)", t.ResultWriter().TaskID(), resp.StatusCode)
	return err
}
