package billing

import (
	"context"
	"errors"
	"strconv"
	"time"

	"go.uber.org/zap"

	"github.com/stenoline-legal/depobook/internal/domain"
	"github.com/stenoline-legal/depobook/internal/platform/ids"
	"github.com/stenoline-legal/depobook/internal/provider/stripepay"
	"github.com/stenoline-legal/depobook/internal/service"
)

type chargeOutcome string

const (
	outcomeCharged  chargeOutcome = "succeeded"
	outcomeDeclined chargeOutcome = "declined"
	outcomeError    chargeOutcome = "error"
)

// RunAutocharge charges the card on file for every overdue invoice of a
// firm enrolled in autocharge. Runs daily as invoice:autocharge; a run
// that returns an error is retried by asynq.
func (s *Service) RunAutocharge(ctx context.Context, now time.Time, limit int) (service.AutochargeSummary, error) {
	var sum service.AutochargeSummary
	due, err := s.invoices.ListDueForCharge(ctx, now, limit)
	if err != nil {
		return sum, err
	}

	var errs []error
	for i := range due {
		inv := &due[i]
		sum.Considered++
		outcome, err := s.autochargeOne(ctx, inv)
		switch outcome {
		case outcomeCharged:
			sum.Charged++
		case outcomeDeclined:
			sum.Declined++
		default:
			sum.Failed++
		}
		if err != nil {
			s.log.Error("autocharge failed", zap.String("invoice_id", inv.ID), zap.Error(err))
			errs = append(errs, err)
		}
	}
	return sum, errors.Join(errs...)
}

// autochargeOne makes one charge per invoice per charge cycle. The cycle
// only advances after a decline is recorded, so every rerun of the same
// cycle sends Stripe the same idempotency key.
func (s *Service) autochargeOne(ctx context.Context, inv *domain.Invoice) (chargeOutcome, error) {
	firm, err := s.firms.Get(ctx, inv.FirmID)
	if err != nil {
		return outcomeError, err
	}

	res, err := s.cards.Charge(ctx, stripepay.ChargeRequest{
		AmountCents:     inv.Balance(),
		CustomerID:      firm.StripeCustomerID,
		PaymentMethodID: firm.DefaultPaymentMethod,
		Description:     "Stenoline invoice " + inv.Number + " (autopay)",
		Metadata:        map[string]string{"invoice_id": inv.ID, "source": "autocharge"},
		IdempotencyKey:  ids.Derive("autocharge", inv.ID, strconv.Itoa(inv.ChargeCycle)),
	})

	attempt := &domain.ChargeAttempt{
		ID:          ids.New("catt"),
		InvoiceID:   inv.ID,
		ChargeCycle: inv.ChargeCycle,
	}

	switch {
	case errors.Is(err, domain.ErrCardDeclined):
		attempt.Outcome = string(outcomeDeclined)
		attempt.Detail = err.Error()
		return outcomeDeclined, s.tx.InTx(ctx, func(ctx context.Context) error {
			if err := s.payments.LogAttempt(ctx, attempt); err != nil {
				return err
			}
			_, err := s.invoices.AdvanceChargeCycle(ctx, inv.ID, inv.ChargeCycle)
			return err
		})
	case err != nil:
		attempt.Outcome = string(outcomeError)
		attempt.Detail = err.Error()
		if logErr := s.payments.LogAttempt(ctx, attempt); logErr != nil {
			s.log.Warn("could not log charge attempt", zap.Error(logErr))
		}
		return outcomeError, err
	}

	attempt.Outcome = string(outcomeCharged)
	attempt.Detail = res.PaymentIntentID
	return outcomeCharged, s.tx.InTx(ctx, func(ctx context.Context) error {
		inserted, err := s.payments.Record(ctx, &domain.Payment{
			ID:                    ids.New("pay"),
			InvoiceID:             inv.ID,
			StripePaymentIntentID: res.PaymentIntentID,
			AmountCents:           res.AmountCents,
			Status:                res.Status,
			Source:                "autocharge",
		})
		if err != nil {
			return err
		}
		if inserted {
			if err := s.invoices.ApplyPayment(ctx, inv.ID, res.AmountCents, s.now()); err != nil {
				return err
			}
		}
		return s.payments.LogAttempt(ctx, attempt)
	})
}
