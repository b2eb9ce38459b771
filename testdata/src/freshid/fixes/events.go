package fixes

import (
	"context"
	"io"
	"net/http"

	"github.com/aws/aws-lambda-go/events"
	"github.com/google/uuid"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
)

// An SNS notification's message ID is the delivery's key.
func onTopic(ctx context.Context, e events.SNSEvent) error {
	for _, rec := range e.Records {
		if _, err := db.ExecContext(ctx, "INSERT INTO notices (notice_id, body) VALUES ($1, $2)", uuid.New(), rec.SNS.Message); err != nil { // want `Lambda SNS handler`
			return err
		}
	}
	return nil
}

// An EventBridge event's ID is the same on every delivery of the event.
func onSchedule(ctx context.Context, ev events.CloudWatchEvent) error {
	_, err := db.ExecContext(ctx, "INSERT INTO runs (run_id, source) VALUES ($1, $2)", uuid.NewString(), ev.Source) // want `Lambda EventBridge handler`
	return err
}

// A JetStream message carries the publisher's Nats-Msg-Id, when it set
// one, and its place in the stream, which a redelivery keeps.
func onOrder(msg jetstream.Msg) {
	db.Exec("INSERT INTO picks (pick_id, body) VALUES ($1, $2)", uuid.New(), msg.Data()) // want `JetStream handler`
	msg.Ack()
}

// A Stripe event keeps its ID on every delivery of the webhook: the
// handler it is passed to derives from that, not from the request.
func stripeWebhook(w http.ResponseWriter, r *http.Request) {
	payload, _ := io.ReadAll(r.Body)
	evt, err := webhook.ConstructEvent(payload, r.Header.Get("Stripe-Signature"), "whsec")
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	onDispute(r.Context(), evt)
}

func onDispute(ctx context.Context, evt stripe.Event) {
	db.ExecContext(ctx, "INSERT INTO disputes (dispute_id, kind) VALUES ($1, $2)", uuid.NewString(), evt.Type) // want `HTTP handler stripeWebhook`
}

// An API Gateway request carries the client's Idempotency-Key header, as
// sent for a REST API and in lower case for an HTTP API.
func onRESTRequest(ctx context.Context, req events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error) {
	_, err := db.ExecContext(ctx, "INSERT INTO bookings (booking_id, body) VALUES ($1, $2)", uuid.NewString(), req.Body) // want `Lambda API Gateway handler`
	return events.APIGatewayProxyResponse{StatusCode: 201}, err
}

func onHTTPRequest(ctx context.Context, req events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
	_, err := db.ExecContext(ctx, "INSERT INTO bookings (booking_id, body) VALUES ($1, $2)", uuid.NewString(), req.Body) // want `Lambda API Gateway handler`
	return events.APIGatewayV2HTTPResponse{StatusCode: 201}, err
}
