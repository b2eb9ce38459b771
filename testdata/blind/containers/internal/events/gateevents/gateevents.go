// Package gateevents builds the dispatcher for the gate automation topic.
package gateevents

import (
	"context"

	"github.com/quaymark/terminal-ops/internal/events/dispatch"
	"github.com/quaymark/terminal-ops/internal/service/gate"
)

// Service is the gate use-case surface.
type Service interface {
	ApplyGateIn(ctx context.Context, ev gate.GateIn) error
	ApplyGateOut(ctx context.Context, ev gate.GateOut) error
}

// consumerName keys processed_events rows for this topic.
const consumerName = "gate-events"

// NewDispatcher registers the gate handlers.
func NewDispatcher(svc Service, seen dispatch.SeenStore) *dispatch.Dispatcher {
	d := dispatch.New("gate")
	dedup := dispatch.Dedup(seen, consumerName)

	dispatch.Register(d, "GATE_IN", func(ctx context.Context, env dispatch.Envelope, ev gate.GateIn) error {
		ev.EventID = env.EventID
		if ev.OccurredAt.IsZero() {
			ev.OccurredAt = env.OccurredAt
		}
		return svc.ApplyGateIn(ctx, ev)
	}, dedup)

	dispatch.Register(d, "GATE_OUT", func(ctx context.Context, env dispatch.Envelope, ev gate.GateOut) error {
		ev.EventID = env.EventID
		if ev.OccurredAt.IsZero() {
			ev.OccurredAt = env.OccurredAt
		}
		return svc.ApplyGateOut(ctx, ev)
	}, dedup)

	return d
}
