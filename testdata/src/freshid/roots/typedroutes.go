package roots

import (
	"context"
	"encoding/json"

	"github.com/google/uuid"
	"github.com/segmentio/kafka-go"
)

// A consumer that dispatches through a table of an interface whose only
// implementation here is a function type that calls itself, as
// http.HandlerFunc does, each entry a typed handler adapted by a
// generic helper.

type Meta struct{ EventID string }

type EventHandler interface {
	Handle(ctx context.Context, meta Meta, data json.RawMessage) error
}

type EventHandlerFunc func(ctx context.Context, meta Meta, data json.RawMessage) error

func (f EventHandlerFunc) Handle(ctx context.Context, meta Meta, data json.RawMessage) error {
	return f(ctx, meta, data)
}

func Typed[T any](fn func(ctx context.Context, meta Meta, payload T) error) EventHandler {
	return EventHandlerFunc(func(ctx context.Context, meta Meta, data json.RawMessage) error {
		var p T
		if err := json.Unmarshal(data, &p); err != nil {
			return err
		}
		return fn(ctx, meta, p)
	})
}

type EventRoutes map[string]EventHandler

func (r EventRoutes) Dispatch(ctx context.Context, msg kafka.Message) error {
	h, ok := r[string(msg.Key)]
	if !ok {
		return nil
	}
	return h.Handle(ctx, Meta{EventID: string(msg.Key)}, msg.Value)
}

type Landing struct{ Port string }

type LandingHandlers struct{}

func (h *LandingHandlers) Declared(ctx context.Context, _ Meta, evt Landing) error {
	_, err := db.ExecContext(ctx, "INSERT INTO landings (id, port) VALUES ($1, $2)", uuid.NewString(), evt.Port) // want `a retry inserts a second landings row with a new id: uuid.NewString\(\) is fresh on every attempt \(kafka-go consumer loop LandingConsumer.Run\)`
	return err
}

func NewLandingRoutes(h *LandingHandlers) EventRoutes {
	return EventRoutes{"landing.declared": Typed(h.Declared)}
}

type LandingConsumer struct {
	reader *kafka.Reader
	routes EventRoutes
}

func (c *LandingConsumer) Run(ctx context.Context) error {
	for {
		msg, err := c.reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.routes.Dispatch(ctx, msg); err != nil {
			return err
		}
		c.reader.CommitMessages(ctx, msg)
	}
}
