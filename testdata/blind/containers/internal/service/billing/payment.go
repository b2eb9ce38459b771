package billing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"

	"github.com/quaymark/terminal-ops/internal/domain"
	"github.com/quaymark/terminal-ops/internal/platform/db"
	"github.com/quaymark/terminal-ops/internal/platform/httpx"
	"github.com/quaymark/terminal-ops/internal/providers/stripepay"
)

// Cards takes card payments and refunds for invoices.
type Cards struct {
	uow         db.UnitOfWork
	invoices    Invoices
	accounts    Accounts
	payments    Payments
	creditNotes CreditNotes
	events      StripeEvents
	stripe      CardProcessor
	now         func() time.Time
}

// NewCards wires Cards.
func NewCards(uow db.UnitOfWork, invoices Invoices, accounts Accounts, payments Payments,
	creditNotes CreditNotes, events StripeEvents, stripe CardProcessor) *Cards {
	return &Cards{
		uow: uow, invoices: invoices, accounts: accounts, payments: payments,
		creditNotes: creditNotes, events: events, stripe: stripe, now: time.Now,
	}
}

// PayRequest is a card payment made from the line portal.
type PayRequest struct {
	PaymentMethod string `json:"payment_method"`
	// AttemptRef identifies this payment attempt to Stripe and appears on
	// the line's remittance advice.
	AttemptRef string `json:"-"`
}

func (s *Cards) openInvoice(ctx context.Context, invoiceID string) (*domain.Invoice, *domain.LineAccount, error) {
	inv, err := s.invoices.Get(ctx, invoiceID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, nil, fmt.Errorf("%w: invoice %s", httpx.ErrNotFound, invoiceID)
	}
	if err != nil {
		return nil, nil, err
	}
	acct, err := s.accounts.Get(ctx, inv.LineCode)
	if err != nil {
		return nil, nil, err
	}
	return inv, acct, nil
}

// Pay charges the card for the full invoice amount. Settlement is confirmed
// later by the payment_intent.succeeded webhook.
func (s *Cards) Pay(ctx context.Context, invoiceID string, req PayRequest) (*domain.Payment, error) {
	if req.PaymentMethod == "" {
		return nil, fmt.Errorf("%w: payment_method is required", httpx.ErrValidation)
	}
	inv, acct, err := s.openInvoice(ctx, invoiceID)
	if err != nil {
		return nil, err
	}
	if inv.Status != domain.InvoiceIssued {
		return nil, fmt.Errorf("%w: invoice %s is %s", httpx.ErrConflict, inv.Number, inv.Status)
	}
	pi, err := s.stripe.Charge(ctx, stripepay.ChargeParams{
		AmountCents:    inv.TotalCents,
		Currency:       inv.Currency,
		Customer:       acct.StripeCustomerID,
		PaymentMethod:  req.PaymentMethod,
		Description:    "Demurrage " + inv.Number,
		Metadata:       map[string]string{"invoice_id": inv.ID, "attempt_ref": req.AttemptRef},
		IdempotencyKey: req.AttemptRef,
	})
	if err != nil {
		return nil, err
	}
	p := &domain.Payment{
		ID:              uuid.NewString(),
		InvoiceID:       inv.ID,
		PaymentIntentID: pi.ID,
		AttemptRef:      req.AttemptRef,
		AmountCents:     inv.TotalCents,
		Currency:        inv.Currency,
		Status:          string(pi.Status),
	}
	if err := s.payments.Record(ctx, p); err != nil {
		return nil, err
	}
	p.ClientSecret = pi.ClientSecret
	return p, nil
}

