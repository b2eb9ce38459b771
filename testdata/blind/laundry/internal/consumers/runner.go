// Package consumers runs the Kafka consumer groups that react to order and
// payment events.
package consumers

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/freshpress/laundry/internal/events"
	"github.com/freshpress/laundry/internal/retry"
)

// Runner reads one consumer group and feeds a dispatcher. Offsets are
// committed after the handler returns; a handler that keeps failing is
// retried with backoff and then parked on the dead-letter topic.
type Runner struct {
	Reader     *kafka.Reader
	Dispatcher *events.Dispatcher[events.Envelope]
	DLQ        *kafka.Writer
	Policy     retry.Policy
	Log        *slog.Logger
}

func (r *Runner) Run(ctx context.Context) error {
	log := r.Log.With("group", r.Dispatcher.Name())
	log.Info("consumer started", "types", r.Dispatcher.Types())
	for {
		msg, err := r.Reader.FetchMessage(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				return nil
			}
			return err
		}
		if err := r.handle(ctx, log, msg); err != nil {
			return err
		}
		if err := r.Reader.CommitMessages(ctx, msg); err != nil {
			return err
		}
	}
}

func (r *Runner) handle(ctx context.Context, log *slog.Logger, msg kafka.Message) error {
	var env events.Envelope
	if err := json.Unmarshal(msg.Value, &env); err != nil {
		log.Error("undecodable message", "offset", msg.Offset, "err", err)
		return r.park(ctx, msg, err)
	}
	err := retry.Do(ctx, r.Policy, func() error {
		err := r.Dispatcher.Dispatch(ctx, env)
		var perm *events.PermanentError
		if errors.As(err, &perm) {
			return retry.Permanent(err)
		}
		return err
	})
	if err == nil {
		return nil
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	log.Error("handler failed, parking message", "event_id", env.ID, "type", env.Type, "err", err)
	return r.park(ctx, msg, err)
}

func (r *Runner) park(ctx context.Context, msg kafka.Message, cause error) error {
	if r.DLQ == nil {
		return cause
	}
	headers := append([]kafka.Header{}, msg.Headers...)
	headers = append(headers,
		kafka.Header{Key: "dlq-source-topic", Value: []byte(msg.Topic)},
		kafka.Header{Key: "dlq-group", Value: []byte(r.Dispatcher.Name())},
		kafka.Header{Key: "dlq-error", Value: []byte(cause.Error())},
		kafka.Header{Key: "dlq-at", Value: []byte(time.Now().UTC().Format(time.RFC3339))},
	)
	return r.DLQ.WriteMessages(ctx, kafka.Message{Key: msg.Key, Value: msg.Value, Headers: headers})
}
