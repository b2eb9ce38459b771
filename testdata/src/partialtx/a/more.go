package a

import (
	"context"
	"database/sql"
	"errors"
	"net/http"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/cenkalti/backoff/v4"
	"github.com/gin-gonic/gin"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v4"
	"github.com/riverqueue/river"
	"github.com/segmentio/kafka-go"
)

var conn *pgx.Conn

// ---- positives ----

// pgx.Conn: a payment row and a wallet debit, each committed on its own.
func payFromWallet(ctx context.Context, t *asynq.Task) error {
	if _, err := conn.Exec(ctx, "INSERT INTO payments (wallet_id, amount) VALUES ($1, $2)", 1, 5); err != nil { // want `2 writes commit separately and the INSERT into payments is not idempotent \(asynq handler payFromWallet\)`
		return err
	}
	_, err := conn.Exec(ctx, "UPDATE wallets SET balance = balance - $1 WHERE id = $2", 5, 1)
	return err
}

// pgx.Tx committed, then an outbox row on the pool: two units.
func orderThenOutbox(ctx context.Context, t *asynq.Task) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "INSERT INTO orders (total) VALUES ($1)", 9); err != nil { // want `the INSERT into orders is not idempotent \(asynq handler orderThenOutbox\)`
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	_, err = pool.Exec(ctx, "INSERT INTO outbox (topic) VALUES ($1)", "order.created")
	return err
}

// pgx.Tx on a Conn plus a write on the Conn outside it.
func connTxAndConn(ctx context.Context, t *asynq.Task) error {
	conn.Exec(ctx, "UPDATE quotas SET used = used + 1 WHERE tenant_id = $1", 7) // want `the UPDATE of quotas \(it computes from the current value\) is not idempotent`
	tx, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	tx.Exec(ctx, "INSERT INTO jobs (tenant_id) VALUES ($1)", 7)
	return tx.Commit(ctx)
}

// Two pgx transactions, one after the other.
func twoPgxTx(ctx context.Context, t *asynq.Task) error {
	t1, _ := pool.Begin(ctx)
	t1.Exec(ctx, "UPDATE stock SET qty = qty - $1 WHERE sku = $2", 1, "a") // want `2 writes commit separately and the UPDATE of stock`
	t1.Commit(ctx)
	t2, _ := pool.Begin(ctx)
	t2.Exec(ctx, "INSERT INTO shipments (sku) VALUES ($1)", "a")
	return t2.Commit(ctx)
}

// sqlx without context: Exec and MustExec on the *sqlx.DB.
func sqlxNoCtx(ctx context.Context, t *asynq.Task) error {
	if _, err := sdb.Exec("INSERT INTO coupons_used (coupon) VALUES ($1)", "X"); err != nil { // want `the INSERT into coupons_used is not idempotent`
		return err
	}
	sdb.MustExec("UPDATE coupons SET remaining = remaining - 1 WHERE code = $1", "X")
	return nil
}

// database/sql Exec without context in an HTTP handler.
func signup(w http.ResponseWriter, r *http.Request) {
	db.Exec("INSERT INTO users (email) VALUES ($1)", "a@b.c") // want `the INSERT into users is not idempotent \(HTTP handler signup\)`
	db.Exec("INSERT INTO profiles (email) VALUES ($1)", "a@b.c")
}

// river worker.
type SettleArgs struct{ InvoiceID int64 }

func (SettleArgs) Kind() string { return "settle" }

type SettleWorker struct {
	river.WorkerDefaults[SettleArgs]
}

func (w *SettleWorker) Work(ctx context.Context, job *river.Job[SettleArgs]) error {
	pool.Exec(ctx, "INSERT INTO settlements (invoice_id) VALUES ($1)", job.Args.InvoiceID) // want `the INSERT into settlements is not idempotent \(river worker SettleWorker.Work\)`
	_, err := pool.Exec(ctx, "UPDATE invoices SET status = 'settled' WHERE id = $1", job.Args.InvoiceID)
	return err
}

