// Package sqsbatch turns a per-message handler into an SQS Lambda handler
// that reports partial batch failures, so one poison message does not make
// the whole batch redeliver.
package sqsbatch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/aws/aws-lambda-go/events"

	"github.com/voltway/charging/internal/platform/logx"
)

// Message is what a typed handler receives for each SQS record.
type Message[T any] struct {
	ID            string
	Body          T
	ReceiveCount  string
	GroupID       string
	DedupID       string
	SentTimestamp string
}

// Handler processes one decoded message.
type Handler[T any] func(ctx context.Context, msg Message[T]) error

// ErrPermanent marks an error that redelivery cannot fix; the message is
// acknowledged (and logged) instead of being retried until the DLQ.
var ErrPermanent = errors.New("permanent failure")

// Permanent wraps err as permanent.
func Permanent(err error) error { return fmt.Errorf("%w: %w", ErrPermanent, err) }

// Handle returns a Lambda handler for an SQS event source mapping with
// ReportBatchItemFailures enabled.
func Handle[T any](h Handler[T]) func(context.Context, events.SQSEvent) (events.SQSEventResponse, error) {
	return func(ctx context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) {
		var resp events.SQSEventResponse
		for i, rec := range ev.Records {
			log := logx.From(ctx).With("message_id", rec.MessageId)
			var body T
			if err := json.Unmarshal([]byte(rec.Body), &body); err != nil {
				log.Error("dropping undecodable message", "err", err)
				continue
			}
			msg := Message[T]{
				ID:            rec.MessageId,
				Body:          body,
				ReceiveCount:  rec.Attributes["ApproximateReceiveCount"],
				GroupID:       rec.Attributes["MessageGroupId"],
				DedupID:       rec.Attributes["MessageDeduplicationId"],
				SentTimestamp: rec.Attributes["SentTimestamp"],
			}
			err := h(logx.With(ctx, log), msg)
			switch {
			case err == nil:
			case errors.Is(err, ErrPermanent):
				log.Error("permanent failure, acknowledging", "err", err)
			default:
				log.Warn("message failed, will be redelivered", "err", err)
				if msg.GroupID != "" {
					// FIFO: everything after a failure in the same batch must
					// be retried too, or ordering within the group breaks.
					for _, rest := range ev.Records[i:] {
						resp.BatchItemFailures = append(resp.BatchItemFailures,
							events.SQSBatchItemFailure{ItemIdentifier: rest.MessageId})
					}
					return resp, nil
				}
				resp.BatchItemFailures = append(resp.BatchItemFailures,
					events.SQSBatchItemFailure{ItemIdentifier: rec.MessageId})
			}
		}
		return resp, nil
	}
}
