// Package app posts charges to folios.
package app

import (
	"context"
	"errors"
	"net/http"

	"example.com/wireduow/keys"
	"example.com/wireduow/lines"
	"example.com/wireduow/uow"
)

// Service posts charges.
type Service struct {
	UoW   uow.UnitOfWork
	Keys  keys.Store
	Lines lines.Repo
}

// PostCharge claims the key on its own, then posts the line in a unit
// of work: a failed post leaves the key claimed and the charge lost.
func (s *Service) PostCharge(ctx context.Context, key string, cents int64) error {
	_, fresh, err := s.Keys.Claim(ctx, key)
	if err != nil {
		return err
	}
	if !fresh {
		return errors.New("in progress")
	}
	return s.UoW.Do(ctx, func(ctx context.Context) error {
		if err := s.Lines.Insert(ctx, key, cents); err != nil {
			return err
		}
		if err := s.Lines.AddToBalance(ctx, cents); err != nil {
			return err
		}
		return s.Keys.Complete(ctx, key, key)
	})
}

// PostChargeInside claims the key in the unit of work.
func (s *Service) PostChargeInside(ctx context.Context, key string, cents int64) error {
	return s.UoW.Do(ctx, func(ctx context.Context) error {
		_, fresh, err := s.Keys.Claim(ctx, key)
		if err != nil || !fresh {
			return err
		}
		if err := s.Lines.Insert(ctx, key, cents); err != nil {
			return err
		}
		if err := s.Lines.AddToBalance(ctx, cents); err != nil {
			return err
		}
		return s.Keys.Complete(ctx, key, key)
	})
}

// Handler serves charges.
type Handler struct{ Svc *Service }

// PostCharge posts 100 under the request's key.
func (h *Handler) PostCharge(w http.ResponseWriter, r *http.Request) {
	if err := h.Svc.PostCharge(r.Context(), r.Header.Get("Idempotency-Key"), 100); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// PostChargeInside posts 100 under the request's key, claimed with it.
func (h *Handler) PostChargeInside(w http.ResponseWriter, r *http.Request) {
	if err := h.Svc.PostChargeInside(r.Context(), r.Header.Get("Idempotency-Key"), 100); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Counter books usage through a runner.
type Counter struct {
	Runner uow.Runner
	Lines  lines.Repo
}

// Collect adds to the balance in one unit and inserts the line in
// another: a failed insert leaves the balance added, and the retry adds
// it again.
func (c *Counter) Collect(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	if err := c.Runner.Within(ctx, func(ctx context.Context) error { return c.Lines.AddToBalance(ctx, 1) }); err != nil {
		return
	}
	c.Runner.Within(ctx, func(ctx context.Context) error { return c.Lines.Insert(ctx, "l1", 1) })
}

// CollectOnce does both in one unit.
func (c *Counter) CollectOnce(w http.ResponseWriter, r *http.Request) {
	c.Runner.Within(r.Context(), func(ctx context.Context) error {
		if err := c.Lines.AddToBalance(ctx, 1); err != nil {
			return err
		}
		return c.Lines.Insert(ctx, "l1", 1)
	})
}
