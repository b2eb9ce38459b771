package ledger

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/keystone-pm/rent/internal/ids"
	"github.com/keystone-pm/rent/internal/repo"
	"github.com/keystone-pm/rent/internal/tasks"
)

// AssessLateFees adds the day's late fee to every overdue rent charge on the
// lease, up to the lease's cap, and queues a text to the tenant for each new
// fee.
func (s *service) AssessLateFees(ctx context.Context, leaseID string, asOf time.Time) ([]repo.Charge, error) {
	day := time.Date(asOf.Year(), asOf.Month(), asOf.Day(), 0, 0, 0, 0, time.UTC)
	var assessed []repo.Charge
	err := s.db.InTx(ctx, func(tx pgx.Tx) error {
		assessed = assessed[:0]
		lease, err := s.leases.GetForUpdate(ctx, tx, leaseID)
		if err != nil {
			return err
		}
		if lease.Status != repo.LeaseActive || lease.LateFeeCents <= 0 {
			return nil
		}
		cutoff := day.AddDate(0, 0, -lease.GraceDays)
		overdue, err := s.charges.ListOverdueRent(ctx, tx, leaseID, cutoff)
		if err != nil {
			return err
		}
		for _, rent := range overdue {
			fee := lease.LateFeeCents
			if lease.LateFeeCapCents > 0 {
				already, err := s.charges.LateFeesAssessed(ctx, tx, rent.ID)
				if err != nil {
					return err
				}
				if room := lease.LateFeeCapCents - already; room < fee {
					fee = room
				}
			}
			if fee <= 0 {
				continue
			}
			rentID := rent.ID
			c := repo.Charge{
				ID:             ids.Charge(),
				LeaseID:        leaseID,
				Kind:           repo.ChargeLateFee,
				AmountCents:    fee,
				DueOn:          day,
				Description:    fmt.Sprintf("Late fee for rent due %s", rent.DueOn.Format(tasks.DateLayout)),
				SourceChargeID: &rentID,
				AssessedOn:     &day,
			}
			inserted, err := s.charges.InsertLateFee(ctx, tx, &c)
			if err != nil {
				return err
			}
			if !inserted {
				continue
			}
			if err := s.charges.AppendLedger(ctx, tx, repo.LedgerEntry{
				LeaseID:     leaseID,
				ChargeID:    &c.ID,
				EntryType:   "late_fee",
				AmountCents: fee,
				Memo:        c.Description,
			}); err != nil {
				return err
			}
			if _, err := s.jobs.InsertTx(ctx, tx, tasks.LateFeeNoticeArgs{ChargeID: c.ID, LeaseID: leaseID}, nil); err != nil {
				return err
			}
			assessed = append(assessed, c)
		}
		return nil
	})
	return assessed, err
}

// AssessNSFFee charges the returned-payment fee for a payment the bank sent
// back.
func (s *service) AssessNSFFee(ctx context.Context, paymentID, returnCode string) (*repo.Charge, error) {
	p, err := s.payments.Get(ctx, s.db.Q(), paymentID)
	if err != nil {
		return nil, err
	}
	if p.Status != repo.PaymentReturned {
		return nil, fmt.Errorf("payment %s is %s, not returned", p.ID, p.Status)
	}
	now := time.Now().UTC()
	fee := &repo.Charge{
		ID:               ids.Charge(),
		LeaseID:          p.LeaseID,
		Kind:             repo.ChargeNSFFee,
		AmountCents:      s.nsfFee,
		DueOn:            time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC),
		Description:      fmt.Sprintf("Returned payment fee (%s)", returnCode),
		RelatedPaymentID: &p.ID,
	}
	err = s.db.InTx(ctx, func(tx pgx.Tx) error {
		if err := s.charges.Insert(ctx, tx, fee); err != nil {
			return err
		}
		return s.charges.AppendLedger(ctx, tx, repo.LedgerEntry{
			LeaseID:     p.LeaseID,
			ChargeID:    &fee.ID,
			PaymentID:   &p.ID,
			EntryType:   "nsf_fee",
			AmountCents: fee.AmountCents,
			Memo:        fee.Description,
		})
	})
	if err != nil {
		return nil, err
	}
	return fee, nil
}
