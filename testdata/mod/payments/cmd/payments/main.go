// Command payments runs the payment API, the shipping consumer and the
// asynq workers.
package main

import (
	"context"
	"log"
	"net/http"
	"os"
	"os/signal"

	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/hashicorp/go-retryablehttp"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
	"github.com/stripe/stripe-go/v82"

	"example.com/payments/billing"
	"example.com/payments/events"
	"example.com/payments/queue"
	"example.com/payments/shipping"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	pool, err := pgxpool.New(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	defer pool.Close()

	stripe.Key = os.Getenv("STRIPE_SECRET_KEY")
	api := &billing.Server{Pool: pool, Stripe: stripe.NewClient(stripe.Key)}
	pub := &events.Publisher{Writer: &kafka.Writer{
		Addr:     kafka.TCP(os.Getenv("KAFKA_BROKERS")),
		Topic:    "payments",
		Balancer: &kafka.Hash{},
	}}
	mux := http.NewServeMux()
	api.Routes(mux)
	mux.HandleFunc("POST /events", pub.Ingest)

	worker := &shipping.Worker{
		Reader: kafka.NewReader(kafka.ReaderConfig{
			Brokers: []string{os.Getenv("KAFKA_BROKERS")},
			GroupID: "shipping",
			Topic:   "orders.paid",
		}),
		Pool:       pool,
		HTTP:       http.DefaultClient,
		Retrying:   retryablehttp.NewClient(),
		CarrierURL: os.Getenv("CARRIER_URL"),
	}
	go func() {
		if err := worker.RunRecommended(ctx); err != nil {
			log.Printf("shipping: %v", err)
		}
	}()

	fwd := &queue.Forwarder{
		SQS:            sqs.New(sqs.Options{Region: os.Getenv("AWS_REGION")}),
		LedgerQueueURL: os.Getenv("LEDGER_QUEUE_URL"),
		AuditQueueURL:  os.Getenv("AUDIT_QUEUE_URL"),
	}
	tasks := asynq.NewServeMux()
	fwd.Register(tasks)
	tasks.HandleFunc("payments:publish", pub.Publish)
	srv := asynq.NewServer(asynq.RedisClientOpt{Addr: os.Getenv("REDIS_ADDR")}, asynq.Config{Concurrency: 10})
	go func() {
		if err := srv.Run(tasks); err != nil {
			log.Printf("asynq: %v", err)
		}
	}()

	log.Fatal(http.ListenAndServe(":8080", mux))
}
