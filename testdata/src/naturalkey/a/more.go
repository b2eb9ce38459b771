package a

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"cloud.google.com/go/pubsub"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/cenkalti/backoff/v4"
	"github.com/gin-gonic/gin"
	"github.com/go-sql-driver/mysql"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/labstack/echo/v4"
	amqp "github.com/rabbitmq/amqp091-go"
	"github.com/riverqueue/river"
	"github.com/segmentio/kafka-go"
	"github.com/stripe/stripe-go/v82/webhook"
	"gorm.io/gorm"
)

var (
	conn        *pgx.Conn
	gdb         *gorm.DB
	sqsClient   *sqs.Client
	eventReader *kafka.Reader
)

// sqlc-style generated code: query constants and a DBTX interface.

const createOrderSQL = "-- name: CreateOrder :exec\nINSERT INTO orders (order_id, total) VALUES ($1, $2)"

const createInvoiceSQL = `-- name: CreateInvoice :exec
INSERT INTO invoices (invoice_number, amount) VALUES ($1, $2)
`

const upsertOrderSQL = "-- name: UpsertOrder :exec\nINSERT INTO orders (order_id, total) VALUES ($1, $2) ON CONFLICT (order_id) DO UPDATE SET total = EXCLUDED.total"

type DBTX interface {
	ExecContext(context.Context, string, ...interface{}) (sql.Result, error)
	QueryContext(context.Context, string, ...interface{}) (*sql.Rows, error)
	QueryRowContext(context.Context, string, ...interface{}) *sql.Row
}

type Queries struct{ db DBTX }

var queries = &Queries{}

func (q *Queries) CreateOrder(ctx context.Context, orderID string, total int64) error {
	_, err := q.db.ExecContext(ctx, createOrderSQL, orderID, total) // want `same order_id again.*INSERT into orders \(sqlc query CreateOrder\) has no conflict handling for the caller-known order_id \(HTTP handler placeOrder\)`
	return err
}

type CreateInvoiceParams struct {
	InvoiceNumber string
	Amount        int64
}

func (q *Queries) CreateInvoice(ctx context.Context, arg CreateInvoiceParams) error {
	_, err := q.db.ExecContext(ctx, createInvoiceSQL, arg.InvoiceNumber, arg.Amount) // want `same invoice_number again.*caller-known invoice_number \(HTTP handler issueInvoice\)`
	return err
}

func (q *Queries) UpsertOrder(ctx context.Context, orderID string, total int64) error {
	_, err := q.db.ExecContext(ctx, upsertOrderSQL, orderID, total)
	return err
}

// ---- Positives ----

// sqlc const with $n placeholders, the order ID from the path.
func placeOrder(w http.ResponseWriter, r *http.Request) {
	queries.CreateOrder(r.Context(), r.PathValue("order"), 10)
}

// sqlc Params struct, the invoice number from the path.
func issueInvoice(w http.ResponseWriter, r *http.Request) {
	queries.CreateInvoice(r.Context(), CreateInvoiceParams{InvoiceNumber: r.PathValue("number"), Amount: 3})
}

// gin: the path parameter in the shipments table's own identity column.
func createShipment(c *gin.Context) {
	db.Exec("INSERT INTO shipments (shipment_id, carrier) VALUES ($1, $2)", c.Param("id"), c.PostForm("carrier")) // want `same shipment_id again.*INSERT into shipments has no conflict handling for the caller-known shipment_id \(gin handler createShipment\)`
}

// gin: the idempotency header through sqlx MustExec.
func createRefund(c *gin.Context) {
	sdb.MustExec("INSERT INTO refunds (idempotency_key, amount) VALUES ($1, $2)", c.GetHeader("Idempotency-Key"), 10) // want `same idempotency_key again.*for request's idempotency key \(gin handler createRefund\)`
}

// gin: INSERT ... SELECT of the idempotency key.
func checkoutCart(c *gin.Context) {
	db.Exec("INSERT INTO orders (order_id, total) SELECT $1, sum(price) FROM cart_items WHERE cart_id = $2", c.GetHeader("Idempotency-Key"), c.Param("cart")) // want `same order_id again.*for request's idempotency key \(gin handler checkoutCart\)`
}

// echo: a key derived from the idempotency header with fmt.Sprintf.
func createTransfer(c echo.Context) error {
	key := fmt.Sprintf("transfer-%s", c.Request().Header.Get("Idempotency-Key"))
	_, err := db.ExecContext(c.Request().Context(), "INSERT INTO transfers (request_key, amount) VALUES ($1, $2)", key, 5) // want `same request_key again.*for request's idempotency key \(echo handler createTransfer\)`
	return err
}

