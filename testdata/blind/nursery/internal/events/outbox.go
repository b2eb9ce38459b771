package events

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/ThreeDotsLabs/watermill"
	wmsql "github.com/ThreeDotsLabs/watermill-sql/v4/pkg/sql"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"

	"github.com/acornlane-childcare/nursery/internal/platform/pgtx"
)

// ErrNoTransaction is returned when Publish is called without a transaction
// in the context; events are only ever written alongside the state change
// that produced them.
var ErrNoTransaction = errors.New("events: publish outside a transaction")

// Publisher is what services depend on.
type Publisher interface {
	Publish(ctx context.Context, topic string, payload any) error
}

// Schema is the watermill-sql schema shared by the outbox and subscribers.
func Schema() wmsql.SchemaAdapter {
	return wmsql.DefaultPostgreSQLSchema{SubscribeBatchSize: 10}
}

// Outbox writes events into watermill's message tables using the pgx
// transaction carried in ctx, so an event is visible to subscribers only if
// the surrounding transaction commits.
type Outbox struct {
	schema wmsql.SchemaAdapter
	logger watermill.LoggerAdapter
}

func NewOutbox(logger watermill.LoggerAdapter) *Outbox {
	return &Outbox{schema: Schema(), logger: logger}
}

func (o *Outbox) Publish(ctx context.Context, topic string, payload any) error {
	tx, ok := pgtx.From(ctx)
	if !ok {
		return ErrNoTransaction
	}
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("marshal %s: %w", topic, err)
	}

	pub, err := wmsql.NewPublisher(wmsql.TxFromPgx(tx), wmsql.PublisherConfig{
		SchemaAdapter: o.schema,
	}, o.logger)
	if err != nil {
		return fmt.Errorf("outbox publisher: %w", err)
	}

	msg := message.NewMessage(watermill.NewUUID(), body)
	msg.SetContext(ctx)
	if cid := CorrelationID(ctx); cid != "" {
		middleware.SetCorrelationID(cid, msg)
	}
	if err := pub.Publish(topic, msg); err != nil {
		return fmt.Errorf("publish %s: %w", topic, err)
	}
	return nil
}

type correlationKey struct{}

// WithCorrelationID tags ctx so that events published under it carry id.
func WithCorrelationID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, correlationKey{}, id)
}

func CorrelationID(ctx context.Context) string {
	v, _ := ctx.Value(correlationKey{}).(string)
	return v
}
