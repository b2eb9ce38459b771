package fixes

import (
	"context"
	"database/sql"
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
