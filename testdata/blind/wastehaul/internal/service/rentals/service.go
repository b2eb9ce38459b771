// Package rentals handles container rental orders, swaps and closures.
package rentals

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/haulcore/wastehaul/internal/idempotency"
	"github.com/haulcore/wastehaul/internal/platform/idgen"
	"github.com/haulcore/wastehaul/internal/store"
)

// Service is the rentals use-case surface.
type Service interface {
	Create(ctx context.Context, idemKey string, in CreateInput) (store.Rental, error)
	RequestSwap(ctx context.Context, rentalID string, in SwapInput) (store.WorkOrder, error)
	Close(ctx context.Context, rentalID string, in CloseInput) (store.Rental, error)
}

// DepositRefunder credits a rental deposit back to the customer's account.
type DepositRefunder interface {
	RefundDeposit(ctx context.Context, r store.Rental, actor string) error
}

// CreateInput is a new rental order.
type CreateInput struct {
	CustomerID       string    `json:"customer_id"`
	SiteID           string    `json:"site_id"`
	SizeYards        int       `json:"size_yards"`
	MonthlyRateCents int64     `json:"monthly_rate_cents"`
	DepositCents     int64     `json:"deposit_cents"`
	StartsOn         time.Time `json:"starts_on"`
	PONumber         string    `json:"po_number,omitempty"`
}

// SwapInput asks for a full container to be exchanged for an empty one.
type SwapInput struct {
	RequestedFor time.Time
	SizeYards    int
	Notes        string
}

// CloseInput ends a rental and schedules the container pull.
type CloseInput struct {
	EndsOn time.Time
	Actor  string
}

// ErrWrongSite is returned when the site does not belong to the customer.
var ErrWrongSite = errors.New("site does not belong to customer")

type service struct {
	db       *store.DB
	rentals  store.Rentals
	accounts store.Customers
	keys     *idempotency.Keys
	deposits DepositRefunder
	now      func() time.Time
}

// New returns the rentals service.
func New(db *store.DB, rentals store.Rentals, accounts store.Customers, keys *idempotency.Keys, deposits DepositRefunder) Service {
	return &service{db: db, rentals: rentals, accounts: accounts, keys: keys, deposits: deposits, now: time.Now}
}

const scopeCreate = "rentals.create"

func (s *service) Create(ctx context.Context, idemKey string, in CreateInput) (store.Rental, error) {
	site, err := s.accounts.GetSite(ctx, s.db.Q(), in.SiteID)
	if err != nil {
		return store.Rental{}, err
	}
	if site.CustomerID != in.CustomerID {
		return store.Rental{}, ErrWrongSite
	}

	return store.TxResult(ctx, s.db, func(tx pgx.Tx) (store.Rental, error) {
		claim, err := s.keys.ClaimTx(ctx, tx, scopeCreate, idemKey, idempotency.Fingerprint(in))
		if err != nil {
			return store.Rental{}, err
		}
		if !claim.Fresh {
			return s.rentals.Get(ctx, tx, claim.ResourceID)
		}

		r, err := s.rentals.Insert(ctx, tx, store.Rental{
			ID:               idgen.New(),
			CustomerID:       in.CustomerID,
			SiteID:           in.SiteID,
			SizeYards:        in.SizeYards,
			MonthlyRateCents: in.MonthlyRateCents,
			DepositCents:     in.DepositCents,
			Status:           store.RentalPending,
			StartsOn:         in.StartsOn,
			PONumber:         optional(in.PONumber),
		})
		if err != nil {
			return store.Rental{}, err
		}
		size := in.SizeYards
		if _, err := s.rentals.InsertWorkOrder(ctx, tx, store.WorkOrder{
			ID:           uuid.New(),
			RentalID:     r.ID,
			Kind:         store.WorkOrderDelivery,
			RequestedFor: in.StartsOn,
			SizeYards:    &size,
		}); err != nil {
			return store.Rental{}, err
		}
		if err := s.keys.Complete(ctx, tx, claim, r.ID); err != nil {
			return store.Rental{}, err
		}
		return r, nil
	})
}

func (s *service) RequestSwap(ctx context.Context, rentalID string, in SwapInput) (store.WorkOrder, error) {
	r, err := s.rentals.Get(ctx, s.db.Q(), rentalID)
	if err != nil {
		return store.WorkOrder{}, err
	}
	if r.Status != store.RentalActive {
		return store.WorkOrder{}, fmt.Errorf("rental %s is %s: %w", r.ID, r.Status, store.ErrConflict)
	}
	size := in.SizeYards
	if size == 0 {
		size = r.SizeYards
	}
	wo := store.WorkOrder{
		ID:           uuid.New(),
		RentalID:     r.ID,
		Kind:         store.WorkOrderSwap,
		RequestedFor: in.RequestedFor,
		SizeYards:    &size,
		Notes:        optional(in.Notes),
	}
	return s.rentals.InsertWorkOrder(ctx, s.db.Q(), wo)
}

func (s *service) Close(ctx context.Context, rentalID string, in CloseInput) (store.Rental, error) {
	r, err := s.rentals.Get(ctx, s.db.Q(), rentalID)
	if err != nil {
		return store.Rental{}, err
	}
	if r.Status == store.RentalClosed {
		return r, nil
	}
	if r.Status != store.RentalActive {
		return store.Rental{}, fmt.Errorf("rental %s is %s: %w", r.ID, r.Status, store.ErrConflict)
	}

	if r.DepositCents > 0 {
		if err := s.deposits.RefundDeposit(ctx, r, in.Actor); err != nil {
			return store.Rental{}, fmt.Errorf("refund deposit: %w", err)
		}
	}

	err = s.db.InTx(ctx, func(tx pgx.Tx) error {
		if err := s.rentals.MarkClosed(ctx, tx, r.ID, in.EndsOn); err != nil {
			return err
		}
		_, err := s.rentals.InsertWorkOrderOnce(ctx, tx, store.WorkOrder{
			ID:           uuid.New(),
			RentalID:     r.ID,
			Kind:         store.WorkOrderRemoval,
			RequestedFor: in.EndsOn,
		})
		return err
	})
	if err != nil {
		return store.Rental{}, err
	}
	return s.rentals.Get(ctx, s.db.Q(), r.ID)
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
