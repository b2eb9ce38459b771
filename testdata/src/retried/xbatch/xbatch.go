// Package xbatch turns a handler of one message into a Lambda handler of
// an SQS batch.
package xbatch

import (
	"context"

	"github.com/aws/aws-lambda-go/events"
)

// A Message is one record's body.
type Message[T any] struct {
	ID   string
	Body T
}

// A Handler handles one message.
type Handler[T any] func(context.Context, Message[T]) error

// Handle returns a Lambda handler that runs h for each record.
func Handle[T any](h Handler[T]) func(context.Context, events.SQSEvent) (events.SQSEventResponse, error) {
	return func(ctx context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) {
		var resp events.SQSEventResponse
		for _, rec := range ev.Records {
			var body T
			if err := h(ctx, Message[T]{ID: rec.MessageId, Body: body}); err != nil {
				resp.BatchItemFailures = append(resp.BatchItemFailures, events.SQSBatchItemFailure{ItemIdentifier: rec.MessageId})
			}
		}
		return resp, nil
	}
}
