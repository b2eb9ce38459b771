// Package app cancels bookings and refunds them.
package app

import (
	"context"
	"errors"
	"log"
	"net/http"
)

type Bookings interface {
	Cancel(ctx context.Context, id string) (bool, error)
}

type Refunds interface {
	Create(ctx context.Context, bookingID string, cents int64) (string, error)
}

type Fines interface {
	MarkPaid(ctx context.Context, ids []string) (int64, error)
}

type Receipts interface {
	Issue(ctx context.Context, patron string) error
}

type Runner interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}

type Retrier interface {
	Within(ctx context.Context, fn func(ctx context.Context) error) error
}

// Service cancels bookings.
type Service struct {
	Bookings Bookings
	Refunds  Refunds
	Fines    Fines
	Receipts Receipts
	Work     Runner  // runs the work once
	Loose    Retrier // runs it again when it fails
}

var errCancelled = errors.New("already cancelled")

// Cancel claims the booking's cancellation, then records the refund in
// a unit of work that runs once: a retry stops at the claim, so the
// refund's fresh ID lands once.
func (s *Service) Cancel(ctx context.Context, id string) error {
	ok, err := s.Bookings.Cancel(ctx, id)
	if err != nil {
		return err
	}
	if !ok {
		return errCancelled
	}
	return s.Work.Do(ctx, func(ctx context.Context) error {
		_, err := s.Refunds.Create(ctx, id, 500)
		return err
	})
}

// CancelLoose claims the same way, but its runner runs the work again
// when a commit's answer is lost: the second run records a second
// refund.
func (s *Service) CancelLoose(ctx context.Context, id string) error {
	ok, err := s.Bookings.Cancel(ctx, id)
	if err != nil {
		return err
	}
	if !ok {
		return errCancelled
	}
	return s.Loose.Within(ctx, func(ctx context.Context) error {
		_, err := s.Refunds.Create(ctx, id, 500)
		return err
	})
}

// Pay settles the fines, and issues the receipt only when it settled
// every one: a retry finds them settled and stops before the receipt.
func (s *Service) Pay(ctx context.Context, patron string, ids []string) error {
	n, err := s.Fines.MarkPaid(ctx, ids)
	if err != nil {
		return err
	}
	if int(n) != len(ids) {
		return errCancelled
	}
	return s.Receipts.Issue(ctx, patron)
}

// PayAnyway settles the fines and issues a receipt whatever it
// settled: a retry issues a second one.
func (s *Service) PayAnyway(ctx context.Context, patron string, ids []string) error {
	if _, err := s.Fines.MarkPaid(ctx, ids); err != nil {
		return err
	}
	return s.Receipts.Issue(ctx, patron)
}

// Handler serves cancellations.
type Handler struct {
	Svc        *Service
	Applier    EventApplier
	Deliveries Deliveries
}

// Deliveries records the deliveries the service receives.
type Deliveries interface {
	Record(ctx context.Context, id string) error
}

// Receive records the delivery and goes on whatever the record does:
// a repeat's failure at the key fails nothing.
func (h *Handler) Receive(w http.ResponseWriter, r *http.Request) {
	if err := h.Deliveries.Record(r.Context(), r.Header.Get("Idempotency-Key")); err != nil {
		log.Printf("record delivery: %v", err)
	}
	w.WriteHeader(http.StatusAccepted)
}

// ReceiveStrict fails with the record: a repeat fails at the key, on
// every retry.
func (h *Handler) ReceiveStrict(w http.ResponseWriter, r *http.Request) {
	if err := h.Deliveries.Record(r.Context(), r.Header.Get("Idempotency-Key")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// EventApplier applies events.
type EventApplier interface {
	Apply(ctx context.Context, typ, id string) error
	ApplyLoose(ctx context.Context, typ, id string) error
	Grant(ctx context.Context, id string) error
	GrantLoose(ctx context.Context, id string) error
}

func (h *Handler) Award(w http.ResponseWriter, r *http.Request) {
	if err := h.Applier.Grant(r.Context(), r.FormValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) AwardLoose(w http.ResponseWriter, r *http.Request) {
	if err := h.Applier.GrantLoose(r.Context(), r.FormValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) Apply(w http.ResponseWriter, r *http.Request) {
	if err := h.Applier.Apply(r.Context(), r.FormValue("type"), r.FormValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) ApplyLoose(w http.ResponseWriter, r *http.Request) {
	if err := h.Applier.ApplyLoose(r.Context(), r.FormValue("type"), r.FormValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) Cancel(w http.ResponseWriter, r *http.Request) {
	if err := h.Svc.Cancel(r.Context(), r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}

func (h *Handler) Pay(w http.ResponseWriter, r *http.Request) {
	if err := h.Svc.Pay(r.Context(), r.PathValue("patron"), r.URL.Query()["fine"]); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}

func (h *Handler) PayAnyway(w http.ResponseWriter, r *http.Request) {
	if err := h.Svc.PayAnyway(r.Context(), r.PathValue("patron"), r.URL.Query()["fine"]); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}

func (h *Handler) CancelLoose(w http.ResponseWriter, r *http.Request) {
	if err := h.Svc.CancelLoose(r.Context(), r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}
