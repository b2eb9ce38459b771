// Package app records refunds through a store that main wires.
package app

import (
	"context"
	"net/http"

	"example.com/wiredreqctx/httpx"
	"example.com/wiredreqctx/reqctx"
	"example.com/wiredreqctx/store"

	"github.com/google/uuid"
)

// Store keeps refunds.
type Store interface {
	InsertRefund(ctx context.Context, rf store.Refund) error
	InsertNote(ctx context.Context, id, refund string) error
}

// RefundInput is a refund's request.
type RefundInput struct {
	Instalment string
	Cents      int64
}

// Ledger posts entries.
type Ledger interface {
	Post(ctx context.Context, key, account string, cents int64) error
}

// Service records refunds.
type Service struct {
	Store  Store
	Ledger Ledger
}

// CreateRefund records a refund under a new ID, which the key the
// middleware puts in the context can stand for.
func (s *Service) CreateRefund(ctx context.Context, in RefundInput) error {
	if in.Instalment == "" {
		return httpx.ErrNotFound
	}
	rf := store.Refund{ID: "rf_" + uuid.NewString(), Instalment: in.Instalment, Cents: in.Cents} // want `a retry inserts a second instalment_refunds row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Service.CreateRefund\)`
	return s.Store.InsertRefund(ctx, rf)
}

// IssueNotes makes one credit note per instalment: one key cannot stand
// for each.
func (s *Service) IssueNotes(ctx context.Context, in []RefundInput) error {
	for _, i := range in {
		if err := s.Store.InsertNote(ctx, uuid.NewString(), i.Instalment); err != nil { // want `a retry inserts a second instalment_notes row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Service.IssueNotes\); derive it from the request's Idempotency-Key header, passed down to where it is made`
			return err
		}
	}
	return nil
}

// IssueNote makes one credit note, for a route and for a job alike.
func (s *Service) IssueNote(ctx context.Context, instalment string) error {
	return s.Store.InsertNote(ctx, uuid.NewString(), instalment) // want `a retry inserts a second instalment_notes row with a new id: uuid.NewString\(\) is fresh on every attempt \(river worker NoteWorker.Work\)`
}

// Routes registers the routes the service serves itself.
func (s *Service) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /credits", s.credit)
}

// credit posts a credit under the request's key, which it reads from
// the context and hands down.
func (s *Service) credit(w http.ResponseWriter, r *http.Request) {
	key, _ := reqctx.IdempotencyKey(r.Context())
	s.Ledger.Post(r.Context(), key, r.FormValue("account"), 100)
}
