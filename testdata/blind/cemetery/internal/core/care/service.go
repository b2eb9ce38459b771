// Package care implements service.Care: annual perpetual-care invoices and
// their collection through Stripe.
package care

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/rs/xid"
	"github.com/stripe/stripe-go/v82"
	"go.uber.org/zap"

	"github.com/hollowpine-memorial/plotkeeper/internal/domain"
	"github.com/hollowpine-memorial/plotkeeper/internal/jobs"
	"github.com/hollowpine-memorial/plotkeeper/internal/notify"
	"github.com/hollowpine-memorial/plotkeeper/internal/provider"
	"github.com/hollowpine-memorial/plotkeeper/internal/queue"
	"github.com/hollowpine-memorial/plotkeeper/internal/repository"
	"github.com/hollowpine-memorial/plotkeeper/internal/service"
	"github.com/hollowpine-memorial/plotkeeper/internal/uow"
)

type Options struct {
	UoW      uow.Runner
	Accounts repository.CareAccounts
	Invoices repository.CareInvoices
	Payments repository.CarePayments
	Gateway  provider.Payments
	Queue    queue.Enqueuer
	Logger   *zap.Logger

	Currency  string
	BatchSize int
	Now       func() time.Time
}

type Service struct {
	uow       uow.Runner
	accounts  repository.CareAccounts
	invoices  repository.CareInvoices
	payments  repository.CarePayments
	gateway   provider.Payments
	queue     queue.Enqueuer
	log       *zap.Logger
	currency  string
	batchSize int
	now       func() time.Time
}

var _ service.Care = (*Service)(nil)

func New(opts Options) *Service {
	s := &Service{
		uow:       opts.UoW,
		accounts:  opts.Accounts,
		invoices:  opts.Invoices,
		payments:  opts.Payments,
		gateway:   opts.Gateway,
		queue:     opts.Queue,
		log:       opts.Logger,
		currency:  opts.Currency,
		batchSize: opts.BatchSize,
		now:       opts.Now,
	}
	if s.currency == "" {
		s.currency = "usd"
	}
	if s.batchSize <= 0 {
		s.batchSize = 200
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = zap.NewNop()
	}
	return s
}

func billingPeriod(d time.Time) string { return d.Format("2006") }

// RunBilling opens this year's invoice for every account whose billing date
// has come and queues its collection.
func (s *Service) RunBilling(ctx context.Context, asOf time.Time) (int, error) {
	due, err := s.accounts.DueForBilling(ctx, asOf, s.batchSize)
	if err != nil {
		return 0, err
	}
	opened := 0
	for _, acct := range due {
		err := s.uow.Do(ctx, func(ctx context.Context) error {
			if err := s.accounts.AdvanceBillingDate(ctx, acct.ID, acct.NextBillingDate.AddDate(1, 0, 0)); err != nil {
				return err
			}
			inv, created, err := s.invoices.CreateForPeriod(ctx, domain.CareInvoice{
				ID:          "inv_" + uuid.NewString(),
				AccountID:   acct.ID,
				Period:      billingPeriod(acct.NextBillingDate),
				AmountCents: acct.AnnualFeeCents,
			})
			if err != nil {
				return err
			}
			if !created {
				return nil
			}
			opened++
			return s.queue.Enqueue(ctx, jobs.CareChargeArgs{InvoiceID: inv.ID}, nil)
		})
		if err != nil {
			return opened, fmt.Errorf("bill account %s: %w", acct.ID, err)
		}
	}
	return opened, nil
}

