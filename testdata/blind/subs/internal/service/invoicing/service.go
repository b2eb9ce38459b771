// Package invoicing builds invoices from usage, finalises them and
// collects payment.
package invoicing

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/stripe/stripe-go/v82"

	"github.com/meterly/subs/internal/billing"
	"github.com/meterly/subs/internal/platform/ids"
	"github.com/meterly/subs/internal/platform/txn"
	"github.com/meterly/subs/internal/provider/stripex"
	"github.com/meterly/subs/internal/storage/gormrepo"
)

// PaymentGateway charges customers.
type PaymentGateway interface {
	CreatePaymentIntent(ctx context.Context, b *stripex.ChargeBuilder, opts ...stripex.CallOption) (*stripe.PaymentIntent, error)
}

type Deps struct {
	DB        *sqlx.DB
	Invoices  billing.InvoiceRepository
	Customers billing.CustomerRepository
	Subs      billing.SubscriptionRepository
	Payments  billing.PaymentRepository
	Usage     billing.UsageRepository
	Ledger    billing.LedgerRepository
	Outbox    billing.OutboxRepository
	Plans     gormrepo.Repo[gormrepo.Plan]
	Gateway   PaymentGateway
	Log       *slog.Logger
}

type Service struct {
	Deps
	now func() time.Time
}

func NewService(d Deps) *Service {
	d.Log = d.Log.With("service", "invoicing")
	return &Service{Deps: d, now: time.Now}
}

// PeriodClosed is the body of a usage.period_closed record.
type PeriodClosed struct {
	SubscriptionID string    `json:"subscription_id"`
	PeriodStart    time.Time `json:"period_start"`
	PeriodEnd      time.Time `json:"period_end"`
}

// ClosePeriod aggregates the period's usage into a draft invoice. There is
// one invoice per subscription period, so the invoice id is derived from
// the subscription and the period start.
func (s *Service) ClosePeriod(ctx context.Context, pc PeriodClosed) (billing.Invoice, error) {
	sub, err := s.Subs.Get(ctx, pc.SubscriptionID)
	if err != nil {
		return billing.Invoice{}, err
	}
	plan, err := s.Plans.FindByID(ctx, sub.PlanID)
	if err != nil {
		return billing.Invoice{}, err
	}
	var usageQty int64
	if plan.UsageMetric != nil {
		usageQty, err = s.Usage.SumForPeriod(ctx, sub.ID, *plan.UsageMetric, pc.PeriodStart, pc.PeriodEnd)
		if err != nil {
			return billing.Invoice{}, err
		}
	}
	lines := PriceLines(*plan, usageQty)
	subtotal := sum(lines)

	inv := billing.Invoice{
		ID:             ids.Derived("inv", sub.ID, pc.PeriodStart.UTC().Format("20060102")),
		CustomerID:     sub.CustomerID,
		SubscriptionID: sub.ID,
		Currency:       plan.Currency,
		SubtotalCents:  subtotal,
		TotalCents:     subtotal,
		PeriodStart:    pc.PeriodStart,
		PeriodEnd:      pc.PeriodEnd,
	}

	return txn.Run(ctx, s.DB, func(tx *sqlx.Tx) (billing.Invoice, error) {
		invoices := s.Invoices.WithTx(tx)
		if err := invoices.InsertDraft(ctx, inv); err != nil {
			return billing.Invoice{}, err
		}
		items := make([]billing.InvoiceItem, 0, len(lines))
		for _, l := range lines {
			items = append(items, billing.InvoiceItem{
				ID:             ids.Derived("ii", inv.ID, l.Kind),
				InvoiceID:      sql.NullString{String: inv.ID, Valid: true},
				SubscriptionID: sub.ID,
				Kind:           l.Kind,
				Description:    l.Description,
				Quantity:       l.Quantity,
				AmountCents:    l.AmountCents,
			})
		}
		if err := invoices.InsertItems(ctx, items); err != nil {
			return billing.Invoice{}, err
		}
		prorations, err := invoices.AttachPendingItems(ctx, sub.ID, inv.ID)
		if err != nil {
			return billing.Invoice{}, err
		}

		cust, err := s.Customers.WithTx(tx).GetForUpdate(ctx, sub.CustomerID)
		if err != nil {
			return billing.Invoice{}, err
		}
		credit := min(cust.BalanceCents, max(subtotal+prorations, 0))
		if credit > 0 {
			if _, err := s.Customers.WithTx(tx).AddBalance(ctx, cust.ID, -credit); err != nil {
				return billing.Invoice{}, err
			}
		}
		if prorations != 0 || credit > 0 {
			if err := invoices.AdjustTotals(ctx, inv.ID, prorations, credit); err != nil {
				return billing.Invoice{}, err
			}
		}
		return invoices.Get(ctx, inv.ID)
	})
}

