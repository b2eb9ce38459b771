// Package payments initiates and settles tenant rent payments over ACH.
package payments

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"go.uber.org/dig"

	"github.com/keystone-pm/rent/internal/config"
	"github.com/keystone-pm/rent/internal/db"
	"github.com/keystone-pm/rent/internal/ids"
	"github.com/keystone-pm/rent/internal/provider/achpay"
	"github.com/keystone-pm/rent/internal/repo"
	"github.com/keystone-pm/rent/internal/tasks"
)

var (
	ErrInFlight          = errors.New("a request with this idempotency key is still in progress")
	ErrNotOnLease        = errors.New("tenant is not on this lease")
	ErrFundingSource     = errors.New("funding source is not usable")
	ErrNotRefundable     = errors.New("payment cannot be refunded in its current state")
	ErrRefundExceeds     = errors.New("refund exceeds the refundable amount")
	ErrInvalidAmount     = errors.New("amount must be positive")
	ErrAutopayNotAllowed = errors.New("autopay requires a verified funding source")
)

// TransferAPI is the subset of the ACH client used here.
type TransferAPI interface {
	CreateTransfer(ctx context.Context, req achpay.TransferRequest, opts ...achpay.CallOption) (*achpay.Transfer, error)
	GetTransfer(ctx context.Context, id string) (*achpay.Transfer, error)
	CreateFundingSource(ctx context.Context, req achpay.FundingSourceRequest, opts ...achpay.CallOption) (*achpay.FundingSource, error)
}

// Service is the payments API used by HTTP handlers and workers.
type Service interface {
	PayRent(ctx context.Context, key string, in PayRentInput) (*repo.Payment, bool, error)
	LinkFundingSource(ctx context.Context, tenantID string, in LinkInput) (*repo.FundingSource, error)
	Refund(ctx context.Context, key, paymentID string, in RefundInput) (*repo.Refund, error)
	SetAutopay(ctx context.Context, leaseID string, in AutopayInput) (*repo.AutopayEnrollment, error)
	RunAutopay(ctx context.Context, period time.Time, dueDay int) (RunSummary, error)
	Reconcile(ctx context.Context, olderThan time.Duration, limit int) (int, error)
}

type PayRentInput struct {
	LeaseID         string `json:"-"`
	TenantID        string `json:"tenant_id"`
	FundingSourceID string `json:"funding_source_id"`
	AmountCents     int64  `json:"amount_cents"`
	RequestHash     string `json:"-"`
}

type LinkInput struct {
	ProcessorToken string `json:"processor_token"`
	Nickname       string `json:"nickname"`
}

type RefundInput struct {
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
	RequestHash string `json:"-"`
}

type AutopayInput struct {
	TenantID        string `json:"tenant_id"`
	FundingSourceID string `json:"funding_source_id"`
	Enabled         bool   `json:"enabled"`
}

type RunSummary struct {
	Considered int
	Submitted  int
	Skipped    int
}

// Params are the dependencies injected by dig.
type Params struct {
	dig.In

	DB       *db.DB
	Payments repo.PaymentStore
	Leases   repo.LeaseStore
	Charges  repo.ChargeStore
	Idem     repo.IdempotencyStore
	ACH      TransferAPI
	Jobs     tasks.Enqueuer
	Config   *config.Config
	Log      *slog.Logger
}

type service struct {
	db       *db.DB
	payments repo.PaymentStore
	leases   repo.LeaseStore
	idem     repo.IdempotencyStore
	ach      TransferAPI
	settle   *Settler
	clearing string
	log      *slog.Logger
}

// New constructs the payments service.
func New(p Params) Service {
	return &service{
		db:       p.DB,
		payments: p.Payments,
		leases:   p.Leases,
		idem:     p.Idem,
		ach:      p.ACH,
		settle:   NewSettler(p.Payments, p.Charges, p.Jobs),
		clearing: p.Config.RentClearingAccount,
		log:      p.Log.With("component", "payments"),
	}
}

