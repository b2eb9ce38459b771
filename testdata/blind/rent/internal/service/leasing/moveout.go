package leasing

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/keystone-pm/rent/internal/ids"
	"github.com/keystone-pm/rent/internal/provider/vendornet"
	"github.com/keystone-pm/rent/internal/repo"
)

// OnTerminated closes out a lease: books turnover cleaning, posts move-out
// charges and applies the held deposit, then ends the lease and stops future
// rent and autopay.
func (s *service) OnTerminated(ctx context.Context, eventID string, e LeaseTerminated) error {
	moveOut, err := time.Parse(dateLayout, e.MoveOutDate)
	if err != nil {
		return fmt.Errorf("move_out_date: %w", err)
	}
	lease, err := s.leases.Get(ctx, s.db.Q(), e.LeaseID)
	if err != nil {
		return err
	}
	if lease.Status == repo.LeaseTerminated {
		s.log.Info("lease already terminated", "lease_id", lease.ID, "event_id", eventID)
		return nil
	}

	if e.RequestCleaning {
		if err := s.bookTurnover(ctx, lease, moveOut); err != nil {
			return err
		}
	}

	if err := s.db.InTx(ctx, func(tx pgx.Tx) error {
		return s.settleMoveOut(ctx, tx, lease.ID, moveOut, e.MoveOutCharges)
	}); err != nil {
		return fmt.Errorf("settle move-out for %s: %w", lease.ID, err)
	}

	return s.db.InTx(ctx, func(tx pgx.Tx) error {
		if err := s.leases.MarkTerminated(ctx, tx, lease.ID, moveOut); err != nil {
			return err
		}
		voided, err := s.charges.VoidRentAfter(ctx, tx, lease.ID, moveOut)
		if err != nil {
			return err
		}
		if err := s.payments.DisableAutopay(ctx, tx, lease.ID); err != nil {
			return err
		}
		s.log.Info("lease terminated", "lease_id", lease.ID, "voided_rent_charges", voided, "reason", e.Reason)
		return nil
	})
}

func (s *service) bookTurnover(ctx context.Context, lease *repo.Lease, moveOut time.Time) error {
	wo, err := s.vendors.CreateWorkOrder(ctx, vendornet.WorkOrderRequest{
		PropertyRef:       lease.PropertyRef,
		Unit:              lease.UnitLabel,
		Category:          "turnover_cleaning",
		Description:       "Move-out cleaning and inspection",
		Urgency:           "scheduled",
		PermissionToEnter: true,
		PreferredDate:     moveOut.AddDate(0, 0, 1).Format(dateLayout),
		Reference:         lease.ID,
	})
	if err != nil {
		return fmt.Errorf("book turnover cleaning: %w", err)
	}
	return s.ops.InsertMoveOut(ctx, s.db.Q(), lease.ID, wo.ID, moveOut.AddDate(0, 0, 1))
}

// settleMoveOut posts the move-out charges and applies as much of the held
// deposit as the outstanding balance needs.
func (s *service) settleMoveOut(ctx context.Context, tx pgx.Tx, leaseID string, moveOut time.Time, extra []MoveOutCharge) error {
	for _, mc := range extra {
		if mc.AmountCents <= 0 {
			continue
		}
		c := &repo.Charge{
			ID:          ids.Charge(),
			LeaseID:     leaseID,
			Kind:        repo.ChargeMoveOut,
			AmountCents: mc.AmountCents,
			DueOn:       moveOut,
			Description: mc.Description,
		}
		if err := s.charges.Insert(ctx, tx, c); err != nil {
			return err
		}
		if err := s.charges.AppendLedger(ctx, tx, repo.LedgerEntry{
			LeaseID: leaseID, ChargeID: &c.ID, EntryType: "move_out", AmountCents: c.AmountCents, Memo: c.Description,
		}); err != nil {
			return err
		}
	}
	lease, err := s.leases.GetForUpdate(ctx, tx, leaseID)
	if err != nil {
		return err
	}
	owed, err := s.charges.OutstandingBalance(ctx, tx, leaseID)
	if err != nil {
		return err
	}
	apply := min(owed, lease.DepositHeldCents)
	if apply <= 0 {
		return nil
	}
	if err := s.leases.AdjustDepositHeld(ctx, tx, leaseID, -apply); err != nil {
		return err
	}
	return s.charges.AppendLedger(ctx, tx, repo.LedgerEntry{
		LeaseID: leaseID, EntryType: "deposit_applied", AmountCents: -apply, Memo: "Security deposit applied at move-out",
	})
}
