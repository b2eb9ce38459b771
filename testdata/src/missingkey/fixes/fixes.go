package fixes

import (
	"context"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/hibiken/asynq"
	"github.com/nats-io/nats.go"
	"github.com/riverqueue/river"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/paymentintent"
)

var (
	queue *sqs.Client
	js    nats.JetStreamContext
)

func charge(w http.ResponseWriter, r *http.Request) {
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(100)}
	paymentintent.New(params) // want `Stripe PaymentIntent create`
}

func book(ctx context.Context, t *asynq.Task) error {
	req, err := http.NewRequestWithContext(ctx, "POST", "https://carrier.example/bookings", nil)
	if err != nil {
		return err
	}
	if _, err := http.DefaultClient.Do(req); err != nil { // want `HTTP POST`
		return err
	}
	return nil
}

type Args struct{}

func (Args) Kind() string { return "a" }

type Worker struct{ river.WorkerDefaults[Args] }

func (w *Worker) Work(ctx context.Context, job *river.Job[Args]) error {
	input := &sqs.SendMessageInput{QueueUrl: aws.String("https://sqs.example/q.fifo")}
	_, err := queue.SendMessage(ctx, input) // want `SQS SendMessage`
	return err
}

func publish(ctx context.Context, t *asynq.Task) error {
	_, err := js.Publish("orders", t.Payload()) // want `JetStream publish`
	return err
}

// The params are written in the call: they become a variable first.
func chargeInline(w http.ResponseWriter, r *http.Request) {
	if _, err := paymentintent.New(&stripe.PaymentIntentParams{Amount: stripe.Int64(100)}); err != nil { // want `Stripe PaymentIntent create`
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// The same for an SQS input, whose key the caller may leave out.
func forwardInline(w http.ResponseWriter, r *http.Request) {
	queue.SendMessage(r.Context(), &sqs.SendMessageInput{ // want `SQS SendMessage`
		QueueUrl:       aws.String("orders.fifo"),
		MessageBody:    aws.String("{}"),
		MessageGroupId: aws.String("orders"),
	})
}

// Two charges of one task: each gets a key of its own, since the
// provider rejects a key reused for a different request.
func split(ctx context.Context, t *asynq.Task) error {
	first := &stripe.PaymentIntentParams{Amount: stripe.Int64(60)}
	if _, err := paymentintent.New(first); err != nil { // want `Stripe PaymentIntent create`
		return err
	}
	second := &stripe.PaymentIntentParams{Amount: stripe.Int64(40)}
	_, err := paymentintent.New(second) // want `Stripe PaymentIntent create`
	return err
}
