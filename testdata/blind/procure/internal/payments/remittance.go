package payments

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/northmill/procure/internal/edi"
	"github.com/northmill/procure/internal/platform/db"
)

// Remittances sends remittance advice (REMADV) for settled payments.
type Remittances struct {
	svc *Service
	edi edi.Client
}

// NewRemittances wires the sender.
func NewRemittances(svc *Service, client edi.Client) *Remittances {
	return &Remittances{svc: svc, edi: client}
}

type remittancePayload struct {
	PaymentID     string `json:"payment_id"`
	InvoiceNumber string `json:"invoice_number"`
	Currency      string `json:"currency"`
	PaidMinor     int64  `json:"paid_minor"`
	DiscountMinor int64  `json:"discount_minor"`
	ValueDate     string `json:"value_date"`
}

// Send transmits the remittance advice for one payment.
func (r *Remittances) Send(ctx context.Context, paymentID string) error {
	s := r.svc
	p, err := s.repo.Get(ctx, s.store.DB(), paymentID)
	if errors.Is(err, db.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if p.Status != StatusSettled {
		return nil
	}
	rem, err := s.repo.EnsureRemittance(ctx, s.store.DB(), p.ID)
	if err != nil {
		return err
	}
	if rem.Status == "sent" {
		return nil
	}

	inv, err := s.invoices.Get(ctx, s.store.DB(), p.InvoiceID)
	if err != nil {
		return err
	}
	sup, err := s.suppliers.Get(ctx, s.store.DB(), p.SupplierID)
	if err != nil {
		return err
	}
	payload, err := json.Marshal(remittancePayload{
		PaymentID:     p.ID,
		InvoiceNumber: inv.InvoiceNumber,
		Currency:      p.Currency,
		PaidMinor:     p.AmountMinor,
		DiscountMinor: p.DiscountMinor,
		ValueDate:     p.UpdatedAt.Format("2006-01-02"),
	})
	if err != nil {
		return err
	}

	rcpt, err := r.edi.SendDocument(ctx, edi.Document{
		Type:       edi.DocRemittance,
		ReceiverID: sup.EDIPartnerID,
		Reference:  inv.InvoiceNumber,
		Payload:    payload,
	})
	if err != nil {
		return fmt.Errorf("send REMADV for %s: %w", p.ID, err)
	}
	return s.repo.MarkRemittanceSent(ctx, s.store.DB(), p.ID, rcpt.InterchangeRef)
}
