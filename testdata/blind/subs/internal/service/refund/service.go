// Package refund issues refunds for paid invoices.
package refund

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
	"github.com/stripe/stripe-go/v82"

	"github.com/meterly/subs/internal/billing"
	"github.com/meterly/subs/internal/platform/ids"
	"github.com/meterly/subs/internal/platform/txn"
	"github.com/meterly/subs/internal/provider/stripex"
)

type Gateway interface {
	CreateRefund(ctx context.Context, b *stripex.RefundBuilder, opts ...stripex.CallOption) (*stripe.Refund, error)
}

type Service struct {
	db       *sqlx.DB
	invoices billing.InvoiceRepository
	payments billing.PaymentRepository
	ledger   billing.LedgerRepository
	gateway  Gateway
	log      *slog.Logger
}

func NewService(db *sqlx.DB, invoices billing.InvoiceRepository, payments billing.PaymentRepository,
	ledger billing.LedgerRepository, gateway Gateway, log *slog.Logger) *Service {
	return &Service{db: db, invoices: invoices, payments: payments, ledger: ledger, gateway: gateway,
		log: log.With("service", "refund")}
}

type Request struct {
	InvoiceID   string
	AmountCents int64
	Reason      string
	RequestedBy string
}

// Refund refunds part or all of a paid invoice.
func (s *Service) Refund(ctx context.Context, req Request) (billing.Refund, error) {
	inv, err := s.invoices.Get(ctx, req.InvoiceID)
	if err != nil {
		return billing.Refund{}, err
	}
	if inv.Status != billing.InvoicePaid {
		return billing.Refund{}, fmt.Errorf("refund: invoice %s is %s: %w", inv.ID, inv.Status, billing.ErrInvalidState)
	}
	refundable := inv.AmountPaidCents - inv.AmountRefunded
	amount := req.AmountCents
	if amount == 0 {
		amount = refundable
	}
	if amount <= 0 || amount > refundable {
		return billing.Refund{}, fmt.Errorf("refund: amount %d exceeds refundable %d: %w", amount, refundable, billing.ErrInvalidState)
	}
	payment, err := s.payments.LatestSucceeded(ctx, inv.ID)
	if err != nil {
		return billing.Refund{}, fmt.Errorf("refund: payment for %s: %w", inv.ID, err)
	}

	builder := stripex.NewRefund(payment.StripePaymentIntent.String).
		Amount(amount).
		Reason(req.Reason).
		ForInvoice(inv.ID)
	re, err := s.gateway.CreateRefund(ctx, builder, stripex.WithMetadata("requested_by", req.RequestedBy))
	if err != nil {
		return billing.Refund{}, fmt.Errorf("refund: stripe: %w", err)
	}

	rf := billing.Refund{
		ID:             uuid.NewString(),
		InvoiceID:      inv.ID,
		StripeRefundID: re.ID,
		AmountCents:    amount,
		Reason:         req.Reason,
	}
	err = txn.Do(ctx, s.db, func(tx *sqlx.Tx) error {
		if err := s.payments.WithTx(tx).InsertRefund(ctx, rf); err != nil {
			return err
		}
		if err := s.invoices.WithTx(tx).AddRefunded(ctx, inv.ID, amount); err != nil {
			return err
		}
		return s.ledger.WithTx(tx).Append(ctx, billing.LedgerEntry{
			ID:          ids.Derived("le", rf.ID),
			CustomerID:  inv.CustomerID,
			InvoiceID:   sql.NullString{String: inv.ID, Valid: true},
			Account:     "refund",
			AmountCents: -amount,
			Memo:        "refund " + re.ID,
		})
	})
	if err != nil {
		return billing.Refund{}, fmt.Errorf("refund: record: %w", err)
	}
	s.log.InfoContext(ctx, "refund issued", "invoice_id", inv.ID, "stripe_refund", re.ID, "amount", amount)
	return rf, nil
}
