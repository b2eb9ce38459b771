// Package consumer wires the worker's watermill handlers. Each route has its
// own consumer group, so several handlers can react to the same topic
// independently, and each is redelivered on its own when it fails.
package consumer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	wmsql "github.com/ThreeDotsLabs/watermill-sql/v4/pkg/sql"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/acornlane-childcare/nursery/internal/events"
	"github.com/acornlane-childcare/nursery/internal/platform/pgtx"
)

// Route binds a handler to a topic under a consumer group.
type Route struct {
	Name   string
	Topic  string
	Group  string
	Handle message.NoPublishHandlerFunc
}

// SubscriberFactory returns a subscriber for a consumer group.
type SubscriberFactory func(group string) (message.Subscriber, error)

// NewSubscriberFactory builds watermill-sql subscribers on the pool.
func NewSubscriberFactory(pool *pgxpool.Pool, logger watermill.LoggerAdapter) SubscriberFactory {
	ackDeadline := 2 * time.Minute
	return func(group string) (message.Subscriber, error) {
		return wmsql.NewSubscriber(wmsql.BeginnerFromPgx(pool), wmsql.SubscriberConfig{
			ConsumerGroup:    group,
			SchemaAdapter:    events.Schema(),
			OffsetsAdapter:   wmsql.DefaultPostgreSQLOffsetsAdapter{},
			InitializeSchema: true,
			PollInterval:     500 * time.Millisecond,
			ResendInterval:   5 * time.Second,
			AckDeadline:      &ackDeadline,
		}, logger)
	}
}

// NewRouter creates the watermill router with the worker's middleware and
// registers every route.
func NewRouter(routes []Route, subs SubscriberFactory, logger watermill.LoggerAdapter) (*message.Router, error) {
	r, err := message.NewRouter(message.RouterConfig{CloseTimeout: 30 * time.Second}, logger)
	if err != nil {
		return nil, err
	}
	r.AddMiddleware(
		middleware.CorrelationID,
		middleware.Retry{
			MaxRetries:      3,
			InitialInterval: 500 * time.Millisecond,
			Multiplier:      2,
			Logger:          logger,
		}.Middleware,
		middleware.Recoverer,
	)
	for _, rt := range routes {
		sub, err := subs(rt.Group)
		if err != nil {
			return nil, fmt.Errorf("subscriber for %s: %w", rt.Name, err)
		}
		r.AddConsumerHandler(rt.Name, rt.Topic, sub, rt.Handle)
	}
	return r, nil
}

// decode unmarshals a message payload.
func decode[T any](msg *message.Message) (T, error) {
	var v T
	if err := json.Unmarshal(msg.Payload, &v); err != nil {
		return v, fmt.Errorf("decode %T: %w", v, err)
	}
	return v, nil
}

// handle adapts a typed service call to a watermill handler.
func handle[T any](fn func(ctx context.Context, ev T) error) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		ev, err := decode[T](msg)
		if err != nil {
			return err
		}
		return fn(msg.Context(), ev)
	}
}

// inSubscriberTx exposes the watermill-sql subscriber's transaction to the
// repositories through pgtx, so writes commit together with the ack.
func inSubscriberTx(ctx context.Context) (context.Context, error) {
	tx, ok := wmsql.TxFromContext(ctx)
	if !ok {
		return nil, errors.New("consumer: no subscriber transaction in context")
	}
	ptx, ok := tx.(*wmsql.PgxTx)
	if !ok {
		return nil, fmt.Errorf("consumer: unexpected subscriber tx %T", tx)
	}
	return pgtx.WithTx(ctx, ptx.Tx), nil
}