// Finalize locks the invoice amounts, books the receivable and emits
// invoices.finalized so collection can start.
func (s *Service) Finalize(ctx context.Context, invoiceID string) (billing.Invoice, error) {
	inv, err := s.Invoices.Get(ctx, invoiceID)
	if err != nil {
		return billing.Invoice{}, err
	}
	if inv.Status != billing.InvoiceDraft {
		// Already finalized (or paid/void): nothing left to do.
		return inv, nil
	}

	inv, err = s.Invoices.MarkFinalized(ctx, inv.ID, s.now().UTC())
	if err != nil {
		return billing.Invoice{}, fmt.Errorf("finalize %s: %w", invoiceID, err)
	}

	if err := s.Ledger.Append(ctx, billing.LedgerEntry{
		ID:          ids.Derived("le", inv.ID, "receivable"),
		CustomerID:  inv.CustomerID,
		InvoiceID:   sql.NullString{String: inv.ID, Valid: true},
		Account:     "receivable",
		AmountCents: inv.TotalCents - inv.CreditsApplied,
		Memo:        "invoice " + inv.Number.String,
	}); err != nil {
		return inv, fmt.Errorf("finalize %s: ledger: %w", invoiceID, err)
	}

	if err := s.Outbox.Add(ctx, ids.Derived("evt", inv.ID, "finalized"), billing.SubjectInvoiceFinalized, billing.InvoiceEvent{
		InvoiceID:   inv.ID,
		CustomerID:  inv.CustomerID,
		AmountCents: inv.AmountDue(),
		Currency:    inv.Currency,
		OccurredAt:  inv.FinalizedAt.Time,
	}); err != nil {
		return inv, fmt.Errorf("finalize %s: outbox: %w", invoiceID, err)
	}
	return inv, nil
}

// PaymentOutcome is returned to callers of PayNow / ChargeFinalized.
type PaymentOutcome struct {
	InvoiceID     string `json:"invoice_id"`
	InvoiceStatus string `json:"invoice_status"`
	AttemptID     string `json:"attempt_id,omitempty"`
	PaymentIntent string `json:"payment_intent,omitempty"`
	FailureCode   string `json:"failure_code,omitempty"`
}

// PayNow is the customer-initiated "pay this invoice" action. clientKey is
// the caller's Idempotency-Key.
func (s *Service) PayNow(ctx context.Context, invoiceID, clientKey string) (PaymentOutcome, error) {
	if strings.TrimSpace(clientKey) == "" {
		return PaymentOutcome{}, errors.New("invoicing: idempotency key required")
	}
	return s.collect(ctx, invoiceID, "manual", clientKey)
}

// ChargeFinalized collects a freshly finalized invoice off-session.
func (s *Service) ChargeFinalized(ctx context.Context, evt billing.InvoiceEvent) (PaymentOutcome, error) {
	return s.collect(ctx, evt.InvoiceID, "auto", "")
}

type collection struct {
	inv     billing.Invoice
	cust    billing.Customer
	attempt billing.PaymentAttempt
	skip    bool
}

// collect records a payment attempt (keyed by invoice, kind and client ref)
// before calling Stripe, and uses the stored attempt id as the Stripe
// idempotency key so every retry of the same collection maps to one charge.
func (s *Service) collect(ctx context.Context, invoiceID, kind, clientRef string) (PaymentOutcome, error) {
	c, err := txn.Run(ctx, s.DB, func(tx *sqlx.Tx) (collection, error) {
		inv, err := s.Invoices.WithTx(tx).GetForUpdate(ctx, invoiceID)
		if err != nil {
			return collection{}, err
		}
		if inv.Status != billing.InvoiceOpen || inv.AmountDue() == 0 {
			return collection{inv: inv, skip: true}, nil
		}
		cust, err := s.Customers.WithTx(tx).Get(ctx, inv.CustomerID)
		if err != nil {
			return collection{}, err
		}
		if !cust.StripeCustomerID.Valid {
			return collection{}, fmt.Errorf("invoicing: customer %s has no payment profile: %w", cust.ID, billing.ErrInvalidState)
		}
		attempt, err := s.Payments.WithTx(tx).EnsureAttempt(ctx, billing.PaymentAttempt{
			ID:          ids.New("pa"),
			InvoiceID:   inv.ID,
			Kind:        kind,
			ClientRef:   clientRef,
			AmountCents: inv.AmountDue(),
			Currency:    inv.Currency,
		})
		if err != nil {
			return collection{}, err
		}
		if attempt.Status != billing.AttemptPending {
			return collection{inv: inv, attempt: attempt, skip: true}, nil
		}
		return collection{inv: inv, cust: cust, attempt: attempt}, nil
	})
	if err != nil {
		return PaymentOutcome{}, err
	}
	if c.skip {
		return PaymentOutcome{InvoiceID: c.inv.ID, InvoiceStatus: string(c.inv.Status), AttemptID: c.attempt.ID,
			PaymentIntent: c.attempt.StripePaymentIntent.String, FailureCode: c.attempt.FailureCode.String}, nil
	}

	charge := stripex.NewCharge(c.cust.StripeCustomerID.String, c.attempt.AmountCents, c.attempt.Currency).
		OffSession().
		ForInvoice(c.inv.ID, c.inv.Number.String)
	pi, err := s.Gateway.CreatePaymentIntent(ctx, charge, stripex.WithIdempotencyKey(c.attempt.ID))
	var decline *stripex.DeclineError
	switch {
	case errors.As(err, &decline):
		return s.recordFailure(ctx, c, decline.Code)
	case err != nil:
		return PaymentOutcome{}, fmt.Errorf("invoicing: charge %s: %w", c.inv.ID, err)
	case pi.Status != stripe.PaymentIntentStatusSucceeded:
		return s.recordFailure(ctx, c, string(pi.Status))
	}
	return s.recordSuccess(ctx, c, pi)
}

