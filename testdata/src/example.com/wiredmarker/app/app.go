// Package app captures deposits for the queue's jobs, through the
// store main wires.
package app

import (
	"context"
	"net/http"
	"time"

	"github.com/hibiken/asynq"
)

// Markers keeps the marks of the jobs done.
type Markers interface {
	Done(ctx context.Context, key string) (bool, error)
	Mark(ctx context.Context, key string, at time.Time) error
	Position(ctx context.Context, name string) (int64, error)
	Move(ctx context.Context, name string, pos int64) error
}

// Deposits moves deposits.
type Deposits interface {
	Capture(ctx context.Context, id string, cents int64) error
	Charge(ctx context.Context, id string, cents int64) error
}

// Partner is a repair partner.
type Partner struct{ ID, Name string }

// Partners reads partners.
type Partners interface {
	Get(ctx context.Context, id string) (Partner, error)
}

// Updates keeps the partners' updates.
type Updates interface {
	Insert(ctx context.Context, partnerID, eventID, status string) error
}

// Store hands out the repositories and runs units of work.
type Store interface {
	Markers() Markers
	Deposits() Deposits
	Partners() Partners
	Updates() Updates
	InTx(ctx context.Context, fn func(tx Store) error) error
}

// Service applies the partners' updates.
type Service interface {
	Partner(ctx context.Context, id string) (Partner, error)
	Apply(ctx context.Context, partnerID, eventID, status string) error
}

// Disputes keeps counterparties' disputes of statements.
type Disputes interface {
	Open(ctx context.Context, statementID, ref string) error
	Count(ctx context.Context, statementID string) (int, error)
}

// Webhooks receive the partners' updates and the counterparties'
// disputes.
type Webhooks struct {
	Svc      Service
	Disputes Disputes
}

// Dispute opens the dispute the form names, under the statement's ID
// and the counterparty's reference: a resend fails at the row.
func (h *Webhooks) Dispute(w http.ResponseWriter, r *http.Request) {
	if err := h.Disputes.Open(r.Context(), r.FormValue("statement"), r.FormValue("ref")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Update records a partner's update under the partner the path names,
// read back, and the event's ID: a resend fails at the row.
func (h *Webhooks) Update(w http.ResponseWriter, r *http.Request) {
	p, err := h.Svc.Partner(r.Context(), r.PathValue("partner"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	if err := h.Svc.Apply(r.Context(), p.ID, r.FormValue("event_id"), r.FormValue("status")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Handlers handle the jobs.
type Handlers struct {
	Store Store
}

func (h *Handlers) capture(ctx context.Context, tx Store, id string) error {
	if err := tx.Deposits().Capture(ctx, id, 100); err != nil {
		return err
	}
	return tx.Deposits().Charge(ctx, id, 100)
}

// Capture checks the job's mark on the pool, captures in a unit of
// work, then marks the job done on the pool: two deliveries at once
// both pass the check.
func (h *Handlers) Capture(ctx context.Context, t *asynq.Task) error {
	key := t.ResultWriter().TaskID()
	done, err := h.Store.Markers().Done(ctx, key)
	if err != nil || done {
		return err
	}
	if err := h.Store.InTx(ctx, func(tx Store) error { return h.capture(ctx, tx, string(t.Payload())) }); err != nil {
		return err
	}
	return h.Store.Markers().Mark(ctx, key, time.Now())
}

// CaptureOnce checks and marks the job in the unit of work that
// captures.
func (h *Handlers) CaptureOnce(ctx context.Context, t *asynq.Task) error {
	key := t.ResultWriter().TaskID()
	return h.Store.InTx(ctx, func(tx Store) error {
		done, err := tx.Markers().Done(ctx, key)
		if err != nil || done {
			return err
		}
		if err := h.capture(ctx, tx, string(t.Payload())); err != nil {
			return err
		}
		return tx.Markers().Mark(ctx, key, time.Now())
	})
}

// Follow reads the feed's position, captures in a unit of work, then
// moves the position: a cursor, no mark of a job.
func (h *Handlers) Follow(ctx context.Context, t *asynq.Task) error {
	pos, err := h.Store.Markers().Position(ctx, "deposits")
	if err != nil {
		return err
	}
	if err := h.Store.InTx(ctx, func(tx Store) error { return h.capture(ctx, tx, string(t.Payload())) }); err != nil {
		return err
	}
	return h.Store.Markers().Move(ctx, "deposits", pos+1)
}

// Register registers the handlers.
func Register(mux *asynq.ServeMux, h *Handlers) {
	mux.HandleFunc("deposit:capture", h.Capture)
	mux.HandleFunc("deposit:capture-once", h.CaptureOnce)
	mux.HandleFunc("deposit:follow", h.Follow)
}
