package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/pooltrack/vanpool/internal/domain"
	"github.com/pooltrack/vanpool/internal/platform/db"
	"github.com/pooltrack/vanpool/internal/platform/httpclient"
	"github.com/pooltrack/vanpool/internal/platform/keys"
	"github.com/pooltrack/vanpool/internal/platform/money"
	"github.com/pooltrack/vanpool/internal/provider/leasing"
)

// Leases pays the leasing company.
type Leases interface {
	PayInstallment(ctx context.Context, leaseID uuid.UUID, in ManualPaymentInput) (*domain.LeasePayment, error)
	PayDueInstallments(ctx context.Context) (PaySummary, error)
}

// ManualPaymentInput is a fleet manager paying an installment by hand, usually
// a missed or past-due month.
type ManualPaymentInput struct {
	Period      string      `json:"period"`
	LateFee     money.Cents `json:"late_fee_cents"`
	InitiatedBy string      `json:"initiated_by"`
}

// PaySummary reports a scheduled run.
type PaySummary struct {
	Period  string `json:"period"`
	Paid    int    `json:"paid"`
	Skipped int    `json:"skipped"`
	Failed  int    `json:"failed"`
}

// LeaseService implements Leases.
type LeaseService struct {
	pool    db.Querier
	leases  LeaseStore
	leasing LeasingGateway
	log     *slog.Logger
	now     Clock
}

// NewLeaseService wires a LeaseService.
func NewLeaseService(pool db.Querier, leases LeaseStore, lg LeasingGateway, log *slog.Logger) *LeaseService {
	return &LeaseService{pool: pool, leases: leases, leasing: lg, log: log.With("service", "leases"), now: SystemClock()}
}

// paymentID is the installment's id: one per lease and period, shared by the
// scheduled and manual paths.
func paymentID(leaseID uuid.UUID, period string) uuid.UUID {
	return keys.Derive("lease-payment", leaseID.String(), period)
}

// PayInstallment pays one period of a lease by hand.
func (s *LeaseService) PayInstallment(ctx context.Context, leaseID uuid.UUID, in ManualPaymentInput) (*domain.LeasePayment, error) {
	if _, _, err := money.PeriodBounds(in.Period); err != nil {
		return nil, fmt.Errorf("%w: %v", domain.ErrValidation, err)
	}
	if in.LateFee < 0 {
		return nil, fmt.Errorf("%w: late_fee_cents must not be negative", domain.ErrValidation)
	}
	lease, err := s.leases.Get(ctx, s.pool, leaseID)
	if err != nil {
		return nil, err
	}
	if lease.Status != "active" {
		return nil, fmt.Errorf("%w: lease is %s", domain.ErrInvalidState, lease.Status)
	}
	payment, err := s.leases.EnsurePayment(ctx, s.pool, domain.LeasePayment{
		ID:          paymentID(lease.ID, in.Period),
		LeaseID:     lease.ID,
		Period:      in.Period,
		AmountCents: lease.MonthlyAmountCents + in.LateFee,
		InitiatedBy: in.InitiatedBy,
	})
	if err != nil {
		return nil, err
	}
	if payment.Status == "paid" {
		return payment, nil
	}

	receipt, err := s.leasing.SubmitPayment(ctx, leasing.PaymentRequest{
		ContractNumber: lease.ContractNumber,
		Period:         in.Period,
		AmountCents:    int64(payment.AmountCents),
	})
	if err != nil {
		return nil, fmt.Errorf("leasing payment %s/%s: %w", lease.ContractNumber, in.Period, err)
	}
	if err := s.leases.MarkPaid(ctx, s.pool, payment.ID, receipt.ID); err != nil {
		return nil, err
	}
	payment.Status, payment.ProviderPaymentID = "paid", receipt.ID
	s.log.Info("lease installment paid by hand", "contract", lease.ContractNumber, "period", in.Period, "by", in.InitiatedBy)
	return payment, nil
}

// PayDueInstallments pays the current period for every active lease. Each
// installment row is written before the leasing company is called, and its id
// is the remittance ref, so a rerun finds the row and the leasing company
// recognises the ref.
func (s *LeaseService) PayDueInstallments(ctx context.Context) (PaySummary, error) {
	period := money.PeriodOf(s.now())
	sum := PaySummary{Period: period}
	leases, err := s.leases.ListActive(ctx, s.pool, period+"-01")
	if err != nil {
		return sum, err
	}
	var firstErr error
	for _, lease := range leases {
		paid, err := s.payScheduled(ctx, lease, period)
		switch {
		case err != nil:
			sum.Failed++
			s.log.Error("scheduled lease payment failed", "contract", lease.ContractNumber, "err", err)
			if firstErr == nil {
				firstErr = err
			}
		case paid:
			sum.Paid++
		default:
			sum.Skipped++
		}
	}
	return sum, firstErr
}

func (s *LeaseService) payScheduled(ctx context.Context, lease domain.Lease, period string) (bool, error) {
	payment, err := s.leases.EnsurePayment(ctx, s.pool, domain.LeasePayment{
		ID:          paymentID(lease.ID, period),
		LeaseID:     lease.ID,
		Period:      period,
		AmountCents: lease.MonthlyAmountCents,
		InitiatedBy: "scheduler",
	})
	if err != nil {
		return false, err
	}
	if payment.Status != "pending" {
		return false, nil
	}
	receipt, err := s.leasing.SubmitPayment(ctx, leasing.PaymentRequest{
		ContractNumber: lease.ContractNumber,
		Period:         period,
		AmountCents:    int64(payment.AmountCents),
		RemittanceRef:  payment.ID.String(),
	})
	var apiErr *httpclient.APIError
	if errors.As(err, &apiErr) && apiErr.StatusCode == 422 {
		// Rejected outright (contract closed, amount mismatch): park it for a human.
		return false, s.leases.MarkFailed(ctx, s.pool, payment.ID)
	}
	if err != nil {
		return false, err
	}
	return true, s.leases.MarkPaid(ctx, s.pool, payment.ID, receipt.ID)
}