// watermill handler.
func onPaymentReceived(msg *message.Message) error {
	ctx := msg.Context()
	db.ExecContext(ctx, "UPDATE merchants SET pending = pending + $1 WHERE id = $2", 3, 1) // want `the UPDATE of merchants .* \(watermill handler onPaymentReceived\)`
	_, err := db.ExecContext(ctx, "INSERT INTO merchant_events (merchant_id) VALUES ($1)", 1)
	return err
}

// gin handler.
func addToCart(c *gin.Context) {
	ctx := c.Request.Context()
	db.ExecContext(ctx, "INSERT INTO cart_items (sku) VALUES ($1)", c.Param("sku")) // want `the INSERT into cart_items is not idempotent`
	db.ExecContext(ctx, "UPDATE carts SET item_count = item_count + 1 WHERE id = $1", 1)
}

// echo handler.
func redeem(c echo.Context) error {
	ctx := c.Request().Context()
	pool.Exec(ctx, "UPDATE gift_cards SET balance = balance - $1 WHERE code = $2", 5, c.Param("code")) // want `the UPDATE of gift_cards`
	_, err := pool.Exec(ctx, "INSERT INTO redemptions (code) VALUES ($1)", c.Param("code"))
	return err
}

// kafka-go FetchMessage loop.
func consumeClicks(ctx context.Context, r *kafka.Reader) {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		pool.Exec(ctx, "INSERT INTO clicks (ad_id) VALUES ($1)", string(m.Key)) // want `the INSERT into clicks is not idempotent \(kafka-go consumer loop`
		pool.Exec(ctx, "UPDATE ads SET clicks = clicks + 1 WHERE id = $1", string(m.Key))
		r.CommitMessages(ctx, m)
	}
}

// backoff.Retry operation: both writes in the retried closure.
func syncBalance(ctx context.Context, userID int64) error {
	return backoff.Retry(func() error {
		if _, err := db.ExecContext(ctx, "INSERT INTO balance_syncs (user_id) VALUES ($1)", userID); err != nil { // want `the INSERT into balance_syncs is not idempotent \(backoff.Retry operation`
			return err
		}
		_, err := db.ExecContext(ctx, "UPDATE users SET sync_count = sync_count + 1 WHERE id = $1", userID)
		return err
	}, backoff.NewExponentialBackOff())
}

// A write in a closure the handler calls directly.
func checkout(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	audit := func(what string) {
		db.ExecContext(ctx, "INSERT INTO order_events (what) VALUES ($1)", what) // want `the INSERT into order_events is not idempotent \(HTTP handler checkout\)`
	}
	audit("checkout")
	db.ExecContext(ctx, "UPDATE orders SET status = 'placed' WHERE id = $1", 1)
}

// An idempotent UPDATE first, then an INSERT and an arithmetic UPDATE:
// reported at the INSERT, the first non-idempotent write.
func refundOrder(ctx context.Context, t *asynq.Task) error {
	db.ExecContext(ctx, "UPDATE orders SET status = 'refunded' WHERE id = $1", 1)
	db.ExecContext(ctx, "INSERT INTO ledger_entries (order_id, amount) VALUES ($1, $2)", 1, -5) // want `3 writes commit separately and the INSERT into ledger_entries is not idempotent`
	db.ExecContext(ctx, "UPDATE accounts SET balance = balance + $1 WHERE id = $2", 5, 2)
	return nil
}

// Three writes, two units: one on the pool, two on a transaction.
func bookSeat(ctx context.Context, t *asynq.Task) error {
	pool.Exec(ctx, "INSERT INTO booking_requests (seat) VALUES ($1)", "12A") // want `3 writes commit separately and the INSERT into booking_requests`
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tx.Exec(ctx, "UPDATE seats SET taken = true WHERE id = $1", "12A")
	tx.Exec(ctx, "INSERT INTO bookings (seat) VALUES ($1)", "12A")
	return tx.Commit(ctx)
}

// A hand-written retry loop around two autocommit writes.
func creditWithRetry(ctx context.Context, id int64) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = db.ExecContext(ctx, "UPDATE accounts SET balance = balance + 10 WHERE id = $1", id); err != nil { // want `the UPDATE of accounts`
			continue
		}
		if _, err = db.ExecContext(ctx, "INSERT INTO credits (account_id) VALUES ($1)", id); err == nil {
			return nil
		}
	}
	return err
}

