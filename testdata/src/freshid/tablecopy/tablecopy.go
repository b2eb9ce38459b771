// Package tablecopy consumes readings through a consumer whose table of
// handlers is a copy, each entry wrapped in middleware, of the table a
// method of the handlers returns.
package tablecopy

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
	"github.com/segmentio/kafka-go"
)

// HandlerFunc handles one message.
type HandlerFunc func(ctx context.Context, m kafka.Message) error

// Middleware wraps a handler.
type Middleware func(HandlerFunc) HandlerFunc

// Consumer runs the handler a message's key names.
type Consumer struct {
	reader   *kafka.Reader
	handlers map[string]HandlerFunc
}

// NewConsumer copies table into the consumer's own, wrapping each entry.
func NewConsumer(reader *kafka.Reader, table map[string]HandlerFunc, mw ...Middleware) *Consumer {
	wrapped := make(map[string]HandlerFunc, len(table))
	for k, h := range table {
		for i := len(mw) - 1; i >= 0; i-- {
			h = mw[i](h)
		}
		wrapped[k] = h
	}
	return &Consumer{reader: reader, handlers: wrapped}
}

// Run consumes until the reader fails.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		m, err := c.reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if h, ok := c.handlers[string(m.Key)]; ok {
			if err := h(ctx, m); err != nil {
				return err
			}
		}
		if err := c.reader.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Handlers handle the readings.
type Handlers struct{ DB *sql.DB }

// Table returns the handlers by reading type.
func (h *Handlers) Table() map[string]HandlerFunc {
	return map[string]HandlerFunc{
		"alert": h.alert,
	}
}

// alert stores an alert under an ID made on every delivery.
func (h *Handlers) alert(ctx context.Context, m kafka.Message) error {
	_, err := h.DB.ExecContext(ctx, "INSERT INTO alerts (id, device) VALUES ($1, $2)", uuid.NewString(), string(m.Value)) // want `a retry inserts a second alerts row with a new id`
	return err
}

// Start wires the consumer.
func Start(ctx context.Context, db *sql.DB) error {
	h := &Handlers{DB: db}
	return NewConsumer(kafka.NewReader(kafka.ReaderConfig{GroupID: "g"}), h.Table()).Run(ctx)
}
