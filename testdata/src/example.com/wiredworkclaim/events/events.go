// Package events applies events through a table of handlers by type.
package events

import (
	"context"

	"github.com/google/uuid"
)

type Claims interface {
	Claim(ctx context.Context, id string) (bool, error)
}

type Credits interface {
	Add(ctx context.Context, id, event string) error
}

type Points interface {
	Award(ctx context.Context, event string) error
}

type Runner interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}

// Applier applies events through a table of handlers by type.
type Applier struct {
	Events   Claims
	Credits  Credits
	Work     Runner
	Points   Points
	handlers map[string]func(ctx context.Context, id string) error
}

// NewApplier builds the applier with its table.
func NewApplier(events Claims, credits Credits, work Runner) *Applier {
	a := &Applier{Events: events, Credits: credits, Work: work}
	a.handlers = map[string]func(ctx context.Context, id string) error{
		"paid":     a.onPaid,
		"refunded": a.onRefunded,
	}
	return a
}

func (a *Applier) onPaid(ctx context.Context, id string) error {
	return a.Credits.Add(ctx, uuid.NewString(), id) // want `a retry inserts a second credits row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.ApplyLoose\)`
}

func (a *Applier) onRefunded(ctx context.Context, id string) error {
	return a.Credits.Add(ctx, "refund-"+id, id)
}

// Apply claims the event, then runs its type's handler in the same
// work: a redelivery stops at the claim, so the credit lands once.
func (a *Applier) Apply(ctx context.Context, typ, id string) error {
	h, ok := a.handlers[typ]
	if !ok {
		return nil
	}
	return a.Work.Do(ctx, func(ctx context.Context) error {
		first, err := a.Events.Claim(ctx, id)
		if err != nil {
			return err
		}
		if !first {
			return nil
		}
		return h(ctx, id)
	})
}

// ApplyLoose runs the handler with no claim: each delivery credits again.
func (a *Applier) ApplyLoose(ctx context.Context, typ, id string) error {
	h, ok := a.handlers[typ]
	if !ok {
		return nil
	}
	return h(ctx, id)
}

// Grant claims the event, then awards its points through a helper: a
// redelivery stops at the claim.
func (a *Applier) Grant(ctx context.Context, id string) error {
	first, err := a.Events.Claim(ctx, id)
	if err != nil || !first {
		return err
	}
	return a.award(ctx, id)
}

// GrantLoose awards with no claim: each delivery awards again.
func (a *Applier) GrantLoose(ctx context.Context, id string) error {
	return a.award(ctx, id)
}

func (a *Applier) award(ctx context.Context, id string) error {
	return a.Points.Award(ctx, id)
}