// echo: the path parameter as the account number, through pgxpool.
func openAccount(c echo.Context) error {
	_, err := pool.Exec(c.Request().Context(), "INSERT INTO accounts (account_number, owner) VALUES ($1, $2)", c.Param("number"), c.FormValue("owner")) // want `same account_number again.*caller-known account_number \(echo handler openAccount\)`
	return err
}

// asynq: the task ID through a pgx transaction.
func settleTask(ctx context.Context, t *asynq.Task) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "INSERT INTO settlements (task_id, payload) VALUES ($1, $2)", t.ResultWriter().TaskID(), t.Payload()); err != nil { // want `same task_id again.*for task ID \(asynq handler settleTask\)`
		return err
	}
	return tx.Commit(ctx)
}

// watermill: the message UUID through a helper, on a pgx.Conn.
func notify(msg *message.Message) error {
	return saveNotification(msg.Context(), msg.UUID, string(msg.Payload))
}

func saveNotification(ctx context.Context, id, body string) error {
	_, err := conn.Exec(ctx, "INSERT INTO notifications (notification_id, body) VALUES ($1, $2)", id, body) // want `same notification_id again.*for delivery ID UUID \(watermill handler notify\)`
	return err
}

// watermill: the message UUID in a struct bound by sqlx NamedExec.
type auditRow struct {
	EventID string `db:"event_id"`
	Kind    string `db:"kind"`
}

func audit(msg *message.Message) error {
	_, err := sdb.NamedExec("INSERT INTO audit_events (event_id, kind) VALUES (:event_id, :kind)", auditRow{EventID: msg.UUID, Kind: "created"}) // want `same event_id again.*for delivery ID UUID \(watermill handler audit\)`
	return err
}

// watermill: the message UUID concatenated into a derived key.
func archiveMessage(msg *message.Message) error {
	_, err := db.Exec("INSERT INTO archives (storage_path, body) VALUES ($1, $2)", "archive/"+msg.UUID, msg.Payload) // want `same storage_path again.*for delivery ID UUID \(watermill handler archiveMessage\)`
	return err
}

// river: a reference derived from the job ID with fmt.Sprintf, sqlx MustExecContext.
type InvoiceArgs struct{ CustomerID string }

func (InvoiceArgs) Kind() string { return "invoice" }

type InvoiceWorker struct {
	river.WorkerDefaults[InvoiceArgs]
}

func (w *InvoiceWorker) Work(ctx context.Context, job *river.Job[InvoiceArgs]) error {
	ref := fmt.Sprintf("inv-%d", job.ID)
	sdb.MustExecContext(ctx, "INSERT INTO invoices (invoice_ref, customer_id) VALUES ($1, $2)", ref, job.Args.CustomerID) // want `same invoice_ref again.*for delivery ID ID \(river worker InvoiceWorker.Work\)`
	return nil
}

// river: uuid.NewMD5 of the job ID, lower-case SQL, database/sql Tx in a helper.
type RefundArgs struct{ PaymentID string }

func (RefundArgs) Kind() string { return "refund" }

type RefundWorker struct {
	river.WorkerDefaults[RefundArgs]
}

func (w *RefundWorker) Work(ctx context.Context, job *river.Job[RefundArgs]) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	id := uuid.NewMD5(uuid.NameSpaceURL, []byte(strconv.FormatInt(job.ID, 10)))
	if err := insertRefund(ctx, tx, id, job.Args.PaymentID); err != nil {
		return err
	}
	return tx.Commit()
}

func insertRefund(ctx context.Context, tx *sql.Tx, id uuid.UUID, paymentID string) error {
	_, err := tx.ExecContext(ctx, "insert into refunds (id, payment_id) values ($1, $2)", id, paymentID) // want `same id again.*for delivery ID ID \(river worker RefundWorker.Work\)`
	return err
}

// backoff.Retry: the task ID read inside the operation.
func refundTask(ctx context.Context, t *asynq.Task) error {
	return backoff.Retry(func() error {
		_, err := db.ExecContext(ctx, "INSERT INTO refund_attempts (task_id) VALUES ($1)", t.ResultWriter().TaskID()) // want `same task_id again.*for task ID`
		return err
	}, backoff.NewExponentialBackOff())
}

// backoff.Retry: the task ID captured by the operation.
func chargeTask(ctx context.Context, t *asynq.Task) error {
	id := t.ResultWriter().TaskID()
	return backoff.Retry(func() error {
		_, err := db.ExecContext(ctx, "INSERT INTO charges (charge_id, amount) VALUES ($1, $2)", id, 1) // want `same charge_id again.*for task ID`
		return err
	}, backoff.NewExponentialBackOff())
}

