// Package app makes widgets and orders under IDs its injected generator
// makes; main decides the generator.
package app

import (
	"context"
	"log"
	"net/http"

	"github.com/google/uuid"

	"example.com/wiredgen/idgen"
	"example.com/wiredgen/store"
)

// Service makes widgets and orders, and books disputes.
type Service struct {
	IDs      idgen.Generator
	Names    idgen.Namer
	Rows     *store.Rows
	Disputes Disputes
	Ledger   Ledger
	Claims   Claims
	Keys     store.KeyQueries
	Queries  *store.Queries
}

// Claims claim a request's key; main wires them.
type Claims interface {
	Claim(ctx context.Context, key string) (bool, error)
}

// Paid holds the amount under a new entry ID past a claim of the
// request's key, which a repository makes through the queries it is
// given: a retry stops at the claim.
func (s *Service) Paid(ctx context.Context, key string, amount int64) error {
	claimed, err := s.Claims.Claim(ctx, key)
	if err != nil || !claimed {
		return err
	}
	return s.Ledger.Append(ctx, uuid.NewString(), amount)
}

// Disputes keeps disputes; main wires it.
type Disputes interface {
	Insert(ctx context.Context, disputeID string) error
	Escalate(ctx context.Context, disputeID string) error
}

// Ledger appends entries; main wires it.
type Ledger interface {
	Append(ctx context.Context, id string, amount int64) error
}

// Dispute records the provider's dispute, then holds its amount under a
// new entry ID: a retry fails on the dispute's row first.
func (s *Service) Dispute(ctx context.Context, disputeID string, amount int64) error {
	if err := s.Disputes.Insert(ctx, disputeID); err != nil {
		return err
	}
	return s.Ledger.Append(ctx, uuid.NewString(), -amount)
}

// DisputeLogged goes on when the dispute's row fails: a retry holds the
// amount again.
func (s *Service) DisputeLogged(ctx context.Context, disputeID string, amount int64) error {
	if err := s.Disputes.Insert(ctx, disputeID); err != nil {
		log.Print(err)
	}
	return s.Ledger.Append(ctx, uuid.NewString(), -amount) // want `a retry inserts a second gen_ledger row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.DisputeLogged\)`
}

// PaidWith holds the amount past a claim a function of the store's
// package makes through the queries it is given.
func (s *Service) PaidWith(ctx context.Context, key string, amount int64) error {
	claimed, err := store.ClaimWith(ctx, s.Keys, key)
	if err != nil || !claimed {
		return err
	}
	return s.Ledger.Append(ctx, uuid.NewString(), amount)
}

// PaidVia claims the key through the store's queries, then holds the
// amount in a helper that makes the entry's ID.
func (s *Service) PaidVia(ctx context.Context, key string, amount int64) error {
	n, err := s.Queries.ClaimKey(ctx, key)
	if err != nil || n == 0 {
		return err
	}
	return s.hold(ctx, amount)
}

func (s *Service) hold(ctx context.Context, amount int64) error {
	return s.Ledger.Append(ctx, uuid.NewString(), -amount)
}

// Escalate records the dispute's escalation, one per dispute under its
// schema's key though its own ID is new, then holds the amount: a retry
// fails at the escalation's row first.
func (s *Service) Escalate(ctx context.Context, disputeID string, amount int64) error {
	if err := s.Disputes.Escalate(ctx, disputeID); err != nil {
		return err
	}
	return s.Ledger.Append(ctx, uuid.NewString(), -amount)
}

// Create stores a widget under a new ID.
func (s *Service) Create(ctx context.Context, name string) error {
	return s.Rows.InsertWidget(ctx, s.IDs.New(), name) // want `a retry inserts a second gen_widgets row with a new id: Generator.New\(\) is fresh on every attempt \(HTTP handler Handler.Create\)`
}

// Named stores a widget under a name some namers make fresh and others
// do not.
func (s *Service) Named(ctx context.Context, name string) error {
	return s.Rows.InsertWidget(ctx, s.Names.Name(), name)
}

// Order stores an order under a new ID; the merchant's reference keys
// it, and a retry fails there before its lines.
func (s *Service) Order(ctx context.Context, merchant, ref string, lines []string) error {
	return s.Rows.InsertOrder(ctx, store.Order{ID: s.IDs.New(), Merchant: merchant, Ref: ref, Lines: lines})
}

// Widgets is what the handlers call; main wires it.
type Widgets interface {
	Create(ctx context.Context, name string) error
	Named(ctx context.Context, name string) error
	Order(ctx context.Context, merchant, ref string, lines []string) error
	Dispute(ctx context.Context, disputeID string, amount int64) error
	DisputeLogged(ctx context.Context, disputeID string, amount int64) error
	Escalate(ctx context.Context, disputeID string, amount int64) error
	Paid(ctx context.Context, key string, amount int64) error
	PaidWith(ctx context.Context, key string, amount int64) error
	PaidVia(ctx context.Context, key string, amount int64) error
}

// Handler serves widgets.
type Handler struct {
	Svc     Widgets
	Queries *store.Queries
	Ledger  Ledger
}

// Refund claims the request's key through the store's queries, then
// holds the amount in a helper that makes the entry's ID: a retry
// stops at the claim.
func (h *Handler) Refund(w http.ResponseWriter, r *http.Request) {
	n, err := h.Queries.ClaimKey(r.Context(), r.Header.Get("Idempotency-Key"))
	if err != nil || n == 0 {
		return
	}
	h.credit(r.Context(), 100)
}

func (h *Handler) credit(ctx context.Context, amount int64) {
	h.Ledger.Append(ctx, uuid.NewString(), amount)
}

func (h *Handler) Create(w http.ResponseWriter, r *http.Request) {
	h.Svc.Create(r.Context(), r.FormValue("name"))
}

func (h *Handler) Named(w http.ResponseWriter, r *http.Request) {
	h.Svc.Named(r.Context(), r.FormValue("name"))
}

func (h *Handler) Order(w http.ResponseWriter, r *http.Request) {
	h.Svc.Order(r.Context(), r.FormValue("merchant"), r.FormValue("ref"), r.Form["sku"])
}

func (h *Handler) Dispute(w http.ResponseWriter, r *http.Request) {
	h.Svc.Dispute(r.Context(), r.FormValue("dispute"), 100)
}

func (h *Handler) DisputeLogged(w http.ResponseWriter, r *http.Request) {
	h.Svc.DisputeLogged(r.Context(), r.FormValue("dispute"), 100)
}

func (h *Handler) Escalate(w http.ResponseWriter, r *http.Request) {
	h.Svc.Escalate(r.Context(), r.FormValue("dispute"), 100)
}

func (h *Handler) PaidWith(w http.ResponseWriter, r *http.Request) {
	h.Svc.PaidWith(r.Context(), r.Header.Get("Idempotency-Key"), 100)
}

func (h *Handler) PaidVia(w http.ResponseWriter, r *http.Request) {
	h.Svc.PaidVia(r.Context(), r.Header.Get("Idempotency-Key"), 100)
}

func (h *Handler) Paid(w http.ResponseWriter, r *http.Request) {
	h.Svc.Paid(r.Context(), r.Header.Get("Idempotency-Key"), 100)
}
