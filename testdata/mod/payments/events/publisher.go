// Package events publishes payment events to Kafka with kafka-go, from
// an asynq job and from an HTTP handler.
package events

import (
	"context"
	"encoding/json"
	"io"
	"net/http"

	"github.com/hibiken/asynq"
	"github.com/segmentio/kafka-go"
)

// Publisher writes to the payments topic.
type Publisher struct {
	Writer *kafka.Writer
}

// PaymentSucceeded is the payments.succeeded event.
type PaymentSucceeded struct {
	OrderID         string `json:"order_id"`
	PaymentIntentID string `json:"payment_intent_id"`
	AmountCents     int64  `json:"amount_cents"`
}

// Publish is the asynq handler of the "payments:publish" task. Kafka has
// no idempotency key a producer can pass: consumers dedupe on the event's
// order ID.
func (p *Publisher) Publish(ctx context.Context, t *asynq.Task) error {
	var ev PaymentSucceeded
	if err := json.Unmarshal(t.Payload(), &ev); err != nil {
		return err
	}
	return p.Writer.WriteMessages(ctx, kafka.Message{ // safe: Kafka takes no idempotency key (consumers dedupe on the order ID)
		Key:   []byte(ev.OrderID),
		Value: t.Payload(),
	})
}

// Ingest accepts an event from the payment provider's relay and
// publishes it as is.
func (p *Publisher) Ingest(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var ev PaymentSucceeded
	if err := json.Unmarshal(body, &ev); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	err = p.Writer.WriteMessages(r.Context(), kafka.Message{Key: []byte(ev.OrderID), Value: body}) // safe: Kafka takes no idempotency key
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}