// backoff.Retry: a caller-known order ID captured by the operation; every
// attempt inserts the same order.
func syncOrder(ctx context.Context, orderID string) error {
	return backoff.Retry(func() error {
		_, err := db.ExecContext(ctx, "INSERT INTO orders (order_id, total) VALUES ($1, 0)", orderID) // want `same order_id again.*caller-known order_id \(backoff.Retry operation`
		return err
	}, backoff.NewExponentialBackOff())
}

// SQS loop: the message ID.
func pollInbox(ctx context.Context) {
	for {
		out, err := sqsClient.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: aws.String("inbox")})
		if err != nil {
			continue
		}
		for _, m := range out.Messages {
			db.ExecContext(ctx, "INSERT INTO inbox (message_id, body) VALUES ($1, $2)", aws.ToString(m.MessageId), aws.ToString(m.Body)) // want `same message_id again.*for delivery ID MessageId \(SQS consumer loop`
		}
	}
}

// kafka-go FetchMessage loop: the message key as the order ID.
func consumeOrders(ctx context.Context, r *kafka.Reader) {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		db.ExecContext(ctx, "INSERT INTO orders (order_id, body) VALUES ($1, $2)", string(m.Key), m.Value) // want `same order_id again.*caller-known order_id \(kafka-go consumer loop`
		r.CommitMessages(ctx, m)
	}
}

// kafka-go FetchMessage loop on a package-level reader: the delivery's
// topic/partition/offset as the row's identity.
func consumeLedger(ctx context.Context) {
	for {
		m, err := eventReader.FetchMessage(ctx)
		if err != nil {
			return
		}
		key := fmt.Sprintf("%s/%d/%d", m.Topic, m.Partition, m.Offset)
		pool.Exec(ctx, "INSERT INTO ledger_events (ledger_event_id, body) VALUES ($1, $2)", key, m.Value) // want `same ledger_event_id again.*\(kafka-go consumer loop`
		eventReader.CommitMessages(ctx, m)
	}
}

// AMQP delivery loop: the message ID.
func consumeDeliveries(ch *amqp.Channel) {
	msgs, _ := ch.Consume("payments", "", false, false, false, false, nil)
	for d := range msgs {
		db.Exec("INSERT INTO payment_messages (message_id, body) VALUES ($1, $2)", d.MessageId, d.Body) // want `same message_id again.*for delivery ID MessageId \(AMQP delivery loop`
		d.Ack(false)
	}
}

// Pub/Sub receiver: the message ID.
func receivePayment(ctx context.Context, m *pubsub.Message) {
	db.ExecContext(ctx, "INSERT INTO payment_events (event_id, data) VALUES ($1, $2)", m.ID, m.Data) // want `same event_id again.*for delivery ID ID \(Pub/Sub receiver receivePayment\)`
	m.Ack()
}

// ---- Negatives ----

// MySQL INSERT IGNORE.
func ingestIgnore(msg *message.Message) error {
	_, err := db.Exec("INSERT IGNORE INTO events (event_id, payload) VALUES (?, ?)", msg.UUID, msg.Payload)
	return err
}

// SQLite INSERT OR IGNORE.
func ingestOrIgnore(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT OR IGNORE INTO receipts (task_id, body) VALUES (?, ?)", t.ResultWriter().TaskID(), t.Payload())
	return err
}

// MySQL ON DUPLICATE KEY UPDATE.
func createRefundUpsert(c *gin.Context) {
	db.Exec("INSERT INTO refunds (idempotency_key, amount) VALUES (?, ?) ON DUPLICATE KEY UPDATE idempotency_key = idempotency_key", c.GetHeader("Idempotency-Key"), 10)
}

// MySQL REPLACE INTO.
func replaceShipment(c *gin.Context) {
	db.Exec("REPLACE INTO shipments (shipment_id, carrier) VALUES (?, ?)", c.Param("id"), c.PostForm("carrier"))
}

// INSERT ... SELECT ... WHERE NOT EXISTS.
func placeOrderIfAbsent(c echo.Context) error {
	_, err := db.Exec("INSERT INTO orders (order_id, total) SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM orders WHERE order_id = $1)", c.Param("order"), 7)
	return err
}

// MERGE.
func mergeOrder(c echo.Context) error {
	_, err := db.Exec("MERGE INTO orders o USING (SELECT $1 AS order_id) s ON o.order_id = s.order_id WHEN NOT MATCHED THEN INSERT (order_id) VALUES (s.order_id)", c.Param("order"))
	return err
}