func (s *Service) recordSuccess(ctx context.Context, c collection, pi *stripe.PaymentIntent) (PaymentOutcome, error) {
	return txn.Run(ctx, s.DB, func(tx *sqlx.Tx) (PaymentOutcome, error) {
		if err := s.Payments.WithTx(tx).MarkSucceeded(ctx, c.attempt.ID, pi.ID); err != nil {
			return PaymentOutcome{}, err
		}
		inv, err := s.Invoices.WithTx(tx).GetForUpdate(ctx, c.inv.ID)
		if err != nil {
			return PaymentOutcome{}, err
		}
		if inv.Status == billing.InvoiceOpen {
			now := s.now().UTC()
			if err := s.Invoices.WithTx(tx).MarkPaid(ctx, inv.ID, pi.AmountReceived, now); err != nil {
				return PaymentOutcome{}, err
			}
			if err := s.Outbox.WithTx(tx).Add(ctx, ids.Derived("evt", inv.ID, "paid"), billing.SubjectInvoicePaid, billing.InvoiceEvent{
				InvoiceID: inv.ID, CustomerID: inv.CustomerID, AmountCents: pi.AmountReceived, Currency: inv.Currency, OccurredAt: now,
			}); err != nil {
				return PaymentOutcome{}, err
			}
			inv.Status = billing.InvoicePaid
		}
		return PaymentOutcome{InvoiceID: inv.ID, InvoiceStatus: string(inv.Status), AttemptID: c.attempt.ID, PaymentIntent: pi.ID}, nil
	})
}

func (s *Service) recordFailure(ctx context.Context, c collection, code string) (PaymentOutcome, error) {
	return txn.Run(ctx, s.DB, func(tx *sqlx.Tx) (PaymentOutcome, error) {
		if err := s.Payments.WithTx(tx).MarkFailed(ctx, c.attempt.ID, code); err != nil {
			return PaymentOutcome{}, err
		}
		if err := s.Outbox.WithTx(tx).Add(ctx, ids.Derived("evt", c.attempt.ID, "failed"), billing.SubjectInvoicePaymentFailed, billing.InvoiceEvent{
			InvoiceID: c.inv.ID, CustomerID: c.inv.CustomerID, AmountCents: c.attempt.AmountCents,
			Currency: c.inv.Currency, FailureCode: code, OccurredAt: s.now().UTC(),
		}); err != nil {
			return PaymentOutcome{}, err
		}
		return PaymentOutcome{InvoiceID: c.inv.ID, InvoiceStatus: string(c.inv.Status), AttemptID: c.attempt.ID, FailureCode: code}, nil
	})
}

// ReleaseCredits returns credit applied to a voided invoice to the
// customer's balance, exactly once per invoice.
func (s *Service) ReleaseCredits(ctx context.Context, invoiceID string) error {
	return txn.Do(ctx, s.DB, func(tx *sqlx.Tx) error {
		invoices := s.Invoices.WithTx(tx)
		inv, err := invoices.GetForUpdate(ctx, invoiceID)
		if err != nil {
			return err
		}
		if inv.Status != billing.InvoiceVoid || inv.CreditsReleased || inv.CreditsApplied == 0 {
			return nil
		}
		if _, err := s.Customers.WithTx(tx).AddBalance(ctx, inv.CustomerID, inv.CreditsApplied); err != nil {
			return err
		}
		return invoices.ReleaseCredits(ctx, inv.ID)
	})
}
