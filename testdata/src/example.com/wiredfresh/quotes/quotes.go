// Package quotes accepts quotes in a transaction begun by hand, which
// it hands the stores in the context.
package quotes

import (
	"context"
	"net/http"

	"example.com/wiredfresh/dbctx"
	"example.com/wiredfresh/quotestore"
	"gorm.io/gorm"
)

type quote struct {
	ID     string
	Status string
}

// UseCase accepts quotes.
type UseCase interface {
	Accept(ctx context.Context, id string) error
	AcceptLoose(ctx context.Context, id string) error
}

// Service is the UseCase on gorm.
type Service struct {
	DB       *gorm.DB
	Events   *quotestore.Events
	Payments *quotestore.Payments
}

// Accept sets the quote accepted and records it in one transaction,
// which a retry finds accepted; it then authorizes the payment, which a
// retry reaches again and finishes.
func (s *Service) Accept(ctx context.Context, id string) error {
	tx := s.DB.WithContext(ctx).Begin()
	if tx.Error != nil {
		return tx.Error
	}
	defer tx.Rollback()
	var q quote
	if err := tx.First(&q, "id = ?", id).Error; err != nil {
		return err
	}
	switch q.Status {
	case "accepted":
	case "open":
		if err := tx.Model(&q).Update("status", "accepted").Error; err != nil {
			return err
		}
		if err := s.Events.Add(dbctx.WithTx(ctx, tx), id); err != nil {
			return err
		}
	}
	if err := tx.Commit().Error; err != nil {
		return err
	}
	return s.Payments.MarkAuthorized(ctx, id)
}

// AcceptLoose records the acceptance on the pool before the
// transaction that sets the quote accepted: a failure of that one
// leaves the record, which a retry adds again.
func (s *Service) AcceptLoose(ctx context.Context, id string) error {
	if err := s.Events.Add(ctx, id); err != nil {
		return err
	}
	tx := s.DB.WithContext(ctx).Begin()
	defer tx.Rollback()
	if err := tx.Model(&quote{ID: id}).Update("status", "accepted").Error; err != nil {
		return err
	}
	return tx.Commit().Error
}

// API serves the use case.
type API struct{ Quotes UseCase }

// Accept accepts a quote.
func (a *API) Accept(w http.ResponseWriter, r *http.Request) {
	if err := a.Quotes.Accept(r.Context(), r.FormValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// AcceptLoose accepts a quote, recording it apart.
func (a *API) AcceptLoose(w http.ResponseWriter, r *http.Request) {
	if err := a.Quotes.AcceptLoose(r.Context(), r.FormValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