// CollectInvoice charges the card on file for an open invoice. Stripe
// returns the original PaymentIntent for a repeated idempotency key, so a
// redelivered job picks up the first charge rather than making another.
func (s *Service) CollectInvoice(ctx context.Context, invoiceID string) error {
	inv, err := s.invoices.Get(ctx, invoiceID)
	if err != nil {
		return err
	}
	if inv.Status == domain.InvoiceFailed {
		// Failed invoices are worked by the office through ChargeWithCard.
		return nil
	}
	acct, err := s.accounts.Get(ctx, inv.AccountID)
	if err != nil {
		return err
	}
	if !acct.DefaultPaymentMethod.Valid {
		_, err := s.invoices.MarkFailed(ctx, inv.ID, "no card on file")
		return err
	}

	pi, err := s.gateway.ChargeSavedMethod(ctx, provider.SavedMethodCharge{
		RequestOptions:  provider.RequestOptions{IdempotencyKey: "care-invoice:" + inv.ID},
		CustomerID:      acct.StripeCustomerID,
		PaymentMethodID: acct.DefaultPaymentMethod.String,
		AmountCents:     inv.AmountCents,
		Currency:        s.currency,
		Description:     fmt.Sprintf("Perpetual care %s", inv.Period),
		Metadata:        map[string]string{"purpose": "perpetual_care", "invoice_id": inv.ID},
	})
	if err != nil {
		var serr *stripe.Error
		if errors.As(err, &serr) && serr.Type == stripe.ErrorTypeCard {
			_, markErr := s.invoices.MarkFailed(ctx, inv.ID, string(serr.Code))
			return markErr
		}
		return err
	}

	return s.uow.Do(ctx, func(ctx context.Context) error {
		if err := s.payments.Insert(ctx, domain.CarePayment{
			ID:              "pay_" + xid.New().String(),
			InvoiceID:       inv.ID,
			AccountID:       acct.ID,
			PaymentIntentID: pi.ID,
			AmountCents:     pi.AmountCents,
			ReceivedAt:      s.now().UTC(),
		}); err != nil {
			return err
		}
		if _, err := s.invoices.MarkPaid(ctx, inv.ID, pi.ID); err != nil {
			return err
		}
		return notify.Queue(ctx, s.queue, notify.Message{
			FamilyID: acct.FamilyID,
			Template: "care_receipt",
			Params:   map[string]string{"amount": formatCents(inv.AmountCents), "period": inv.Period},
			DedupKey: "care-receipt:" + inv.ID,
		})
	})
}

// ChargeWithCard is the office's manual collection for an invoice, with a
// card the family has just given over the phone.
func (s *Service) ChargeWithCard(ctx context.Context, invoiceID, paymentMethodID string) (domain.CareInvoice, error) {
	if paymentMethodID == "" {
		return domain.CareInvoice{}, fmt.Errorf("%w: payment method is required", service.ErrValidation)
	}
	inv, err := s.invoices.Get(ctx, invoiceID)
	if err != nil {
		return domain.CareInvoice{}, err
	}
	if inv.Status == domain.InvoicePaid {
		return inv, fmt.Errorf("%w: invoice %s is already paid", service.ErrInvalidState, inv.ID)
	}
	acct, err := s.accounts.Get(ctx, inv.AccountID)
	if err != nil {
		return domain.CareInvoice{}, err
	}

	pi, err := s.gateway.ChargeSavedMethod(ctx, provider.SavedMethodCharge{
		CustomerID:      acct.StripeCustomerID,
		PaymentMethodID: paymentMethodID,
		AmountCents:     inv.AmountCents,
		Currency:        s.currency,
		Description:     fmt.Sprintf("Perpetual care %s (office)", inv.Period),
		Metadata:        map[string]string{"purpose": "perpetual_care", "invoice_id": inv.ID, "channel": "office"},
	})
	if err != nil {
		return domain.CareInvoice{}, err
	}

	err = s.uow.Do(ctx, func(ctx context.Context) error {
		paid, err := s.invoices.MarkPaid(ctx, inv.ID, pi.ID)
		if err != nil || !paid {
			return err
		}
		return s.payments.Insert(ctx, domain.CarePayment{
			ID:              "pay_" + xid.New().String(),
			InvoiceID:       inv.ID,
			AccountID:       acct.ID,
			PaymentIntentID: pi.ID,
			AmountCents:     pi.AmountCents,
			ReceivedAt:      s.now().UTC(),
		})
	})
	if err != nil {
		return domain.CareInvoice{}, err
	}
	return s.invoices.Get(ctx, inv.ID)
}

func formatCents(c int64) string {
	return fmt.Sprintf("$%d.%02d", c/100, c%100)
}
