package billing

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"github.com/meridianlabs/labs/internal/platform/db"
	"github.com/meridianlabs/labs/internal/platform/events"
	"github.com/meridianlabs/labs/internal/platform/ids"
	"github.com/meridianlabs/labs/internal/store"
)

// OpenEncounter opens the billing encounter of a newly placed order.
func (s *Service) OpenEncounter(ctx context.Context, evt events.OrderPlaced) error {
	patientID, err := uuid.Parse(evt.PatientID)
	if err != nil {
		return fmt.Errorf("order %s: patient id: %w", evt.OrderID, err)
	}
	p, err := s.patients.Get(ctx, patientID)
	if err != nil {
		return err
	}
	enc := store.Encounter{
		ID:          ids.Prefixed("enc"),
		OrderID:     evt.OrderID,
		PatientID:   patientID,
		PayerID:     p.PayerID,
		BillingMode: evt.BillingMode,
	}
	if err := s.billing.InsertEncounter(ctx, enc); err != nil {
		return fmt.Errorf("open encounter for %s: %w", evt.OrderID, err)
	}
	s.log.InfoContext(ctx, "encounter opened", "encounter_id", enc.ID, "order_id", evt.OrderID)
	return nil
}

// CaptureCharges writes the charge line of a newly finalized result.
func (s *Service) CaptureCharges(ctx context.Context, evt events.ResultFinalized) error {
	tests, err := s.orders.Tests(ctx, evt.OrderID)
	if err != nil {
		return err
	}
	return db.InTx(ctx, s.db, func(tx *sql.Tx) error {
		b := s.billing.WithTx(tx)
		for _, t := range tests {
			if t.TestCode != evt.TestCode {
				continue
			}
			if err := b.InsertChargeLine(ctx, store.ChargeLine{
				ID:          uuid.New(),
				OrderID:     evt.OrderID,
				ResultID:    evt.ResultID,
				CPTCode:     t.CPTCode,
				AmountCents: t.PriceCents,
			}); err != nil {
				return fmt.Errorf("charge line for %s: %w", evt.ResultID, err)
			}
		}
		return nil
	})
}

// ReleaseDeposit returns a cancelled self-pay order's deposit to the
// patient as account credit.
func (s *Service) ReleaseDeposit(ctx context.Context, evt events.OrderCancelled) error {
	dep, err := s.billing.DepositForOrder(ctx, evt.OrderID)
	if errors.Is(err, db.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if dep.Status != "held" {
		return nil
	}
	if err := s.accounts.Credit(ctx, dep.PatientID, dep.AmountCents); err != nil {
		return fmt.Errorf("credit deposit %s: %w", dep.ID, err)
	}
	if _, err := s.billing.SetDepositStatus(ctx, dep.ID, "held", "credited"); err != nil {
		return fmt.Errorf("mark deposit %s credited: %w", dep.ID, err)
	}
	s.log.InfoContext(ctx, "deposit credited", "deposit_id", dep.ID, "order_id", evt.OrderID, "cents", dep.AmountCents)
	return nil
}
