// Package subs starts subscriptions past a claim of the request's key
// through an interface the composition root fills.
package subs

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/google/uuid"

	"example.com/wiredprev/idem"
	"example.com/wiredprev/pay"
	"example.com/wiredprev/retryx"
)

// KeyClaims claims a request's key, returning the response stored for
// a key claimed before.
type KeyClaims interface {
	Claim(ctx context.Context, tx *sql.Tx, key string) (*idem.Stored, error)
}

// KeyLookups finds the response stored for a request's key.
type KeyLookups interface {
	Find(ctx context.Context, tx *sql.Tx, key string) (*idem.Stored, error)
}

type Handler struct {
	DB     *sql.DB
	Claims KeyClaims  // a claim: a retry gets the stored response
	Seen   KeyLookups // a lookup: a retry goes on
}

// Create inserts the subscription under a fresh ID only when the key
// is new: a retry is answered with the stored response.
func (h *Handler) Create(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	tx, err := h.DB.BeginTx(ctx, nil)
	if err != nil {
		return
	}
	defer tx.Rollback()
	prev, err := h.Claims.Claim(ctx, tx, r.Header.Get("Idempotency-Key"))
	if err != nil {
		return
	}
	if prev != nil {
		w.Write([]byte(prev.Body))
		return
	}
	id := uuid.NewString()
	if _, err := tx.ExecContext(ctx, "INSERT INTO subscriptions (id, member) VALUES ($1, $2)", id, r.FormValue("member")); err != nil {
		return
	}
	tx.Commit()
}

// CreateSeen does the same past a lookup that claims nothing.
func (h *Handler) CreateSeen(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	tx, err := h.DB.BeginTx(ctx, nil)
	if err != nil {
		return
	}
	defer tx.Rollback()
	prev, err := h.Seen.Find(ctx, tx, r.Header.Get("Idempotency-Key"))
	if err != nil {
		return
	}
	if prev != nil {
		w.Write([]byte(prev.Body))
		return
	}
	id := uuid.NewString() // want `a retry inserts a second subscriptions row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.CreateSeen\)`
	if _, err := tx.ExecContext(ctx, "INSERT INTO subscriptions (id, member) VALUES ($1, $2)", id, r.FormValue("member")); err != nil {
		return
	}
	tx.Commit()
}

// Payments charges a member.
type Payments interface {
	Charge(ctx context.Context, req pay.ChargeRequest) error
}

// Billing charges members through the provider main wires.
type Billing struct{ Pay Payments }

// Charge charges under a key made anew on every delivery.
func (b *Billing) Charge(w http.ResponseWriter, r *http.Request) {
	b.Pay.Charge(r.Context(), pay.ChargeRequest{Amount: 100, Key: uuid.NewString()}) // want `a retry sends a new value as the provider's idempotency key, so the duplicate is not recognised: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Billing.Charge\)`
}

// ChargeKeyed charges under the request's key.
func (b *Billing) ChargeKeyed(w http.ResponseWriter, r *http.Request) {
	b.Pay.Charge(r.Context(), pay.ChargeRequest{Amount: 100, Key: r.Header.Get("Idempotency-Key")})
}

// Renew charges a member's renewal, again while the charge fails,
// under a key made anew on every attempt. It is not a handler: each
// attempt of the retry is the retried code.
func (b *Billing) Renew(ctx context.Context, member string) error {
	return retryx.Do(ctx, func() error {
		return b.Pay.Charge(ctx, pay.ChargeRequest{Amount: 100, Key: uuid.NewString()}) // want `a retry sends a new value as the provider's idempotency key, so the duplicate is not recognised: uuid.NewString\(\) is fresh on every attempt \(backoff.Retry operation func literal in Billing.Renew\)`
	})
}

// RenewOnce makes the key once, before the attempts.
func (b *Billing) RenewOnce(ctx context.Context, member string) error {
	key := uuid.NewString()
	return retryx.Do(ctx, func() error {
		return b.Pay.Charge(ctx, pay.ChargeRequest{Amount: 100, Key: key})
	})
}

// Payouts sends transfers.
type Payouts interface {
	Send(ctx context.Context, tr pay.Transfer) error
}

// Refunds refunds members by transfer.
type Refunds struct{ Out Payouts }

// Refund sends a transfer whose client_reference is the request's key:
// keyed in its body, though no header carries a key.
func (f *Refunds) Refund(w http.ResponseWriter, r *http.Request) {
	f.Out.Send(r.Context(), pay.Transfer{ClientReference: "refund:" + r.Header.Get("Idempotency-Key"), Amount: 100})
}

// Debiting collects direct debits.
type Debiting interface {
	Create(ctx context.Context, dr pay.DebitRequest) error
}

// Collections collects members' dues by direct debit.
type Collections struct{ Debits Debiting }

// Collect starts the debit with a statement reference but no key: the
// provider takes its key in a header of its own.
func (c *Collections) Collect(w http.ResponseWriter, r *http.Request) {
	c.Debits.Create(r.Context(), pay.DebitRequest{Mandate: r.FormValue("mandate"), Reference: "dues"})
}

// CollectKeyed starts it under the request's key.
func (c *Collections) CollectKeyed(w http.ResponseWriter, r *http.Request) {
	c.Debits.Create(r.Context(), pay.DebitRequest{Mandate: r.FormValue("mandate"), Reference: "dues", IdempotencyKey: r.Header.Get("Idempotency-Key")})
}

// RefundBare sends the transfer with no client_reference: the bank
// takes it as a new one on every delivery.
func (f *Refunds) RefundBare(w http.ResponseWriter, r *http.Request) {
	f.Out.Send(r.Context(), pay.Transfer{Amount: 100})
}
