// Package app handles provider events through repositories that main
// wires, some of them in a unit of work that runs a function literal.
package app

import "context"

// An Event is a provider's event, identified by the provider.
type Event struct {
	ID   string
	Type string
}

// A Credit moves money to an account.
type Credit struct {
	Account string
	Amount  int64
}

type Events interface {
	Create(ctx context.Context, e *Event) error
}

type Credits interface {
	Apply(ctx context.Context, c *Credit) error
}

// Repos are the repositories a unit of work hands its function.
type Repos interface {
	Events() Events
	Credits() Credits
}

// Units runs a function in a transaction.
type Units interface {
	InTx(ctx context.Context, fn func(r Repos) error) error
}

type Service interface {
	Record(ctx context.Context, ev Event) error
	RecordAndCredit(ctx context.Context, ev Event, c Credit) error
	CreditTwice(ctx context.Context, c Credit) error
}

type service struct {
	events  Events
	credits Credits
	units   Units
}

func New(e Events, c Credits, u Units) Service {
	return &service{events: e, credits: c, units: u}
}

// Record stores the event under the provider's ID, in a unit of work.
func (s *service) Record(ctx context.Context, ev Event) error {
	return s.units.InTx(ctx, func(r Repos) error {
		return r.Events().Create(ctx, &Event{ID: ev.ID, Type: ev.Type})
	})
}

// RecordAndCredit writes twice in the unit of work's transaction: one
// commit, whatever the repositories' handle type says.
func (s *service) RecordAndCredit(ctx context.Context, ev Event, c Credit) error {
	return s.units.InTx(ctx, func(r Repos) error {
		if err := r.Credits().Apply(ctx, &c); err != nil {
			return err
		}
		return r.Events().Create(ctx, &Event{ID: ev.ID, Type: ev.Type})
	})
}

// CreditTwice credits through the repository main gives, on the
// database: each credit commits alone.
func (s *service) CreditTwice(ctx context.Context, c Credit) error {
	if err := s.credits.Apply(ctx, &c); err != nil {
		return err
	}
	return s.credits.Apply(ctx, &Credit{Account: "fees", Amount: 1})
}
