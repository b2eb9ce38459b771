// Package leasing applies lifecycle events from the leasing system to the
// rent ledger.
package leasing

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"go.uber.org/dig"

	"github.com/keystone-pm/rent/internal/db"
	"github.com/keystone-pm/rent/internal/ids"
	"github.com/keystone-pm/rent/internal/provider/vendornet"
	"github.com/keystone-pm/rent/internal/repo"
)

// WorkOrders is the subset of the vendor marketplace client used here.
type WorkOrders interface {
	CreateWorkOrder(ctx context.Context, req vendornet.WorkOrderRequest) (*vendornet.WorkOrder, error)
}

type Service interface {
	OnSigned(ctx context.Context, eventID string, e LeaseSigned) error
	OnTerminated(ctx context.Context, eventID string, e LeaseTerminated) error
	OnRenewed(ctx context.Context, eventID string, e LeaseRenewed) error
	OnDepositReceived(ctx context.Context, eventID string, e DepositReceived) error
}

type Params struct {
	dig.In

	DB       *db.DB
	Leases   repo.LeaseStore
	Charges  repo.ChargeStore
	Payments repo.PaymentStore
	Ops      repo.OpsStore
	Vendors  WorkOrders
	Log      *slog.Logger
}

type service struct {
	db       *db.DB
	leases   repo.LeaseStore
	charges  repo.ChargeStore
	payments repo.PaymentStore
	ops      repo.OpsStore
	vendors  WorkOrders
	log      *slog.Logger
}

func New(p Params) Service {
	return &service{
		db:       p.DB,
		leases:   p.Leases,
		charges:  p.Charges,
		payments: p.Payments,
		ops:      p.Ops,
		vendors:  p.Vendors,
		log:      p.Log.With("component", "leasing"),
	}
}

// OnSigned creates the lease, its tenants and the first rent charge.
func (s *service) OnSigned(ctx context.Context, eventID string, e LeaseSigned) error {
	if err := e.Validate(); err != nil {
		return err
	}
	starts, _ := time.Parse(dateLayout, e.StartsOn)
	var ends *time.Time
	if e.EndsOn != "" {
		t, err := time.Parse(dateLayout, e.EndsOn)
		if err != nil {
			return fmt.Errorf("ends_on: %w", err)
		}
		ends = &t
	}
	return s.db.InTx(ctx, func(tx pgx.Tx) error {
		if err := s.leases.UpsertLandlord(ctx, tx, &repo.Landlord{
			ID:              e.Landlord.ID,
			Name:            e.Landlord.Name,
			Email:           e.Landlord.Email,
			PayoutAccountID: e.Landlord.PayoutAccountID,
		}); err != nil {
			return err
		}
		lease := &repo.Lease{
			ID:              e.LeaseID,
			LandlordID:      e.Landlord.ID,
			PropertyRef:     e.PropertyRef,
			UnitLabel:       e.Unit,
			RentCents:       e.RentCents,
			DueDay:          e.DueDay,
			GraceDays:       e.GraceDays,
			LateFeeCents:    e.LateFeeCents,
			LateFeeCapCents: e.LateFeeCapCents,
			DepositCents:    e.DepositCents,
			StartsOn:        starts,
			EndsOn:          ends,
		}
		if err := s.leases.Create(ctx, tx, lease); err != nil {
			return err
		}
		for i, t := range e.Tenants {
			var phone *string
			if t.Phone != "" {
				phone = &t.Phone
			}
			tenantID, err := s.leases.UpsertTenant(ctx, tx, &repo.Tenant{
				ID:       ids.Tenant(),
				Email:    t.Email,
				Phone:    phone,
				FullName: t.Name,
			})
			if err != nil {
				return err
			}
			if err := s.leases.AddTenant(ctx, tx, lease.ID, tenantID, i == 0); err != nil {
				return err
			}
		}
		first := firstDueDate(starts, e.DueDay)
		_, err := s.charges.InsertRent(ctx, tx, &repo.Charge{
			ID:          ids.Charge(),
			LeaseID:     lease.ID,
			AmountCents: prorate(e.RentCents, starts, first),
			DueOn:       first,
			Description: "Rent " + first.Format("January 2006"),
		})
		return err
	})
}

// OnRenewed records a new lease term and the rent that applies from it.
func (s *service) OnRenewed(ctx context.Context, eventID string, e LeaseRenewed) error {
	start, err := time.Parse(dateLayout, e.TermStart)
	if err != nil {
		return fmt.Errorf("term_start: %w", err)
	}
	end, err := time.Parse(dateLayout, e.TermEnd)
	if err != nil {
		return fmt.Errorf("term_end: %w", err)
	}
	return s.db.InTx(ctx, func(tx pgx.Tx) error {
		inserted, err := s.leases.InsertTerm(ctx, tx, e.LeaseID, start, end, e.RentCents, eventID)
		if err != nil || !inserted {
			return err
		}
		return s.leases.UpdateRent(ctx, tx, e.LeaseID, e.RentCents, end)
	})
}

// OnDepositReceived credits a security deposit collected by the leasing
// team.
func (s *service) OnDepositReceived(ctx context.Context, eventID string, e DepositReceived) error {
	on, err := time.Parse(dateLayout, e.ReceivedOn)
	if err != nil {
		return fmt.Errorf("received_on: %w", err)
	}
	if e.AmountCents <= 0 {
		return errors.New("deposit amount must be positive")
	}
	return s.db.InTx(ctx, func(tx pgx.Tx) error {
		if err := s.ops.InsertDeposit(ctx, tx, repo.DepositReceipt{
			ID:          ids.Deposit(),
			LeaseID:     e.LeaseID,
			AmountCents: e.AmountCents,
			ExternalRef: e.Reference,
			ReceivedOn:  on,
		}); err != nil {
			return err
		}
		if err := s.leases.AdjustDepositHeld(ctx, tx, e.LeaseID, e.AmountCents); err != nil {
			return err
		}
		return s.charges.AppendLedger(ctx, tx, repo.LedgerEntry{
			LeaseID:     e.LeaseID,
			EntryType:   "deposit_received",
			AmountCents: 0,
			Memo:        fmt.Sprintf("Security deposit %d cents (%s)", e.AmountCents, e.Reference),
		})
	})
}

func firstDueDate(starts time.Time, dueDay int) time.Time {
	d := time.Date(starts.Year(), starts.Month(), dueDay, 0, 0, 0, 0, time.UTC)
	if d.Before(starts) {
		d = d.AddDate(0, 1, 0)
	}
	return d
}

func prorate(rent int64, starts, firstDue time.Time) int64 {
	days := int64(firstDue.Sub(starts).Hours() / 24)
	if days <= 0 || days >= 28 {
		return rent
	}
	return rent * days / 30
}
