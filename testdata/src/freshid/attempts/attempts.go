// Package attempts keeps records of delivery attempts: rows meant to be
// added on every attempt, which say which attempt they record.
package attempts

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/riverqueue/river"
	"gorm.io/gorm"
)

var (
	db  *sql.DB
	gdb *gorm.DB
)

type Delivery struct {
	ID            uuid.UUID
	TaskID        string
	AttemptNumber int
	HTTPStatus    int
}

// Negative: the log row stores the attempt number the queue reports, by
// way of a helper's parameter.
func deliver(ctx context.Context, t *asynq.Task) error {
	resp, err := http.Post("https://example.com/hook", "application/json", nil)
	retries, _ := asynq.GetRetryCount(ctx)
	if err != nil {
		logAttempt(t.ResultWriter().TaskID(), retries+1, 0)
		return err
	}
	logAttempt(t.ResultWriter().TaskID(), retries+1, resp.StatusCode)
	return nil
}

func logAttempt(taskID string, attempt, status int) {
	gdb.Create(&Delivery{ID: uuid.New(), TaskID: taskID, AttemptNumber: attempt, HTTPStatus: status})
}

// A row with the same shape that records no attempt: a second delivery
// adds a second one.
func deliverUnlogged(ctx context.Context, t *asynq.Task) error {
	gdb.Create(&Delivery{ID: uuid.New(), TaskID: t.ResultWriter().TaskID(), HTTPStatus: 200}) // want `a retry creates a second Delivery with a new ID`
	return nil
}

type SyncArgs struct{ Account string }

func (SyncArgs) Kind() string { return "sync" }

type SyncWorker struct{ river.WorkerDefaults[SyncArgs] }

// Negative: the attempt row stores river's attempt number.
func (w *SyncWorker) Work(ctx context.Context, job *river.Job[SyncArgs]) error {
	_, err := db.ExecContext(ctx, "INSERT INTO sync_runs (id, account, attempt) VALUES ($1, $2, $3)", uuid.NewString(), job.Args.Account, job.Attempt)
	return err
}

// A sync row without the attempt: a retry inserts a second one.
func syncOnce(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT INTO syncs (id, account) VALUES ($1, $2)", uuid.NewString(), string(t.Payload())) // want `a retry inserts a second syncs row with a new id`
	return err
}

// Negative: the helper takes the handle and builds the row in a local.
func deliverLocal(ctx context.Context, t *asynq.Task) error {
	retryCount, _ := asynq.GetRetryCount(ctx)
	logLocal(gdb, t.ResultWriter().TaskID(), retryCount+1, "Failed")
	return nil
}

func logLocal(db *gorm.DB, taskID string, attempt int, status string) {
	entry := Delivery{
		ID:            uuid.New(),
		TaskID:        taskID,
		AttemptNumber: attempt,
	}
	if err := db.Create(&entry).Error; err != nil {
		return
	}
}

// A log of attempts by its name: each delivery adds its row, whatever
// the row stores.
type DeliveryAttempt struct {
	ID     uuid.UUID
	TaskID string
}

// Negative: the attempts table and the audit log grow on every attempt.
func deliverNamed(ctx context.Context, t *asynq.Task) error {
	gdb.Create(&DeliveryAttempt{ID: uuid.New(), TaskID: t.ResultWriter().TaskID()})
	_, err := db.ExecContext(ctx, "INSERT INTO audit_log (id, task_id) VALUES ($1, $2)", uuid.NewString(), t.ResultWriter().TaskID())
	return err
}

// A word that only contains "log" is not one.
type Catalog struct {
	ID   uuid.UUID
	Name string
}

func addCatalog(ctx context.Context, t *asynq.Task) error {
	gdb.Create(&Catalog{ID: uuid.New(), Name: string(t.Payload())}) // want `a retry creates a second Catalog with a new ID`
	return nil
}

// Negative: the row stores why this attempt's call failed, which only a
// record of attempts does.
func deliverRecordingFailure(ctx context.Context, t *asynq.Task) error {
	_, err := http.Post("https://example.com/hook", "application/json", nil)
	if err != nil {
		msg := err.Error()
		_, _ = db.ExecContext(ctx, "INSERT INTO hook_calls (id, task_id, failure) VALUES ($1, $2, $3)", uuid.NewString(), t.ResultWriter().TaskID(), msg)
		return err
	}
	return nil
}