// An HTTP handler registered as a closure.
func routes(mux *http.ServeMux) {
	mux.HandleFunc("/tip", func(w http.ResponseWriter, r *http.Request) {
		db.ExecContext(r.Context(), "INSERT INTO tips (amount) VALUES ($1)", 2) // want `the INSERT into tips is not idempotent`
		db.ExecContext(r.Context(), "UPDATE creators SET earned = earned + $1 WHERE id = $2", 2, 1)
	})
}

// A conflict-tolerant insert whose outcome is ignored is no guard: the
// debit repeats on every retry.
func captureOnce(ctx context.Context, t *asynq.Task) error {
	db.ExecContext(ctx, "INSERT INTO captures (task_id) VALUES ($1) ON CONFLICT DO NOTHING", t.ResultWriter().TaskID())
	_, err := db.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", 5, 1) // want `the UPDATE of accounts \(it computes from the current value\) is not idempotent \(asynq handler captureOnce\)`
	return err
}

// ---- negatives ----

// Negative: idempotent writes only (status update and delete), two units.
func cancelOrder(ctx context.Context, t *asynq.Task) error {
	pool.Exec(ctx, "UPDATE orders SET status = 'cancelled' WHERE id = $1", 1)
	_, err := pool.Exec(ctx, "DELETE FROM reservations WHERE order_id = $1", 1)
	return err
}

// Negative: idempotent writes only, with an ON CONFLICT DO NOTHING insert.
func archiveTicket(c *gin.Context) {
	ctx := c.Request.Context()
	db.ExecContext(ctx, "INSERT INTO archived_tickets (ticket_id) VALUES ($1) ON CONFLICT DO NOTHING", 1)
	db.ExecContext(ctx, "DELETE FROM open_tickets WHERE id = $1", 1)
	db.ExecContext(ctx, "UPDATE tickets SET state = 'archived' WHERE id = $1", 1)
}

// Negative: one pgx transaction.
func transferPgx(ctx context.Context, t *asynq.Task) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tx.Exec(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", 10, 1)
	tx.Exec(ctx, "UPDATE accounts SET balance = balance + $1 WHERE id = $2", 10, 2)
	return tx.Commit(ctx)
}

// Negative: one sqlx transaction.
func reserveSqlx(ctx context.Context, t *asynq.Task) error {
	tx := sdb.MustBegin()
	defer tx.Rollback()
	tx.MustExecContext(ctx, "UPDATE stock SET qty = qty - 1 WHERE sku = $1", "a")
	tx.MustExecContext(ctx, "INSERT INTO reservations (sku) VALUES ($1)", "a")
	return tx.Commit()
}

// Negative: one database/sql transaction, Exec without context.
func enrollHTTP(w http.ResponseWriter, r *http.Request) {
	tx, err := db.Begin()
	if err != nil {
		return
	}
	defer tx.Rollback()
	tx.Exec("INSERT INTO enrollments (course_id) VALUES ($1)", 1)
	tx.Exec("UPDATE courses SET seats = seats - 1 WHERE id = $1", 1)
	tx.Commit()
}

// Negative: a pgx savepoint belongs to its parent transaction.
func withSavepoint(ctx context.Context, t *asynq.Task) error {
	tx, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	sp, _ := tx.Begin(ctx)
	sp.Exec(ctx, "INSERT INTO line_items (sku) VALUES ($1)", "a")
	sp.Commit(ctx)
	tx.Exec(ctx, "UPDATE carts SET total = total + 1 WHERE id = $1", 1)
	return tx.Commit(ctx)
}

