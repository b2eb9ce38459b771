// Package store charges through Stripe and keeps claims and stamps in
// PostgreSQL.
package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
	"time"

	"github.com/stripe/stripe-go/v82"

	"example.com/wiredclock/billing"
)

// Cards charges under the key it is given.
type Cards struct{ SC *stripe.Client }

func (c Cards) Charge(ctx context.Context, amount int64, key string) error {
	params := &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(amount)}
	params.SetIdempotencyKey(key)
	_, err := c.SC.V1PaymentIntents.Create(ctx, params)
	return err
}

// Claims claims names once.
type Claims struct{ DB *sql.DB }

func (c Claims) Claim(ctx context.Context, name string) (bool, error) {
	res, err := c.DB.ExecContext(ctx, "INSERT INTO sweep_claims (name) VALUES ($1) ON CONFLICT DO NOTHING", name)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Stamps records when sweeps ran.
type Stamps struct{ DB *sql.DB }

func (s Stamps) Stamp(ctx context.Context, at time.Time) error {
	_, err := s.DB.ExecContext(ctx, "UPDATE sweeps SET last_run = $1", at)
	return err
}

// Contractor opens tickets with the contractor's API, which takes no
// key: nothing in the package names one, so a POST without one is no
// missingkey finding.
type Contractor struct{ HTTP *http.Client }

func (c Contractor) Open(ctx context.Context, site string) (billing.Ticket, error) {
	var t billing.Ticket
	resp, err := c.HTTP.Post("https://contractor.example/tickets", "application/json", nil) // want `a crash after the HTTP POST in store.Contractor.Open and before its outcome is stored leaves no record of it, so the retry calls again: nothing is written before the call, and store.Tickets.Insert stores its outcome after it \(HTTP handler Handler.Fault\)`
	if err != nil {
		return t, err
	}
	defer resp.Body.Close()
	err = json.NewDecoder(resp.Body).Decode(&t)
	return t, err
}

func (c Contractor) Escalate(ctx context.Context, site string) (billing.Ticket, error) {
	var t billing.Ticket
	resp, err := c.HTTP.Post("https://contractor.example/escalations", "application/json", nil) // want `a crash after the HTTP POST in store.Contractor.Escalate and before its outcome is stored leaves no record of it, so the retry calls again: nothing is written before the call, and store.Tickets.Insert stores its outcome after it \(HTTP handler Handler.Escalate\)`
	if err != nil {
		return t, err
	}
	defer resp.Body.Close()
	err = json.NewDecoder(resp.Body).Decode(&t)
	return t, err
}

// Metered counts a contractor's calls, and makes them through the
// contractor it wraps.
type Metered struct {
	Inner billing.Contractor
	Calls *int
}

func (m Metered) Open(ctx context.Context, site string) (billing.Ticket, error) {
	*m.Calls++
	return m.Inner.Open(ctx, site)
}

func (m Metered) Escalate(ctx context.Context, site string) (billing.Ticket, error) {
	*m.Calls++
	return m.Inner.Escalate(ctx, site)
}

// Pager pages through an HTTP API that takes no key.
type Pager struct{ HTTP *http.Client }

func (p Pager) Notify(ctx context.Context, name string) error {
	resp, err := p.HTTP.Post("https://pager.example/pages", "application/json", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Tickets records tickets.
type Tickets struct{ DB *sql.DB }

func (s Tickets) Insert(ctx context.Context, t billing.TicketRow) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO tickets (id, ref) VALUES ($1, $2) ON CONFLICT DO NOTHING", t.ID, t.Ref)
	return err
}

// Crew sends crews through the contractor's API.
type Crew struct{ HTTP *http.Client }

func (c Crew) Send(ctx context.Context, site string) (billing.Ticket, error) {
	resp, err := c.HTTP.Post("https://contractor.example/crews?site="+site, "text/plain", nil) // want `a crash after the HTTP POST in store.Crew.Send and before its outcome is stored leaves no record of it, so the retry calls again: nothing is written before the call, and store.Roster.Record stores its outcome after it \(HTTP handler Handler.Crew\)`
	if err != nil {
		return billing.Ticket{}, err
	}
	defer resp.Body.Close()
	return billing.Ticket{Number: resp.Header.Get("X-Crew")}, nil
}

// Roster keeps faults and crews.
type Roster struct{ DB *sql.DB }

func (r Roster) Close(ctx context.Context, fault string) error {
	_, err := r.DB.ExecContext(ctx, "UPDATE faults SET closed = true WHERE id = $1", fault)
	return err
}

func (r Roster) Mark(ctx context.Context, fault string) error {
	_, err := r.DB.ExecContext(ctx, "UPDATE faults SET crew_requested = true WHERE id = $1", fault)
	return err
}

func (r Roster) Record(ctx context.Context, t billing.TicketRow) error {
	_, err := r.DB.ExecContext(ctx, "INSERT INTO crews (id, ref) VALUES ($1, $2) ON CONFLICT DO NOTHING", t.ID, t.Ref)
	return err
}
