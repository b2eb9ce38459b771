package a

import (
	"context"
	"database/sql"
	"fmt"
	"log"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/ec2"
	"github.com/aws/aws-sdk-go-v2/service/sns"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/cenkalti/backoff/v4"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jmoiron/sqlx"
	"github.com/labstack/echo/v4"
	"github.com/riverqueue/river"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/paymentintent"
	"github.com/stripe/stripe-go/v82/refund"
	"gorm.io/gorm"

	"example.com/carrierpb"
)

var (
	queue   *sqs.Client
	compute *ec2.Client
	topic   *sns.Client
	sdb     *sqlx.DB
	sc      = stripe.NewClient("sk")
)

// An HTTP POST without a key, written back through a local helper.
func bookNoKey(w http.ResponseWriter, r *http.Request) {
	req, _ := http.NewRequestWithContext(r.Context(), "POST", "https://carrier.example/bookings", nil)
	resp, err := http.DefaultClient.Do(req) // want `HTTP request`
	if err != nil {
		return
	}
	recordStatus(r.Context(), resp.Status)
}

func recordStatus(ctx context.Context, status string) {
	db.ExecContext(ctx, "INSERT INTO booking_log (status) VALUES ($1)", status)
}

// The v82 client with a key, its result stored with gorm, nothing before.
func createPI(w http.ResponseWriter, r *http.Request) {
	params := &stripe.PaymentIntentCreateParams{}
	params.SetIdempotencyKey(r.Header.Get("Idempotency-Key"))
	pi, err := sc.V1PaymentIntents.Create(r.Context(), params) // want `Stripe PaymentIntent create`
	if err != nil {
		return
	}
	orm.Create(&Payment{IntentID: pi.ID})
}

type Payment struct {
	OpID     string
	IntentID string
}

type RefundArgs struct{ PaymentIntent string }

func (RefundArgs) Kind() string { return "refund" }

type RefundWorker struct{ river.WorkerDefaults[RefundArgs] }

// A refund keyed on the job, its ID written back, nothing recorded first.
func (w *RefundWorker) Work(ctx context.Context, job *river.Job[RefundArgs]) error {
	params := &stripe.RefundParams{PaymentIntent: stripe.String(job.Args.PaymentIntent)}
	params.SetIdempotencyKey(fmt.Sprint(job.ID))
	re, err := refund.New(params) // want `Stripe refund .*river worker RefundWorker.Work`
	if err != nil {
		return err
	}
	_, err = pool.Exec(ctx, "UPDATE refunds SET stripe_id = $1 WHERE job_id = $2", re.ID, job.ID)
	return err
}

// An SQS FIFO send with a deduplication ID, its message ID written back.
func enqueue(ctx context.Context, t *asynq.Task) error {
	out, err := queue.SendMessage(ctx, &sqs.SendMessageInput{ // want `SQS SendMessage`
		QueueUrl:               aws.String("https://sqs.example/orders.fifo"),
		MessageDeduplicationId: aws.String(t.ResultWriter().TaskID()),
	})
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "UPDATE orders SET sqs_message_id = $1 WHERE task_id = $2", out.MessageId, t.ResultWriter().TaskID())
	return err
}

// An EC2 launch with a client token, instances written back.
func launch(ctx context.Context, t *asynq.Task) error {
	out, err := compute.RunInstances(ctx, &ec2.RunInstancesInput{ClientToken: aws.String(t.ResultWriter().TaskID())}) // want `Ec2 RunInstances`
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "INSERT INTO instances (owner_id) VALUES ($1)", out.OwnerId)
	return err
}

// The intent is inserted after the call.
func intentAfter(ctx context.Context, t *asynq.Task) error {
	id := t.ResultWriter().TaskID()
	b, err := carrier.BookCollection(ctx, &carrierpb.BookCollectionRequest{IdempotencyKey: id}) // want `gRPC BookCollection`
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "INSERT INTO shipments (op_id, tracking_number) VALUES ($1, $2)", id, b.TrackingNumber)
	return err
}