// The dedup guard on the task ID commits on its own: it does not cover
// the writes after it.
func guardedPgx(ctx context.Context, t *asynq.Task) error {
	tag, err := pool.Exec(ctx, "INSERT INTO processed_tasks (task_id) VALUES ($1) ON CONFLICT DO NOTHING", t.ResultWriter().TaskID())
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	pool.Exec(ctx, "INSERT INTO emails (kind) VALUES ($1)", "welcome") // want `a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction; run them in it \(asynq handler guardedPgx\)`
	pool.Exec(ctx, "UPDATE users SET emails_sent = emails_sent + 1 WHERE id = $1", 1)
	return nil
}

// Negative: exclusive if/else branches, one write each.
func adjust(ctx context.Context, t *asynq.Task) error {
	var err error
	if t.Type() == "credit" {
		_, err = pool.Exec(ctx, "UPDATE accounts SET balance = balance + 1 WHERE id = $1", 1)
	} else {
		_, err = pool.Exec(ctx, "INSERT INTO accounts (balance) VALUES (0)")
	}
	return err
}

// DBTX is sqlc's handle interface.
type DBTX interface {
	ExecContext(context.Context, string, ...interface{}) (sql.Result, error)
	QueryContext(context.Context, string, ...interface{}) (*sql.Rows, error)
	QueryRowContext(context.Context, string, ...interface{}) *sql.Row
}

type Queries struct{ db DBTX }

var queries *Queries

// Negative: a handle of unknown kind (sqlc DBTX in a struct field).
func sqlcHandler(ctx context.Context, t *asynq.Task) error {
	queries.db.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
	_, err := queries.db.ExecContext(ctx, "UPDATE stock SET qty = qty - 1 WHERE sku = $1", "a")
	return err
}

// Negative: not on a retried path (a one-off backfill).
func backfill(ctx context.Context) error {
	pool.Exec(ctx, "INSERT INTO totals (n) VALUES (0)")
	_, err := pool.Exec(ctx, "UPDATE totals SET n = n + 1")
	return err
}

// Negative: a single write on a pgx.Conn.
type PingArgs struct{}

func (PingArgs) Kind() string { return "ping" }

type PingWorker struct {
	river.WorkerDefaults[PingArgs]
}

func (w *PingWorker) Work(ctx context.Context, job *river.Job[PingArgs]) error {
	_, err := conn.Exec(ctx, "INSERT INTO pings (at) VALUES (now())")
	return err
}

// Negative: dynamic SQL, unknown text.
func dynamic(ctx context.Context, t *asynq.Task) error {
	stmts := map[string]string{}
	for _, q := range []string{stmts["a"], stmts["b"]} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			return err
		}
	}
	q := string(t.Payload())
	db.ExecContext(ctx, q, 1)
	db.ExecContext(ctx, q, 2)
	return nil
}

// Writes in the functions a handler calls count as its own: the order
// and the debit commit one by one.
func placeAndCharge(w http.ResponseWriter, r *http.Request) {
	insertOrder(r.Context()) // want `2 writes commit separately and the INSERT into orders in a.insertOrder is not idempotent \(HTTP handler placeAndCharge\)`
	debit(r.Context())
}

func insertOrder(ctx context.Context) {
	db.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
}

func debit(ctx context.Context) {
	db.ExecContext(ctx, "UPDATE accounts SET balance = balance - 1 WHERE id = $1", 1)
}

// Negative: a read plus one write.
func likePost(c echo.Context) error {
	var n int
	if err := db.QueryRowContext(c.Request().Context(), "SELECT count(*) FROM likes WHERE post_id = $1", 1).Scan(&n); err != nil {
		return errors.New("lookup")
	}
	_, err := db.ExecContext(c.Request().Context(), "UPDATE posts SET likes = likes + 1 WHERE id = $1", 1)
	return err
}

// Negative: both writes inside pgx.BeginFunc, one transaction.
func beginFunc(ctx context.Context, t *asynq.Task) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		tx.Exec(ctx, "INSERT INTO transfers (amount) VALUES ($1)", 1)
		_, err := tx.Exec(ctx, "UPDATE accounts SET balance = balance - 1 WHERE id = $1", 1)
		return err
	})
}

