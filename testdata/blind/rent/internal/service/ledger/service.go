// Package ledger manages charges against a lease: one-off charges, late and
// returned-payment fees, waivers and payment plans.
package ledger

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
	"go.uber.org/dig"

	"github.com/keystone-pm/rent/internal/db"
	"github.com/keystone-pm/rent/internal/ids"
	"github.com/keystone-pm/rent/internal/repo"
	"github.com/keystone-pm/rent/internal/tasks"
)

var (
	ErrNotWaivable      = errors.New("charge cannot be waived")
	ErrInvalidCharge    = errors.New("invalid charge")
	ErrNothingOwed      = errors.New("lease has no outstanding balance")
	ErrInvalidPlan      = errors.New("installments must be between 2 and 12")
	ErrInFlight         = errors.New("a request with this idempotency key is still in progress")
	defaultNSFFeeCents  = int64(3500)
	maxPlanInstallments = 12
)

// Service is used by the HTTP handlers and workers.
type Service interface {
	AddCharge(ctx context.Context, key, leaseID string, in ChargeInput) (*repo.Charge, bool, error)
	Waive(ctx context.Context, chargeID, reason string) (*repo.Charge, error)
	CreatePlan(ctx context.Context, key, leaseID string, in PlanInput) (*repo.PaymentPlan, error)
	AssessLateFees(ctx context.Context, leaseID string, asOf time.Time) ([]repo.Charge, error)
	AssessNSFFee(ctx context.Context, paymentID, returnCode string) (*repo.Charge, error)
}

type ChargeInput struct {
	AmountCents int64  `json:"amount_cents"`
	DueOn       string `json:"due_on"`
	Description string `json:"description"`
	RequestHash string `json:"-"`
}

type PlanInput struct {
	Installments int    `json:"installments"`
	FirstDueOn   string `json:"first_due_on"`
	RequestHash  string `json:"-"`
}

type Params struct {
	dig.In

	DB       *db.DB
	Charges  repo.ChargeStore
	Leases   repo.LeaseStore
	Payments repo.PaymentStore
	Ops      repo.OpsStore
	Idem     repo.IdempotencyStore
	Jobs     tasks.Enqueuer
	Log      *slog.Logger
}

type service struct {
	db       *db.DB
	charges  repo.ChargeStore
	leases   repo.LeaseStore
	payments repo.PaymentStore
	ops      repo.OpsStore
	idem     repo.IdempotencyStore
	jobs     tasks.Enqueuer
	log      *slog.Logger
	nsfFee   int64
}

func New(p Params) Service {
	return &service{
		db:       p.DB,
		charges:  p.Charges,
		leases:   p.Leases,
		payments: p.Payments,
		ops:      p.Ops,
		idem:     p.Idem,
		jobs:     p.Jobs,
		log:      p.Log.With("component", "ledger"),
		nsfFee:   defaultNSFFeeCents,
	}
}

// AddCharge posts a landlord-initiated one-off charge (utilities, damages,
// key replacement). A repeated Idempotency-Key returns the original charge.
func (s *service) AddCharge(ctx context.Context, key, leaseID string, in ChargeInput) (*repo.Charge, bool, error) {
	if in.AmountCents <= 0 || in.Description == "" {
		return nil, false, ErrInvalidCharge
	}
	due, err := time.Parse(tasks.DateLayout, in.DueOn)
	if err != nil {
		return nil, false, fmt.Errorf("%w: due_on: %v", ErrInvalidCharge, err)
	}
	scope := "charge:" + leaseID

	prev, err := s.idem.Lookup(ctx, s.db.Q(), scope, key)
	switch {
	case err == nil && prev.Completed() && prev.ResourceID != nil:
		c, err := s.charges.Get(ctx, s.db.Q(), *prev.ResourceID)
		return c, true, err
	case err != nil && !errors.Is(err, repo.ErrNotFound):
		return nil, false, err
	}

	c := &repo.Charge{
		ID:          ids.Charge(),
		LeaseID:     leaseID,
		Kind:        repo.ChargeOneOff,
		AmountCents: in.AmountCents,
		DueOn:       due,
		Description: in.Description,
	}
	err = s.db.InTx(ctx, func(tx pgx.Tx) error {
		lease, err := s.leases.GetForUpdate(ctx, tx, leaseID)
		if err != nil {
			return err
		}
		if lease.Status != repo.LeaseActive {
			return fmt.Errorf("%w: lease is %s", ErrInvalidCharge, lease.Status)
		}
		if err := s.charges.Insert(ctx, tx, c); err != nil {
			return err
		}
		return s.charges.AppendLedger(ctx, tx, repo.LedgerEntry{
			LeaseID:     leaseID,
			ChargeID:    &c.ID,
			EntryType:   "charge",
			AmountCents: c.AmountCents,
			Memo:        c.Description,
		})
	})
	if err != nil {
		return nil, false, err
	}
	if err := s.idem.Save(ctx, s.db.Q(), scope, key, in.RequestHash, c.ID, http.StatusCreated, c); err != nil {
		s.log.Warn("store idempotency record", "lease_id", leaseID, "err", err)
	}
	return c, false, nil
}

