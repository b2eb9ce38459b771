package a

import (
	"context"
	"database/sql"
	"errors"
	"net/http"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jmoiron/sqlx"
	"github.com/riverqueue/river"
)

var (
	db   *sql.DB
	pool *pgxpool.Pool
	sdb  *sqlx.DB
)

type ShipArgs struct{ OrderID string }

func (ShipArgs) Kind() string { return "ship" }

type ShipWorker struct{ river.WorkerDefaults[ShipArgs] }

// The job ID and the order ID, inserted without conflict handling.
func (w *ShipWorker) Work(ctx context.Context, job *river.Job[ShipArgs]) error {
	_, err := pool.Exec(ctx, "INSERT INTO shipments (job_id, order_id) VALUES ($1, $2)", job.ID, job.Args.OrderID) // want `a retry inserts the row for the same job_id again, which fails or duplicates it: the INSERT into shipments has no conflict handling for delivery ID ID \(river worker ShipWorker.Work\)`
	return err
}

// The request's idempotency key.
func createPayment(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	db.ExecContext(r.Context(), "INSERT INTO payments (idempotency_key, amount) VALUES ($1, $2)", key, 100) // want `for request's idempotency key \(HTTP handler createPayment\)`
}

// The message's UUID.
func recordEvent(msg *message.Message) error {
	_, err := db.Exec("INSERT INTO events (event_id, payload) VALUES ($1, $2)", msg.UUID, string(msg.Payload)) // want `same event_id`
	return err
}

// The asynq task ID, derived into a UUID.
func processTask(ctx context.Context, t *asynq.Task) error {
	id := uuid.NewSHA1(uuid.NameSpaceOID, []byte(t.ResultWriter().TaskID()))
	_, err := db.ExecContext(ctx, "INSERT INTO receipts (id, body) VALUES ($1, $2)", id, t.Payload()) // want `for task ID`
	return err
}

// A caller-known order ID in the orders table's own identity column,
// through a helper.
func createOrder(w http.ResponseWriter, r *http.Request) {
	insertOrder(r.Context(), r.PathValue("id"), 5)
}

func insertOrder(ctx context.Context, orderID string, total int64) {
	sdb.MustExecContext(ctx, "INSERT INTO orders (order_id, total) VALUES ($1, $2)", orderID, total) // want `caller-known order_id`
}

// Negative: conflict handling.
func createPaymentOnce(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO payments (idempotency_key, amount) VALUES ($1, $2) ON CONFLICT (idempotency_key) DO NOTHING", r.Header.Get("Idempotency-Key"), 100)
}

// Negative: the unique violation is handled.
func recordEventHandled(msg *message.Message) error {
	_, err := pool.Exec(msg.Context(), "INSERT INTO events (event_id) VALUES ($1)", msg.UUID)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return nil
	}
	return err
}

// Negative: a dedup guard before the insert.
func guardedInsert(ctx context.Context, t *asynq.Task) error {
	id := t.ResultWriter().TaskID()
	tag, err := pool.Exec(ctx, "INSERT INTO processed_tasks (task_id) VALUES ($1) ON CONFLICT DO NOTHING", id)
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	_, err = pool.Exec(ctx, "INSERT INTO receipts (task_id) VALUES ($1)", id)
	return err
}

// Negative: a fresh ID is freshid's concern.
func fresh(w http.ResponseWriter, r *http.Request) {
	db.Exec("INSERT INTO orders (id) VALUES ($1)", uuid.New())
}

// Negative: a foreign reference is not the row's identity.
func addItem(w http.ResponseWriter, r *http.Request) {
	db.Exec("INSERT INTO order_items (order_id, sku) VALUES ($1, $2)", r.PathValue("order"), r.PathValue("sku"))
}

// Negative: not on a retried path.
func seed(ctx context.Context, orderID string) {
	db.ExecContext(ctx, "INSERT INTO orders (order_id) VALUES ($1)", orderID)
}
