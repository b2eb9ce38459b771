// Package roots covers every kind of retried root.
package roots

import (
	"context"
	"database/sql"
	"errors"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/avast/retry-go/v4"
	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/cenkalti/backoff/v4"
	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"
	amqp "github.com/rabbitmq/amqp091-go"
	"github.com/riverqueue/river"
	kafka "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
	"github.com/segmentio/ksuid"
)

var (
	db   *sql.DB
	pool *pgxpool.Pool
)

func ginCreate(c *gin.Context) {
	id := ulid.Make().String() // want `a retry inserts a second orders row with a new id: ulid.Make\(\) is fresh on every attempt \(gin handler ginCreate\)`
	db.Exec("INSERT INTO orders (id) VALUES ($1)", id)
}

func echoCreate(c echo.Context) error {
	_, err := pool.Exec(c.Request().Context(), "INSERT INTO orders (id, note) VALUES ($1, $2)", xid.New().String(), "x") // want `echo handler echoCreate`
	return err
}

func processTask(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT INTO shipments (shipment_id, body) VALUES ($1, $2)", ksuid.New().String(), t.Payload()) // want `a retry inserts a second shipments row with a new shipment_id`
	return err
}

type SendArgs struct{ To string }

func (SendArgs) Kind() string { return "send" }

type SendWorker struct {
	river.WorkerDefaults[SendArgs]
}

func (w *SendWorker) Work(ctx context.Context, job *river.Job[SendArgs]) error {
	ref, _ := uuid.NewRandom() // want `river worker`
	_, err := pool.Exec(ctx, "INSERT INTO emails (email_ref, recipient) VALUES ($1, $2)", ref, job.Args.To)
	return err
}

func watermillHandler(msg *message.Message) error {
	_, err := db.Exec("INSERT INTO events (event_id, payload) VALUES ($1, $2)", uuid.NewString(), string(msg.Payload)) // want `watermill handler`
	return err
}

func withBackoff(ctx context.Context) error {
	return backoff.Retry(func() error {
		id := uuid.New() // want `backoff.Retry operation`
		_, err := db.ExecContext(ctx, "INSERT INTO transfers (id) VALUES ($1)", id)
		return err
	}, backoff.NewExponentialBackOff())
}

func withRetryGo(ctx context.Context) error {
	return retry.Do(func() error {
		_, err := pool.Exec(ctx, "INSERT INTO transfers (transfer_id) VALUES ($1)", uuid.NewString()) // want `retry.Do function`
		return err
	})
}

// Negative: the ID is made once, outside the retried operation, and the
// enclosing function is not itself retried.
func stableAcrossRetries(ctx context.Context) error {
	id := uuid.New()
	return backoff.Retry(func() error {
		_, err := db.ExecContext(ctx, "INSERT INTO transfers (id) VALUES ($1)", id)
		return err
	}, backoff.NewExponentialBackOff())
}

func kafkaLoop(ctx context.Context, r *kafka.Reader) {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		db.Exec("INSERT INTO payments (payment_id, body) VALUES ($1, $2)", uuid.New(), m.Value) // want `kafka-go consumer loop`
	}
}

// A franz-go poll loop: each record's body runs in EachRecord's
// function, or in a range over the fetch's records.
func franzLoop(ctx context.Context, cl *kgo.Client) {
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return
		}
		fetches.EachRecord(func(r *kgo.Record) {
			db.Exec("INSERT INTO payments (payment_id, body) VALUES ($1, $2)", uuid.New(), r.Value) // want `franz-go consumer loop franzLoop`
		})
		for _, r := range fetches.Records() {
			db.Exec("INSERT INTO refunds (refund_id, body) VALUES ($1, $2)", uuid.New(), r.Value) // want `franz-go consumer loop franzLoop`
		}
		cl.CommitRecords(ctx, fetches.Records()...)
	}
}

func sqsLoop(ctx context.Context, c *sqs.Client) {
	runID := uuid.NewString() // before the loop: made once per process, not per delivery
	for {
		out, err := c.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{})
		if err != nil {
			continue
		}
		for range out.Messages {
			db.Exec("INSERT INTO jobs (job_id, run) VALUES ($1, $2)", uuid.New(), runID) // want `SQS consumer loop`
		}
	}
}

func amqpLoop(ch *amqp.Channel) {
	deliveries, _ := ch.Consume("q", "", false, false, false, false, nil)
	for d := range deliveries {
		db.Exec("INSERT INTO orders (id, body) VALUES ($1, $2)", uuid.New(), d.Body) // want `AMQP delivery loop`
		d.Ack(false)
	}
}

func lambdaHandler(ctx context.Context) error {
	_, err := db.ExecContext(ctx, "INSERT INTO invoices (invoice_number) VALUES ($1)", uuid.NewString()) // want `Lambda handler`
	return err
}

func main() {
	lambda.Start(lambdaHandler)
}

// Negative: pgx transaction write of a value from the message.
func txInsert(ctx context.Context, tx pgx.Tx, msg *message.Message) error {
	_, err := tx.Exec(ctx, "INSERT INTO events (event_id) VALUES ($1)", msg.UUID)
	return err
}

var errSkip = errors.New("skip")

// A consumer loop written once in this package, given its handler by a
// caller of the package.
func consume(ctx context.Context, r *kafka.Reader, handle func(context.Context, kafka.Message) error) {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		handle(ctx, m)
	}
}

type paymentsConsumer struct{ r *kafka.Reader }

func (c *paymentsConsumer) run(ctx context.Context) { consume(ctx, c.r, c.handle) }

func (c *paymentsConsumer) handle(ctx context.Context, m kafka.Message) error {
	_, err := db.ExecContext(ctx, "INSERT INTO payments (payment_id, body) VALUES ($1, $2)", uuid.New(), m.Value) // want `a retry inserts a second payments row with a new payment_id: uuid.New\(\) is fresh on every attempt \(kafka-go consumer loop`
	return err
}
