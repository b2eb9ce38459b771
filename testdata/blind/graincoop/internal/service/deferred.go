package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/prairiegold/graincoop/internal/ach"
	"github.com/prairiegold/graincoop/internal/domain"
	"github.com/prairiegold/graincoop/internal/idgen"
)

type DeferredStore interface {
	Due(ctx context.Context, asOf time.Time) ([]domain.DeferredPayment, error)
	MarkPaid(ctx context.Context, id int64, paymentID string, at time.Time) error
}

type AccountGetter interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.BankAccount, error)
}

// DeferredPaymentService pays deferred-payment contracts on their due date
// (growers defer grain income into the next tax year).
type DeferredPaymentService struct {
	deferred DeferredStore
	accounts AccountGetter
	payments Payments
	opKey    func(prefix string) string
	log      *slog.Logger
	now      Clock
}

func NewDeferredPaymentService(d DeferredStore, a AccountGetter, p Payments, log *slog.Logger, now Clock) *DeferredPaymentService {
	return &DeferredPaymentService{deferred: d, accounts: a, payments: p, opKey: idgen.OperationKey, log: log, now: now}
}

// PayDue sends every scheduled payment due on or before asOf.
func (s *DeferredPaymentService) PayDue(ctx context.Context, asOf time.Time) (int, error) {
	due, err := s.deferred.Due(ctx, asOf)
	if err != nil {
		return 0, err
	}
	paid := 0
	for _, dp := range due {
		if err := s.payOne(ctx, dp); err != nil {
			s.log.Error("deferred payment failed", "id", dp.ID, "contract", dp.ContractID, "err", err)
			if !ach.Retryable(err) {
				continue
			}
			return paid, err
		}
		paid++
	}
	return paid, nil
}

func (s *DeferredPaymentService) payOne(ctx context.Context, dp domain.DeferredPayment) error {
	acct, err := s.accounts.Get(ctx, dp.BankAccountID)
	if err != nil {
		return err
	}
	cents, err := ach.Cents(dp.Amount.StringFixed(2))
	if err != nil {
		return err
	}
	key := s.opKey("defpay")
	pay, err := s.payments.CreatePayment(ctx, ach.PaymentRequest{
		CounterpartyID: acct.ProviderCounterpartyID,
		AmountCents:    cents,
		Direction:      ach.Credit,
		SECCode:        "CCD",
		Description:    "DEFERRED PMT",
		EffectiveDate:  s.now().Format("2006-01-02"),
		Metadata:       map[string]string{"contract_id": dp.ContractID.String(), "deferred_id": fmt.Sprint(dp.ID)},
	}, ach.WithIdempotencyKey(key), ach.WithHeader("X-Correlation-Id", key))
	if err != nil {
		return err
	}
	return s.deferred.MarkPaid(ctx, dp.ID, pay.ID, s.now())
}
