package service

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/platform/db"
	"github.com/larkspur-travel/tourdesk/internal/provider/stripepay"
)

// PayoutService pays approved supplier invoices to the supplier's Stripe
// connected account.
type PayoutService struct {
	tx         db.Transactor
	invoices   InvoiceStore
	payouts    PayoutStore
	departures DepartureStore
	cards      CardProcessor
	log        *slog.Logger
}

// NewPayoutService constructs a PayoutService.
func NewPayoutService(tx db.Transactor, invoices InvoiceStore, payouts PayoutStore, departures DepartureStore,
	cards CardProcessor, log *slog.Logger) *PayoutService {
	return &PayoutService{tx: tx, invoices: invoices, payouts: payouts, departures: departures, cards: cards, log: log}
}

// payoutID is the payout of an invoice; one invoice is paid by one payout.
func payoutID(invoiceID string) string { return "po_" + invoiceID }

// PayInvoice transfers an approved invoice's amount to the supplier.
func (s *PayoutService) PayInvoice(ctx context.Context, invoiceID string) error {
	inv, err := s.invoices.Get(ctx, invoiceID)
	if err != nil {
		return err
	}
	if inv.Status == domain.InvoicePaid {
		return nil
	}
	if inv.Status != domain.InvoiceApproved {
		return fmt.Errorf("invoice %s is %s: %w", inv.ID, inv.Status, domain.ErrInvalidState)
	}
	sup, err := s.departures.GetSupplier(ctx, inv.SupplierID)
	if err != nil {
		return err
	}
	if sup.StripeAccountID == "" {
		return fmt.Errorf("supplier %s has no connected account: %w", sup.ID, domain.ErrInvalidState)
	}

	p := &domain.Payout{
		ID:          payoutID(inv.ID),
		SupplierID:  sup.ID,
		InvoiceID:   inv.ID,
		AmountCents: inv.AmountCents,
		Currency:    inv.Currency,
		Status:      domain.PayoutPending,
	}
	if err := s.payouts.Insert(ctx, p); err != nil {
		return err
	}
	transferID, err := s.cards.Transfer(ctx, stripepay.TransferRequest{
		AmountCents:    p.AmountCents,
		Currency:       p.Currency,
		Destination:    sup.StripeAccountID,
		TransferGroup:  inv.DepartureID,
		Metadata:       map[string]string{"payout_id": p.ID, "invoice_id": inv.ID, "invoice_number": inv.InvoiceNumber},
		IdempotencyKey: p.ID,
	})
	if err != nil {
		return err
	}
	return s.tx.Tx(ctx, func(ctx context.Context) error {
		if err := s.payouts.MarkPaid(ctx, p.ID, transferID); err != nil {
			return err
		}
		if err := s.invoices.MarkPaid(ctx, inv.ID); err != nil {
			return err
		}
		return s.invoices.AppendLedger(ctx, &domain.LedgerEntry{
			ID:          "led_" + p.ID,
			SupplierID:  sup.ID,
			PayoutID:    &p.ID,
			EntryType:   "payout",
			AmountCents: -p.AmountCents,
			Currency:    p.Currency,
			Memo:        "transfer " + transferID,
		})
	})
}