// The intent is written on one branch only.
func intentOnBranch(ctx context.Context, t *asynq.Task) error {
	id := t.ResultWriter().TaskID()
	if len(t.Payload()) > 0 {
		db.ExecContext(ctx, "INSERT INTO shipments (op_id) VALUES ($1)", id)
	}
	b, err := carrier.BookCollection(ctx, &carrierpb.BookCollectionRequest{IdempotencyKey: id}) // want `gRPC BookCollection`
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "UPDATE shipments SET tracking_number = $1 WHERE op_id = $2", b.TrackingNumber, id)
	return err
}

// A pgx transaction committed only after the call.
func pgxOpen(ctx context.Context, t *asynq.Task) error {
	id := t.ResultWriter().TaskID()
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tx.Exec(ctx, "INSERT INTO shipments (op_id) VALUES ($1)", id)
	b, err := carrier.BookCollection(ctx, &carrierpb.BookCollectionRequest{IdempotencyKey: id}) // want `gRPC BookCollection`
	if err != nil {
		return err
	}
	tx.Exec(ctx, "UPDATE shipments SET tracking_number = $1 WHERE op_id = $2", b.TrackingNumber, id)
	return tx.Commit(ctx)
}

// The same with the intent committed first.
func pgxCommitted(ctx context.Context, t *asynq.Task) error {
	id := t.ResultWriter().TaskID()
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	tx.Exec(ctx, "INSERT INTO shipments (op_id) VALUES ($1)", id)
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	b, err := carrier.BookCollection(ctx, &carrierpb.BookCollectionRequest{IdempotencyKey: id})
	if err != nil {
		return err
	}
	_, err = pool.Exec(ctx, "UPDATE shipments SET tracking_number = $1 WHERE op_id = $2", b.TrackingNumber, id)
	return err
}

// An sqlx transaction still open at the call.
func sqlxOpen(ctx context.Context, t *asynq.Task) error {
	id := t.ResultWriter().TaskID()
	tx := sdb.MustBegin()
	tx.MustExecContext(ctx, "INSERT INTO shipments (op_id) VALUES ($1)", id)
	b, err := carrier.BookCollection(ctx, &carrierpb.BookCollectionRequest{IdempotencyKey: id}) // want `gRPC BookCollection`
	if err != nil {
		return err
	}
	tx.MustExecContext(ctx, "UPDATE shipments SET tracking_number = $1 WHERE op_id = $2", b.TrackingNumber, id)
	return tx.Commit()
}

// On sqlx's autocommit handle, the intent is durable.
func sqlxAutocommit(ctx context.Context, t *asynq.Task) error {
	id := t.ResultWriter().TaskID()
	sdb.MustExecContext(ctx, "INSERT INTO shipments (op_id) VALUES ($1) ON CONFLICT DO NOTHING", id)
	b, err := carrier.BookCollection(ctx, &carrierpb.BookCollectionRequest{IdempotencyKey: id})
	if err != nil {
		return err
	}
	sdb.MustExecContext(ctx, "UPDATE shipments SET tracking_number = $1 WHERE op_id = $2", b.TrackingNumber, id)
	return nil
}

// A retried closure that books and writes back.
func withBackoff(ctx context.Context, t *asynq.Task) error {
	id := t.ResultWriter().TaskID()
	return backoff.Retry(func() error {
		b, err := carrier.BookCollection(ctx, &carrierpb.BookCollectionRequest{IdempotencyKey: id}) // want `gRPC BookCollection`
		if err != nil {
			return err
		}
		_, err = db.ExecContext(ctx, "UPDATE shipments SET tracking_number = $1 WHERE op_id = $2", b.TrackingNumber, id)
		return err
	}, backoff.NewExponentialBackOff())
}

