package billing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
)

// SubscriptionService starts, prorates and closes server subscriptions.
type SubscriptionService struct {
	db       *gorm.DB
	subs     *SubscriptionRepository
	invoices *InvoiceRepository
	currency string
}

// NewSubscriptionService wires a SubscriptionService.
func NewSubscriptionService(db *gorm.DB, subs *SubscriptionRepository, inv *InvoiceRepository, currency string) *SubscriptionService {
	return &SubscriptionService{db: db, subs: subs, invoices: inv, currency: currency}
}

// StartInput describes a newly active server.
type StartInput struct {
	ServerID     uuid.UUID
	CustomerID   uuid.UUID
	PlanID       string
	MonthlyCents int64
	StartedAt    time.Time
}

// Start opens the subscription for a server.
func (s *SubscriptionService) Start(ctx context.Context, in StartInput) error {
	sub := &Subscription{
		ServerID:     in.ServerID,
		CustomerID:   in.CustomerID,
		PlanID:       in.PlanID,
		MonthlyCents: in.MonthlyCents,
		StartedAt:    in.StartedAt,
	}
	if err := s.subs.Create(ctx, sub); err != nil {
		return fmt.Errorf("start subscription for %s: %w", in.ServerID, err)
	}
	return nil
}

// monthBounds returns the first instant of t's month and of the next one.
func monthBounds(t time.Time) (time.Time, time.Time) {
	start := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
	return start, start.AddDate(0, 1, 0)
}

// prorate returns the share of monthly for [from, to) within its month.
func prorate(monthly int64, from, to time.Time) int64 {
	start, end := monthBounds(from)
	if to.After(end) {
		to = end
	}
	if !to.After(from) {
		return 0
	}
	return monthly * int64(to.Sub(from)) / int64(end.Sub(start))
}

// UnusedCredit is the prepaid value of the rest of the month after at.
func (s *SubscriptionService) UnusedCredit(ctx context.Context, serverID uuid.UUID, at time.Time) (int64, error) {
	sub, err := s.subs.Get(ctx, serverID)
	if errors.Is(err, ErrNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	if sub.EndedAt != nil {
		return 0, nil
	}
	_, end := monthBounds(at)
	return prorate(sub.MonthlyCents, at, end), nil
}

// FinalCharge describes the closing line added when a server is torn down.
type FinalCharge struct {
	ServerID    uuid.UUID
	CustomerID  uuid.UUID
	Description string
	AmountCents int64
}

// AddFinalCharge appends a closing charge to the customer's draft invoice for
// the current period.
func (s *SubscriptionService) AddFinalCharge(ctx context.Context, fc FinalCharge) error {
	if fc.AmountCents == 0 {
		return nil
	}
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		invRepo := s.invoices.WithTx(tx)
		inv, _, err := invRepo.CreateForPeriod(ctx, &Invoice{
			CustomerID: fc.CustomerID,
			Period:     Period(time.Now()),
			Status:     InvoiceDraft,
			Currency:   s.currency,
		})
		if err != nil {
			return err
		}
		if err := invRepo.AddLine(ctx, &InvoiceLine{
			InvoiceID:   inv.ID,
			Description: fc.Description,
			Quantity:    1,
			UnitCents:   fc.AmountCents,
			AmountCents: fc.AmountCents,
		}); err != nil {
			return err
		}
		return invRepo.Recalculate(ctx, inv.ID)
	})
}

// Close ends the subscription of a server.
func (s *SubscriptionService) Close(ctx context.Context, serverID uuid.UUID, at time.Time) (bool, error) {
	return s.subs.End(ctx, serverID, at)
}

// Get returns the subscription of a server.
func (s *SubscriptionService) Get(ctx context.Context, serverID uuid.UUID) (*Subscription, error) {
	return s.subs.Get(ctx, serverID)
}