// Autocharge charges a line's saved card for an invoice, for lines that
// opted into automatic collection.
func (s *Cards) Autocharge(ctx context.Context, invoiceID string) error {
	inv, acct, err := s.openInvoice(ctx, invoiceID)
	if err != nil {
		return err
	}
	if inv.Status != domain.InvoiceIssued || inv.AutochargeStatus == domain.AutochargeCharged {
		return nil
	}
	if !acct.Autocharge || acct.DefaultPaymentMethod == "" {
		slog.InfoContext(ctx, "line not on autocharge", "line", acct.LineCode)
		return nil
	}
	if err := s.invoices.SetAutocharge(ctx, inv.ID, domain.AutochargeCharging, nil); err != nil {
		return err
	}
	pi, err := s.stripe.Charge(ctx, stripepay.ChargeParams{
		AmountCents:   inv.TotalCents,
		Currency:      inv.Currency,
		Customer:      acct.StripeCustomerID,
		PaymentMethod: acct.DefaultPaymentMethod,
		OffSession:    true,
		Description:   "Demurrage " + inv.Number + " (automatic)",
		Metadata:      map[string]string{"invoice_id": inv.ID},
	})
	if err != nil {
		if serr := s.invoices.SetAutocharge(ctx, inv.ID, domain.AutochargeFailed, nil); serr != nil {
			slog.ErrorContext(ctx, "record autocharge failure", "invoice", inv.ID, "err", serr)
		}
		return err
	}
	return s.uow.Do(ctx, func(ctx context.Context) error {
		if err := s.payments.Record(ctx, &domain.Payment{
			ID:              uuid.NewString(),
			InvoiceID:       inv.ID,
			PaymentIntentID: pi.ID,
			AttemptRef:      "autocharge",
			AmountCents:     inv.TotalCents,
			Currency:        inv.Currency,
			Status:          string(pi.Status),
		}); err != nil {
			return err
		}
		return s.invoices.SetAutocharge(ctx, inv.ID, domain.AutochargeCharged, &pi.ID)
	})
}

// CreditNoteRequest asks for part of a card-paid invoice back.
type CreditNoteRequest struct {
	RequestRef  string `json:"request_ref"`
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

// IssueCreditNote records the credit note and refunds it to the card.
func (s *Cards) IssueCreditNote(ctx context.Context, invoiceID string, req CreditNoteRequest) (*domain.CreditNote, error) {
	if req.RequestRef == "" || req.AmountCents <= 0 {
		return nil, fmt.Errorf("%w: request_ref and a positive amount_cents are required", httpx.ErrValidation)
	}
	inv, _, err := s.openInvoice(ctx, invoiceID)
	if err != nil {
		return nil, err
	}
	if inv.Status != domain.InvoicePaid || inv.PaymentIntentID == nil {
		return nil, fmt.Errorf("%w: invoice %s was not paid by card", httpx.ErrConflict, inv.Number)
	}
	if req.AmountCents > inv.TotalCents {
		return nil, fmt.Errorf("%w: credit exceeds invoice total", httpx.ErrValidation)
	}
	cn, err := s.creditNotes.Open(ctx, &domain.CreditNote{
		ID:          uuid.NewString(),
		InvoiceID:   inv.ID,
		RequestRef:  req.RequestRef,
		AmountCents: req.AmountCents,
		Reason:      req.Reason,
		Status:      "pending",
	})
	if err != nil {
		return nil, err
	}
	if cn.Status == "refunded" {
		return cn, nil
	}
	rf, err := s.stripe.Refund(ctx, *inv.PaymentIntentID, cn.AmountCents, "credit-note:"+cn.ID,
		map[string]string{"invoice_id": inv.ID, "credit_note_id": cn.ID})
	if err != nil {
		return nil, err
	}
	if err := s.creditNotes.MarkRefunded(ctx, cn.ID, rf.ID); err != nil {
		return nil, err
	}
	cn.Status, cn.RefundID = "refunded", &rf.ID
	return cn, nil
}

// HandleStripeEvent applies a verified webhook event.
func (s *Cards) HandleStripeEvent(ctx context.Context, ev stripe.Event) error {
	if ev.Type != "payment_intent.succeeded" && ev.Type != "payment_intent.payment_failed" {
		return nil
	}
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
		return fmt.Errorf("%w: payment intent: %v", httpx.ErrValidation, err)
	}
	invoiceID := pi.Metadata["invoice_id"]
	return s.uow.Do(ctx, func(ctx context.Context) error {
		claimed, err := s.events.Claim(ctx, ev.ID, string(ev.Type))
		if err != nil || !claimed {
			return err
		}
		if ev.Type == "payment_intent.payment_failed" {
			return s.payments.SetStatusByIntent(ctx, pi.ID, "failed")
		}
		if err := s.payments.SetStatusByIntent(ctx, pi.ID, "succeeded"); err != nil {
			return err
		}
		if invoiceID == "" {
			return nil
		}
		inv, err := s.invoices.Get(ctx, invoiceID)
		if err != nil {
			return err
		}
		paid, err := s.invoices.MarkPaid(ctx, inv.ID, pi.ID, s.now().UTC())
		if err != nil || !paid {
			return err
		}
		return s.accounts.AddBalance(ctx, inv.LineCode, -inv.TotalCents)
	})
}