// An echo handler creating a payment and storing its status.
func confirm(c echo.Context) error {
	params := &stripe.PaymentIntentParams{}
	params.SetIdempotencyKey(c.Request().Header.Get("Idempotency-Key"))
	pi, err := paymentintent.New(params) // want `Stripe PaymentIntent create .*echo handler confirm`
	if err != nil {
		return err
	}
	_, err = db.Exec("UPDATE payments SET status = $1 WHERE intent_id = $2", pi.Status, pi.ID)
	return err
}

// Negative: confirming an existing intent and storing its status. The
// intent succeeds at most once: a redelivery's confirm is refused.
func confirmExisting(c echo.Context) error {
	pi, err := paymentintent.Confirm(c.Param("id"), &stripe.PaymentIntentConfirmParams{})
	if err != nil {
		return err
	}
	_, err = db.Exec("UPDATE payments SET status = $1 WHERE intent_id = $2", pi.Status, pi.ID)
	return err
}

// Negative: the intent is recorded by a helper of this package, with a
// key derived from the recorded order ID.
func derivedKey(ctx context.Context, t *asynq.Task) error {
	orderID := string(t.Payload())
	if err := recordIntent(ctx, orderID); err != nil {
		return err
	}
	b, err := carrier.BookCollection(ctx, &carrierpb.BookCollectionRequest{IdempotencyKey: fmt.Sprintf("booking-%s", orderID)})
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "UPDATE shipments SET tracking_number = $1 WHERE order_id = $2", b.TrackingNumber, orderID)
	return err
}

func recordIntent(ctx context.Context, orderID string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO shipments (order_id) VALUES ($1) ON CONFLICT DO NOTHING", orderID)
	return err
}

// Negative: a gorm transaction that commits the intent before the call.
func gormCommitted(ctx context.Context, t *asynq.Task) error {
	id := t.ResultWriter().TaskID()
	if err := orm.Transaction(func(tx *gorm.DB) error {
		return tx.Create(&Payment{OpID: id}).Error
	}); err != nil {
		return err
	}
	params := &stripe.PaymentIntentParams{}
	params.SetIdempotencyKey(id)
	pi, err := paymentintent.New(params)
	if err != nil {
		return err
	}
	return orm.Model(&Payment{}).Where("op_id = ?", id).Update("intent_id", pi.ID).Error
}

// Negative: the outcome is only logged and kept in memory.
var cache = map[string]string{}

func logged(ctx context.Context, t *asynq.Task) error {
	b, err := carrier.BookCollection(ctx, &carrierpb.BookCollectionRequest{IdempotencyKey: t.ResultWriter().TaskID()})
	if err != nil {
		return err
	}
	log.Printf("booked %s", b.TrackingNumber)
	cache[t.ResultWriter().TaskID()] = b.TrackingNumber
	return nil
}

// Negative: a GET is not an effect.
func lookup(ctx context.Context, t *asynq.Task) error {
	req, _ := http.NewRequestWithContext(ctx, "GET", "https://carrier.example/bookings/1", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "UPDATE shipments SET carrier_status = $1", resp.Status)
	return err
}

// Negative: an SNS notification.
func announce(ctx context.Context, t *asynq.Task) error {
	out, err := topic.Publish(ctx, &sns.PublishInput{})
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "UPDATE orders SET sns_id = $1", out.MessageId)
	return err
}

// Negative: the intent runs on an interface whose transactionality is
// decided by the caller: no proof.
type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

func viaDBTX(ctx context.Context, q DBTX, t *asynq.Task) error {
	id := t.ResultWriter().TaskID()
	q.ExecContext(ctx, "INSERT INTO shipments (op_id) VALUES ($1)", id)
	b, err := carrier.BookCollection(ctx, &carrierpb.BookCollectionRequest{IdempotencyKey: id})
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "UPDATE shipments SET tracking_number = $1 WHERE op_id = $2", b.TrackingNumber, id)
	return err
}

func dbtxHandler(ctx context.Context, t *asynq.Task) error { return viaDBTX(ctx, db, t) }

var _ pgx.Tx