// Negative: each transaction claims its own step before its write, so
// each guard covers the write it commits with; a retry redoes only the
// step whose claim did not commit.
func guardPerUnit(ctx context.Context, t *asynq.Task) error {
	id := t.ResultWriter().TaskID()
	reserve, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer reserve.Rollback(ctx)
	tag, err := reserve.Exec(ctx, "INSERT INTO processed_steps (task_id, step) VALUES ($1, 'reserve') ON CONFLICT DO NOTHING", id)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 1 {
		if _, err := reserve.Exec(ctx, "INSERT INTO reservations (task_id) VALUES ($1)", id); err != nil {
			return err
		}
	}
	if err := reserve.Commit(ctx); err != nil {
		return err
	}
	charge, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer charge.Rollback(ctx)
	tag, err = charge.Exec(ctx, "INSERT INTO processed_steps (task_id, step) VALUES ($1, 'charge') ON CONFLICT DO NOTHING", id)
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	if _, err := charge.Exec(ctx, "UPDATE accounts SET balance = balance - 1 WHERE id = $1", 1); err != nil {
		return err
	}
	return charge.Commit(ctx)
}

// The guard commits with the order, but the stock is updated on the
// pool: a failure after the commit leaves the stock as it was, and the
// guard stops the retry.
func guardCoversOne(ctx context.Context, t *asynq.Task) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, "INSERT INTO processed_tasks (task_id) VALUES ($1) ON CONFLICT DO NOTHING", t.ResultWriter().TaskID())
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	tx.Exec(ctx, "INSERT INTO orders (total) VALUES ($1)", 1) // want `the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction; run them in it \(asynq handler guardCoversOne\)`
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	_, err = pool.Exec(ctx, "UPDATE stock SET qty = qty - 1 WHERE sku = $1", "a")
	return err
}

// The ledger row is its own guard, conflict-tolerant on the request's
// key, and commits on its own: a failure before the balance moves
// leaves the row, which stops the retry that would move it.
func ledgerGuard(ctx context.Context, t *asynq.Task) error {
	tag, err := pool.Exec(ctx, "INSERT INTO reserve_ledger (request_key, delta) VALUES ($1, 5) ON CONFLICT (request_key) DO NOTHING", t.ResultWriter().TaskID())
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	_, err = pool.Exec(ctx, "UPDATE policies SET reserve = reserve + 5 WHERE id = $1", 1) // want `a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction; run them in it \(asynq handler ledgerGuard\)`
	return err
}

// Negative: the same, in one transaction.
func ledgerGuardTx(ctx context.Context, t *asynq.Task) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, "INSERT INTO reserve_ledger (request_key, delta) VALUES ($1, 5) ON CONFLICT (request_key) DO NOTHING", t.ResultWriter().TaskID())
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	if _, err := tx.Exec(ctx, "UPDATE policies SET reserve = reserve + 5 WHERE id = $1", 1); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Negative here: a key table's guard apart from the one effect is the
// key apart from its effect, keytx's finding.
func keyGuardOneWrite(ctx context.Context, t *asynq.Task) error {
	tag, err := pool.Exec(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", t.ResultWriter().TaskID())
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	_, err = pool.Exec(ctx, "UPDATE policies SET reserve = reserve + 5 WHERE id = $1", 1)
	return err
}

// claimTask claims the task, and says whether it was the first claim.
func claimTask(ctx context.Context, id string) (bool, error) {
	tag, err := pool.Exec(ctx, "INSERT INTO claimed_tasks (task_id) VALUES ($1) ON CONFLICT DO NOTHING", id)
	return tag.RowsAffected() == 1, err
}

// The claim's answer is dropped: it stops no retry, and the retry
// repeats the writes after it.
func droppedClaim(ctx context.Context, t *asynq.Task) error {
	if _, err := claimTask(ctx, t.ResultWriter().TaskID()); err != nil {
		return err
	}
	pool.Exec(ctx, "INSERT INTO reminders (kind) VALUES ($1)", "renewal") // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 3 writes commit separately and the INSERT into reminders is not idempotent \(asynq handler droppedClaim\)`
	pool.Exec(ctx, "UPDATE users SET reminders_sent = reminders_sent + 1 WHERE id = $1", 1)
	return nil
}
