package consumer

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/segmentio/kafka-go"

	"github.com/northwind-retail/rma/internal/service/inspection"
	"github.com/northwind-retail/rma/internal/service/inventory"
)

// Envelope is the wire format of warehouse.inspections.v1.
type Envelope struct {
	EventID     string          `json:"event_id"`
	Type        string          `json:"type"`
	ReturnID    string          `json:"return_id"`
	WarehouseID string          `json:"warehouse_id"`
	OccurredAt  time.Time       `json:"occurred_at"`
	Data        json.RawMessage `json:"data"`
}

// HandlerFunc handles one decoded message.
type HandlerFunc func(ctx context.Context, msg kafka.Message, env Envelope) error

// typed adapts a handler that wants a decoded payload. Malformed payloads
// are permanent failures and are skipped by the consumer loop.
func typed[T any](fn func(ctx context.Context, env Envelope, payload T) error) HandlerFunc {
	return func(ctx context.Context, msg kafka.Message, env Envelope) error {
		var p T
		if len(env.Data) > 0 {
			if err := json.Unmarshal(env.Data, &p); err != nil {
				return backoff.Permanent(fmt.Errorf("decode %s payload at offset %d: %w", env.Type, msg.Offset, err))
			}
		}
		return fn(ctx, env, p)
	}
}

// Inspections is what the handlers need from the inspection service.
type Inspections interface {
	Received(ctx context.Context, eventID, returnID, warehouseID string, at time.Time) error
	Completed(ctx context.Context, returnID, inspector string, at time.Time, lines []inspection.GradedLine) error
	Rejected(ctx context.Context, eventID, returnID, reason string) error
	Discrepancy(ctx context.Context, returnID string, d inspection.DiscrepancyReport) error
}

type Restocker interface {
	Restock(ctx context.Context, eventID, returnID, warehouseID string, lines []inventory.Line) (int, error)
}

type completedPayload struct {
	Inspector string `json:"inspector"`
	Lines     []struct {
		OrderLineID     string `json:"order_line_id"`
		Grade           string `json:"grade"`
		RefundableCents int64  `json:"refundable_cents"`
	} `json:"lines"`
}

type rejectedPayload struct {
	Reason string `json:"reason"`
}

type restockPayload struct {
	Lines []struct {
		OrderLineID string `json:"order_line_id"`
		Quantity    int    `json:"quantity"`
	} `json:"lines"`
}

type discrepancyPayload struct {
	OrderLineID string `json:"order_line_id"`
	Kind        string `json:"kind"`
	ExpectedQty int    `json:"expected_qty"`
	ReceivedQty int    `json:"received_qty"`
	Note        string `json:"note"`
}

// InspectionHandlers builds the handler table for the inspection topic.
func InspectionHandlers(svc Inspections, stock Restocker) map[string]HandlerFunc {
	return map[string]HandlerFunc{
		"inspection.received": func(ctx context.Context, msg kafka.Message, env Envelope) error {
			return svc.Received(ctx, eventID(msg, env), env.ReturnID, env.WarehouseID, env.OccurredAt)
		},

		"inspection.completed": typed(func(ctx context.Context, env Envelope, p completedPayload) error {
			lines := make([]inspection.GradedLine, 0, len(p.Lines))
			for _, l := range p.Lines {
				lines = append(lines, inspection.GradedLine{
					OrderLineID: l.OrderLineID, Grade: l.Grade, RefundableCents: l.RefundableCents,
				})
			}
			return svc.Completed(ctx, env.ReturnID, p.Inspector, env.OccurredAt, lines)
		}),

		"inspection.rejected": func(ctx context.Context, msg kafka.Message, env Envelope) error {
			var p rejectedPayload
			_ = json.Unmarshal(env.Data, &p)
			if p.Reason == "" {
				p.Reason = "items did not meet the return policy"
			}
			return svc.Rejected(ctx, eventID(msg, env), env.ReturnID, p.Reason)
		},

		"inspection.restocked": func(ctx context.Context, msg kafka.Message, env Envelope) error {
			var p restockPayload
			if err := json.Unmarshal(env.Data, &p); err != nil {
				return backoff.Permanent(err)
			}
			lines := make([]inventory.Line, 0, len(p.Lines))
			for _, l := range p.Lines {
				lines = append(lines, inventory.Line{OrderLineID: l.OrderLineID, Quantity: l.Quantity})
			}
			_, err := stock.Restock(ctx, eventID(msg, env), env.ReturnID, env.WarehouseID, lines)
			return err
		},

		"inspection.discrepancy": typed(func(ctx context.Context, env Envelope, p discrepancyPayload) error {
			return svc.Discrepancy(ctx, env.ReturnID, inspection.DiscrepancyReport{
				OrderLineID: p.OrderLineID, Kind: p.Kind,
				ExpectedQty: p.ExpectedQty, ReceivedQty: p.ReceivedQty, Note: p.Note,
			})
		}),
	}
}

// eventID returns the producer's event id, falling back to the message's
// position in the topic, which is stable across redeliveries.
func eventID(msg kafka.Message, env Envelope) string {
	if env.EventID != "" {
		return env.EventID
	}
	return fmt.Sprintf("%s/%d/%d", msg.Topic, msg.Partition, msg.Offset)
}
