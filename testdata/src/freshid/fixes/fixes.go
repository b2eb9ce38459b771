package fixes

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/riverqueue/river"
)

var db *sql.DB

func handler(w http.ResponseWriter, r *http.Request) {
	id := uuid.New() // want `a retry inserts a second orders row`
	db.Exec("INSERT INTO orders (id) VALUES ($1)", id)
}

func task(ctx context.Context, t *asynq.Task) error {
	ref, err := uuid.NewRandom() // want `a retry inserts a second shipments row`
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "INSERT INTO shipments (shipment_ref) VALUES ($1)", ref)
	return err
}

func number(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT INTO invoices (invoice_no) VALUES ($1)", time.Now().UnixNano()) // want `a retry inserts a second invoices row`
	return err
}

type Args struct{}

func (Args) Kind() string { return "a" }

type Worker struct{ river.WorkerDefaults[Args] }

func (w *Worker) Work(ctx context.Context, job *river.Job[Args]) error {
	_, err := db.ExecContext(ctx, "INSERT INTO emails (email_id) VALUES ($1)", uuid.NewString()) // want `a retry inserts a second emails row`
	return err
}

// Two rows of one table made in one handler: derived from one key, each
// gets its own namespace.
func twoRows(w http.ResponseWriter, r *http.Request) {
	db.Exec("INSERT INTO orders (id) VALUES ($1)", uuid.New()) // want `a retry inserts a second orders row`
	db.Exec("INSERT INTO orders (id) VALUES ($1)", uuid.New()) // want `a retry inserts a second orders row`
}

// A row per entry of a map: the entry's key tells the rows apart, on
// every attempt and in whatever order the map is ranged.
func holdAll(ctx context.Context, t *asynq.Task) error {
	var qty map[string]int
	if err := json.Unmarshal(t.Payload(), &qty); err != nil {
		return err
	}
	for sku, n := range qty {
		if _, err := db.ExecContext(ctx, "INSERT INTO holds (hold_id, sku, qty) VALUES ($1, $2, $3)", uuid.NewString(), sku, n); err != nil { // want `a retry inserts a second holds row`
			return err
		}
	}
	return nil
}

// A row per element of a slice: its index may name another element on a
// retry that decodes other data, so no fix.
func holdList(ctx context.Context, t *asynq.Task) error {
	var skus []string
	if err := json.Unmarshal(t.Payload(), &skus); err != nil {
		return err
	}
	for i, sku := range skus {
		if _, err := db.ExecContext(ctx, "INSERT INTO holds (hold_id, sku, qty) VALUES ($1, $2, $3)", uuid.NewString(), sku, i); err != nil { // want `a retry inserts a second holds row.*; make it once, before the retries|a retry inserts a second holds row.*derive it from`
			return err
		}
	}
	return nil
}

var tasks *asynq.Client

// A task ID derived from the key makes the retry's enqueue fail with
// ErrTaskIDConflict, which this handler takes as done: the fix derives
// it.
func enqueueOnce(ctx context.Context, t *asynq.Task) error {
	_, err := tasks.Enqueue(asynq.NewTask("mail", nil), asynq.TaskID(uuid.NewString())) // want `a retry sends a new value as the job's unique ID`
	if errors.Is(err, asynq.ErrTaskIDConflict) {
		return nil
	}
	return err
}

// Here the retry would fail where the first attempt did not: no fix,
// and the message says to handle the error.
func enqueueUnhandled(ctx context.Context, t *asynq.Task) error {
	_, err := tasks.Enqueue(asynq.NewTask("mail", nil), asynq.TaskID(uuid.NewString())) // want `job's unique ID.*; derive it from the task's ID, passed down to where it is made, and take asynq.ErrTaskIDConflict from the call as done`
	return err
}