// sqlc const with ON CONFLICT ... DO UPDATE.
func upsertOrder(w http.ResponseWriter, r *http.Request) {
	queries.UpsertOrder(r.Context(), r.PathValue("order"), 10)
}

// gorm.ErrDuplicatedKey is handled.
func createOrderGorm(c *gin.Context) {
	err := gdb.Exec("INSERT INTO orders (order_id, total) VALUES (?, ?)", c.Param("order"), 3).Error
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		c.Status(http.StatusOK)
		return
	}
	c.Status(http.StatusCreated)
}

// MySQL error 1062 is handled.
func createShipmentMySQL(msg *message.Message) error {
	_, err := db.Exec("INSERT INTO shipments (shipment_id, carrier) VALUES (?, ?)", msg.UUID, "ups")
	var me *mysql.MySQLError
	if errors.As(err, &me) && me.Number == 1062 {
		return nil
	}
	return err
}

// SQLSTATE 23505 through a named constant.
const pgUniqueViolation = "23505"

func createCoupon(c echo.Context) error {
	_, err := pool.Exec(c.Request().Context(), "INSERT INTO coupons (coupon_code, discount) VALUES ($1, $2)", c.Param("code"), 10)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == pgUniqueViolation {
		return c.NoContent(http.StatusOK)
	}
	return err
}

// SQLSTATE 23505 tested by a helper the handler calls on the result.
func isUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

func registerDevice(c *gin.Context) {
	_, err := db.Exec("INSERT INTO devices (device_id, owner) VALUES ($1, $2)", c.Param("device"), c.PostForm("owner"))
	if err != nil && !isUniqueViolation(err) {
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	c.Status(http.StatusCreated)
}

// A dedup guard in the same transaction, its result checked.
func handleOnce(msg *message.Message) error {
	ctx := msg.Context()
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, "INSERT INTO processed_messages (message_id) VALUES ($1) ON CONFLICT DO NOTHING", msg.UUID)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return nil
	}
	if _, err := tx.Exec(ctx, "INSERT INTO notifications (notification_id, body) VALUES ($1, $2)", msg.UUID, string(msg.Payload)); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// A foreign reference: the account ID is not the payment's identity.
func payFromAccount(c *gin.Context) {
	db.Exec("INSERT INTO payments (account_id, amount) VALUES ($1, $2)", c.Param("account"), 10)
}

// A fresh ID and a foreign order ID.
func addLineItem(c echo.Context) error {
	_, err := db.Exec("INSERT INTO order_items (id, order_id, sku) VALUES ($1, $2, $3)", uuid.New(), c.Param("order"), c.FormValue("sku"))
	return err
}

// The DB generates the ID, read back and used as a foreign reference.
func openOrder(w http.ResponseWriter, r *http.Request) {
	var id int64
	if err := db.QueryRowContext(r.Context(), "INSERT INTO orders (customer_id, total) VALUES ($1, $2) RETURNING id", r.PathValue("customer"), 10).Scan(&id); err != nil {
		return
	}
	db.ExecContext(r.Context(), "INSERT INTO order_events (order_id, kind) VALUES ($1, 'created')", id)
}

// A request header that is not an idempotency key, in no identity column.
func logRequest(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO request_logs (user_agent, path) VALUES ($1, $2)", r.Header.Get("User-Agent"), r.URL.Path)
}

// Not on a retried path: a one-off import.
func importOrders(ctx context.Context, orderIDs []string) {
	for _, id := range orderIDs {
		db.ExecContext(ctx, "INSERT INTO orders (order_id, total) VALUES ($1, 0)", id)
	}
}

// Dynamic SQL: the text is not constant.
func insertInto(c *gin.Context) {
	table := c.Param("table")
	db.Exec("INSERT INTO "+table+" (id) VALUES ($1)", c.Param("id"))
}

// Stripe: a webhook's event ID, which Stripe sends again when it retries
// the delivery.
func stripeEvent(w http.ResponseWriter, r *http.Request) {
	payload, _ := io.ReadAll(r.Body)
	evt, err := webhook.ConstructEvent(payload, r.Header.Get("Stripe-Signature"), "whsec")
	if err != nil {
		return
	}
	db.Exec("INSERT INTO stripe_events (event_id, type) VALUES ($1, $2)", evt.ID, evt.Type) // want `same event_id again.*INSERT into stripe_events has no conflict handling for delivery ID ID \(HTTP handler stripeEvent\)`
}