// Waive forgives an open fee. Waiving an already waived charge returns it
// unchanged.
func (s *service) Waive(ctx context.Context, chargeID, reason string) (*repo.Charge, error) {
	var out *repo.Charge
	err := s.db.InTx(ctx, func(tx pgx.Tx) error {
		ok, err := s.charges.Waive(ctx, tx, chargeID, reason)
		if err != nil {
			return err
		}
		c, err := s.charges.Get(ctx, tx, chargeID)
		if err != nil {
			return err
		}
		out = c
		if !ok {
			if c.Status == repo.ChargeWaived {
				return nil
			}
			return ErrNotWaivable
		}
		return s.charges.AppendLedger(ctx, tx, repo.LedgerEntry{
			LeaseID:     c.LeaseID,
			ChargeID:    &c.ID,
			EntryType:   "waiver",
			AmountCents: -c.AmountCents,
			Memo:        reason,
		})
	})
	return out, err
}

// CreatePlan splits the current outstanding balance into installments.
func (s *service) CreatePlan(ctx context.Context, key, leaseID string, in PlanInput) (*repo.PaymentPlan, error) {
	if in.Installments < 2 || in.Installments > maxPlanInstallments {
		return nil, ErrInvalidPlan
	}
	first, err := time.Parse(tasks.DateLayout, in.FirstDueOn)
	if err != nil {
		return nil, fmt.Errorf("first_due_on: %w", err)
	}
	scope := "plan:" + leaseID
	var plan *repo.PaymentPlan
	err = s.db.InTx(ctx, func(tx pgx.Tx) error {
		rec, fresh, err := s.idem.Claim(ctx, tx, scope, key, in.RequestHash)
		if err != nil {
			return err
		}
		if !fresh {
			if rec.ResourceID == nil {
				return ErrInFlight
			}
			plan, err = s.ops.GetPlan(ctx, tx, *rec.ResourceID)
			return err
		}
		if _, err := s.leases.GetForUpdate(ctx, tx, leaseID); err != nil {
			return err
		}
		owed, err := s.charges.OutstandingBalance(ctx, tx, leaseID)
		if err != nil {
			return err
		}
		if owed <= 0 {
			return ErrNothingOwed
		}
		plan = &repo.PaymentPlan{
			ID:           ids.Plan(),
			LeaseID:      leaseID,
			TotalCents:   owed,
			Installments: in.Installments,
			Schedule:     splitInstallments(owed, in.Installments, first),
		}
		if err := s.ops.InsertPlan(ctx, tx, plan); err != nil {
			return err
		}
		if err := s.idem.AttachResource(ctx, tx, scope, key, plan.ID); err != nil {
			return err
		}
		return s.idem.Complete(ctx, tx, scope, key, http.StatusCreated, plan)
	})
	return plan, err
}

func splitInstallments(total int64, n int, first time.Time) []repo.Installment {
	out := make([]repo.Installment, 0, n)
	base := total / int64(n)
	rem := total % int64(n)
	for i := 0; i < n; i++ {
		amt := base
		if int64(i) < rem {
			amt++
		}
		out = append(out, repo.Installment{Seq: i + 1, DueOn: first.AddDate(0, i, 0), AmountCents: amt})
	}
	return out
}
