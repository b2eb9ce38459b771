package billing

import (
	"context"
	"fmt"
	"time"

	"github.com/hibiken/asynq"

	"github.com/baywarden/storagedesk/internal/domain"
	"github.com/baywarden/storagedesk/internal/platform/ids"
	"github.com/baywarden/storagedesk/internal/queue"
	"github.com/baywarden/storagedesk/internal/service/notify"
)

// SweepDelinquent runs once a day: it assesses the late fee on invoices past
// the grace period, marks rentals delinquent, reminds tenants and queues
// overlocks for invoices past the overlock threshold.
func (s *service) SweepDelinquent(ctx context.Context, asOf time.Time) (SweepResult, error) {
	var res SweepResult
	cutoff := asOf.AddDate(0, 0, -s.policy.GraceDays)
	invoices, err := s.ledger.OverdueInvoices(ctx, cutoff)
	if err != nil {
		return res, err
	}
	overlockBefore := asOf.AddDate(0, 0, -s.policy.OverlockAfterDays)
	for _, inv := range invoices {
		res.Overdue++
		r, err := s.rentals.Rental(ctx, inv.RentalID)
		if err != nil {
			return res, err
		}
		if r.Status == domain.RentalClosed {
			continue
		}
		posted, err := s.assessLateFee(ctx, r, inv)
		if err != nil {
			return res, fmt.Errorf("late fee %s: %w", inv.ID, err)
		}
		if posted {
			res.Fees++
		}

		if err := s.remind(ctx, r); err != nil {
			return res, fmt.Errorf("remind %s: %w", r.ID, err)
		}
		res.Reminders++

		if inv.DueOn.Before(overlockBefore) && r.Status != domain.RentalOverlocked && r.Status != domain.RentalLien {
			if err := s.queue.Enqueue(ctx, queue.TypeOverlock,
				queue.OverlockPayload{RentalID: r.ID, InvoiceID: inv.ID},
				queue.ID("overlock", r.ID, inv.Period), asynq.Queue(queue.QueueCritical)); err != nil {
				return res, err
			}
			res.Overlocks++
		}
	}
	return res, nil
}

func (s *service) assessLateFee(ctx context.Context, r *domain.Rental, inv domain.Invoice) (bool, error) {
	var posted bool
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		var err error
		posted, err = s.ledger.PostPeriodicEntry(ctx, domain.LedgerEntry{
			ID:          ids.New("led"),
			RentalID:    r.ID,
			Kind:        domain.LedgerLateFee,
			AmountCents: s.policy.LateFeeCents,
			Period:      &inv.Period,
			Ref:         &inv.ID,
			Memo:        "Late fee " + inv.Period,
		})
		if err != nil || !posted {
			return err
		}
		if _, err := s.rentals.AdjustBalance(ctx, r.ID, s.policy.LateFeeCents); err != nil {
			return err
		}
		_, err = s.rentals.TransitionRental(ctx, r.ID, []domain.RentalStatus{domain.RentalActive}, domain.RentalDelinquent)
		return err
	})
	return posted, err
}

func (s *service) remind(ctx context.Context, r *domain.Rental) error {
	cust, err := s.rentals.Customer(ctx, r.CustomerID)
	if err != nil {
		return err
	}
	unit, err := s.rentals.Unit(ctx, r.UnitID)
	if err != nil {
		return err
	}
	fac, err := s.rentals.Facility(ctx, unit.FacilityID)
	if err != nil {
		return err
	}
	fresh, err := s.rentals.Rental(ctx, r.ID)
	if err != nil {
		return err
	}
	return s.notifier.Queue(ctx, notify.Notice{
		RentalID:  r.ID,
		Template:  "past_due",
		Recipient: cust.Phone,
		Vars: map[string]string{
			"facility": fac.Name,
			"unit":     unit.Label,
			"balance":  domain.Money(fresh.BalanceCents),
		},
	})
}
