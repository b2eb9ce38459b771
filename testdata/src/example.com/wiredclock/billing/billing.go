// Package billing charges fees for the time a sweep is given: the
// handler reads the clock, and the key the provider deduplicates on is
// made of that reading.
package billing

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// A Gateway charges under a key the provider deduplicates on.
type Gateway interface {
	Charge(ctx context.Context, amount int64, key string) error
}

// A Claimer claims a name once: false when it was claimed before.
type Claimer interface {
	Claim(ctx context.Context, name string) (bool, error)
}

// A Stamper records when a sweep ran.
type Stamper interface {
	Stamp(ctx context.Context, at time.Time) error
}

// A Sweeper bills fees.
type Sweeper struct {
	Pay    Gateway
	Claims Claimer
	Stamps Stamper
}

// Run charges under a key of the time it is given.
func (s *Sweeper) Run(ctx context.Context, now time.Time) error {
	return s.Pay.Charge(ctx, 100, fmt.Sprintf("fee:%d", now.Unix()))
}

// RunClaimed charges only when the day's run is claimed first: a retry
// stops at the claim.
func (s *Sweeper) RunClaimed(ctx context.Context, day string, now time.Time) error {
	ok, err := s.Claims.Claim(ctx, day)
	if err != nil || !ok {
		return err
	}
	return s.Pay.Charge(ctx, 100, fmt.Sprintf("fee:%d", now.Unix()))
}

// RunDay charges under a key of the day of the time, the same on every
// attempt of the day, and records when it ran.
func (s *Sweeper) RunDay(ctx context.Context, now time.Time) error {
	if err := s.Pay.Charge(ctx, 100, "fee:"+now.Format("2006-01-02")); err != nil {
		return err
	}
	return s.Stamps.Stamp(ctx, now)
}

// A Ticket is a contractor's ticket.
type Ticket struct{ Number string }

// A Contractor opens tickets.
type Contractor interface {
	Open(ctx context.Context, site string) (Ticket, error)
	Escalate(ctx context.Context, site string) (Ticket, error)
}

// A TicketRow is the record of a ticket opened.
type TicketRow struct {
	ID  string
	Ref sql.NullString
}

// A TicketStore records tickets.
type TicketStore interface {
	Insert(ctx context.Context, t TicketRow) error
}

// A Dispatcher opens a contractor's ticket for a fault, then records it.
type Dispatcher struct {
	Contractor Contractor
	Tickets    TicketStore
}

// Dispatch records the ticket only after the contractor opened it: a
// crash in between leaves no record, and the retry opens a second one.
func (d *Dispatcher) Dispatch(ctx context.Context, fault string) error {
	t, err := d.Contractor.Open(ctx, fault)
	if err != nil {
		return err
	}
	return d.Tickets.Insert(ctx, TicketRow{ID: fault, Ref: sql.NullString{String: t.Number, Valid: true}})
}

// Escalate keeps the row in a variable before it stores it: as late.
func (d *Dispatcher) Escalate(ctx context.Context, fault string) error {
	t, err := d.Contractor.Escalate(ctx, fault)
	if err != nil {
		return err
	}
	row := TicketRow{ID: fault + "/escalation", Ref: sql.NullString{String: t.Number, Valid: true}}
	return d.Tickets.Insert(ctx, row)
}

// A Notifier pages someone.
type Notifier interface {
	Notify(ctx context.Context, name string) error
}

// Alerts page once per alert.
type Alerts struct {
	Claims   Claimer
	Notifier Notifier
}

// AlertOnce claims the alert, then pages: a retry stops at the claim,
// so the page is sent once.
func (a *Alerts) AlertOnce(ctx context.Context, name string) error {
	ok, err := a.Claims.Claim(ctx, name)
	if err != nil || !ok {
		return err
	}
	return a.Notifier.Notify(ctx, name)
}

// An Alerter pages once per alert.
type Alerter interface {
	AlertOnce(ctx context.Context, name string) error
}

// A Crew is sent to a site.
type Crew interface {
	Send(ctx context.Context, site string) (Ticket, error)
}

// A Roster closes faults and records the crews sent to them.
type Roster interface {
	Close(ctx context.Context, fault string) error
	Mark(ctx context.Context, fault string) error
	Record(ctx context.Context, t TicketRow) error
}

// Crews send crews to faults.
type Crews struct {
	Crew   Crew
	Roster Roster
}

// Send closes a fault that needs no crew, and returns; otherwise it
// records the crew only after sending it: a crash in between leaves no
// record, and the retry sends a second crew.
func (c *Crews) Send(ctx context.Context, fault string, closed bool) error {
	if closed {
		return c.Roster.Close(ctx, fault)
	}
	t, err := c.Crew.Send(ctx, fault)
	if err != nil {
		return err
	}
	return c.Roster.Record(ctx, TicketRow{ID: fault + "/crew", Ref: sql.NullString{String: t.Number, Valid: true}})
}

// SendMarked marks the fault before it sends the crew.
func (c *Crews) SendMarked(ctx context.Context, fault string) error {
	if err := c.Roster.Mark(ctx, fault); err != nil {
		return err
	}
	t, err := c.Crew.Send(ctx, fault)
	if err != nil {
		return err
	}
	return c.Roster.Record(ctx, TicketRow{ID: fault + "/crew", Ref: sql.NullString{String: t.Number, Valid: true}})
}