func (s *service) onLease(ctx context.Context, q db.Querier, leaseID, tenantID string) error {
	var ok bool
	if err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM lease_tenants WHERE lease_id = $1 AND tenant_id = $2)`,
		leaseID, tenantID).Scan(&ok); err != nil {
		return err
	}
	if !ok {
		return ErrNotOnLease
	}
	return nil
}

// PayRent records a payment intent under the caller's idempotency key and
// submits the ACH debit. The bool result is true when the response is a
// replay of an earlier request.
func (s *service) PayRent(ctx context.Context, key string, in PayRentInput) (*repo.Payment, bool, error) {
	if in.AmountCents <= 0 {
		return nil, false, ErrInvalidAmount
	}
	scope := "pay-rent:" + in.LeaseID
	var (
		p      *repo.Payment
		replay bool
	)
	err := s.db.InTx(ctx, func(tx pgx.Tx) error {
		rec, fresh, err := s.idem.Claim(ctx, tx, scope, key, in.RequestHash)
		if err != nil {
			return err
		}
		if !fresh {
			replay = true
			if rec.ResourceID == nil {
				return ErrInFlight
			}
			p, err = s.payments.Get(ctx, tx, *rec.ResourceID)
			return err
		}
		if err := s.onLease(ctx, tx, in.LeaseID, in.TenantID); err != nil {
			return err
		}
		fs, err := s.payments.GetFundingSource(ctx, tx, in.FundingSourceID)
		if err != nil {
			return err
		}
		if fs.TenantID != in.TenantID || fs.Status != "verified" {
			return ErrFundingSource
		}
		p = &repo.Payment{
			ID:              ids.Payment(),
			LeaseID:         in.LeaseID,
			TenantID:        in.TenantID,
			FundingSourceID: fs.ID,
			AmountCents:     in.AmountCents,
			Source:          repo.SourcePortal,
		}
		if err := s.payments.Insert(ctx, tx, p); err != nil {
			return err
		}
		return s.idem.AttachResource(ctx, tx, scope, key, p.ID)
	})
	if err != nil {
		return nil, replay, err
	}
	if p.Status == repo.PaymentPending {
		if err := s.submit(ctx, p); err != nil {
			return p, replay, err
		}
	}
	return p, replay, nil
}

// submit sends the ACH debit for a recorded payment. The payment ID is the
// provider idempotency key, so resubmitting a pending payment is harmless.
func (s *service) submit(ctx context.Context, p *repo.Payment) error {
	fs, err := s.payments.GetFundingSource(ctx, s.db.Q(), p.FundingSourceID)
	if err != nil {
		return fmt.Errorf("load funding source: %w", err)
	}
	t, err := s.ach.CreateTransfer(ctx, achpay.TransferRequest{
		SourceFundingSource:      fs.ProviderFundingSourceID,
		DestinationFundingSource: s.clearing,
		AmountCents:              p.AmountCents,
		Description:              "Rent payment",
		Metadata:                 map[string]string{"payment_id": p.ID, "lease_id": p.LeaseID},
	}, achpay.WithIdempotencyKey(p.ID))

	outcome, detail := "accepted", ""
	if err != nil {
		outcome, detail = "error", err.Error()
	}
	if logErr := s.payments.AppendAttempt(ctx, s.db.Q(), p.ID, p.ID, outcome, detail); logErr != nil {
		s.log.Warn("record payment attempt", "payment_id", p.ID, "err", logErr)
	}
	if err != nil {
		return fmt.Errorf("submit payment %s: %w", p.ID, err)
	}
	if err := s.payments.MarkSubmitted(ctx, s.db.Q(), p.ID, t.ID); err != nil {
		return fmt.Errorf("mark payment %s submitted: %w", p.ID, err)
	}
	p.Status, p.TransferID = repo.PaymentSubmitted, &t.ID
	return nil
}

// LinkFundingSource exchanges a processor token for a provider funding
// source and stores it against the tenant.
func (s *service) LinkFundingSource(ctx context.Context, tenantID string, in LinkInput) (*repo.FundingSource, error) {
	if in.ProcessorToken == "" {
		return nil, fmt.Errorf("processor_token is required")
	}
	tenant, err := s.leases.GetTenant(ctx, s.db.Q(), tenantID)
	if err != nil {
		return nil, err
	}
	customer := tenant.ID
	if tenant.ACHCustomerRef != nil {
		customer = *tenant.ACHCustomerRef
	}
	src, err := s.ach.CreateFundingSource(ctx, achpay.FundingSourceRequest{
		CustomerRef:    customer,
		ProcessorToken: in.ProcessorToken,
		Name:           in.Nickname,
	})
	if err != nil {
		return nil, err
	}
	fs := &repo.FundingSource{
		ID:                      ids.FundingSource(),
		TenantID:                tenant.ID,
		ProviderFundingSourceID: src.ID,
		BankName:                src.BankName,
		AccountMask:             src.Mask,
		Status:                  src.Status,
	}
	if err := s.payments.InsertFundingSource(ctx, s.db.Q(), fs); err != nil {
		return nil, fmt.Errorf("store funding source: %w", err)
	}
	return fs, nil
}

// SetAutopay enrolls, changes or disables autopay for a lease.
func (s *service) SetAutopay(ctx context.Context, leaseID string, in AutopayInput) (*repo.AutopayEnrollment, error) {
	var out *repo.AutopayEnrollment
	err := s.db.InTx(ctx, func(tx pgx.Tx) error {
		if err := s.onLease(ctx, tx, leaseID, in.TenantID); err != nil {
			return err
		}
		fs, err := s.payments.GetFundingSource(ctx, tx, in.FundingSourceID)
		if err != nil {
			return err
		}
		if in.Enabled && (fs.TenantID != in.TenantID || fs.Status != "verified") {
			return ErrAutopayNotAllowed
		}
		out = &repo.AutopayEnrollment{
			LeaseID:         leaseID,
			TenantID:        in.TenantID,
			FundingSourceID: fs.ID,
			Enabled:         in.Enabled,
		}
		return s.payments.UpsertAutopay(ctx, tx, out)
	})
	return out, err
}

// RunAutopay debits every enrolled lease due on dueDay for the period.
func (s *service) RunAutopay(ctx context.Context, period time.Time, dueDay int) (RunSummary, error) {
	var sum RunSummary
	targets, err := s.payments.ListAutopayDue(ctx, s.db.Q(), dueDay)
	if err != nil {
		return sum, err
	}
	var errs []error
	for _, t := range targets {
		sum.Considered++
		p, err := s.payments.InsertAutopay(ctx, s.db.Q(), &repo.Payment{
			ID:              ids.Payment(),
			LeaseID:         t.LeaseID,
			TenantID:        t.TenantID,
			FundingSourceID: t.FundingSourceID,
			AmountCents:     t.RentCents,
			Period:          &period,
		})
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if p.Status != repo.PaymentPending {
			sum.Skipped++
			continue
		}
		if err := s.submit(ctx, p); err != nil {
			errs = append(errs, err)
			continue
		}
		sum.Submitted++
	}
	return sum, errors.Join(errs...)
}

// Reconcile polls the provider for payments that have been submitted for a
// while without a status webhook and applies whatever it reports.
func (s *service) Reconcile(ctx context.Context, olderThan time.Duration, limit int) (int, error) {
	stale, err := s.payments.ListStale(ctx, s.db.Q(), repo.PaymentSubmitted, time.Now().Add(-olderThan), limit)
	if err != nil {
		return 0, err
	}
	applied := 0
	for _, p := range stale {
		if p.TransferID == nil {
			continue
		}
		t, err := s.ach.GetTransfer(ctx, *p.TransferID)
		if err != nil {
			s.log.Warn("poll transfer", "payment_id", p.ID, "err", err)
			continue
		}
		err = s.db.InTx(ctx, func(tx pgx.Tx) error {
			cur, err := s.payments.GetForUpdate(ctx, tx, p.ID)
			if err != nil {
				return err
			}
			switch t.Status {
			case achpay.StatusProcessed:
				_, err = s.settle.Processed(ctx, tx, cur)
			case achpay.StatusFailed, achpay.StatusCancelled:
				_, err = s.settle.Failed(ctx, tx, cur, t.FailureCode)
			case achpay.StatusReturned:
				var changed bool
				changed, err = s.settle.Returned(ctx, tx, cur, t.FailureCode)
				if err == nil && changed {
					_, err = s.settle.jobs.InsertTx(ctx, tx, tasks.AssessNSFFeeArgs{PaymentID: cur.ID, ReturnCode: t.FailureCode}, nil)
				}
			}
			return err
		})
		if err != nil {
			return applied, fmt.Errorf("apply polled status for %s: %w", p.ID, err)
		}
		applied++
	}
	return applied, nil
}
