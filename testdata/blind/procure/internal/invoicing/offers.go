package invoicing

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/northmill/procure/internal/edi"
	"github.com/northmill/procure/internal/platform/db"
	"github.com/northmill/procure/internal/suppliers"
)

// Offers proposes early payment against the supplier's discount terms.
type Offers struct {
	store     *db.Store
	repo      *Repo
	suppliers *suppliers.Repo
	edi       edi.Client
	now       func() time.Time
}

// NewOffers wires the service.
func NewOffers(store *db.Store, repo *Repo, sup *suppliers.Repo, client edi.Client) *Offers {
	return &Offers{store: store, repo: repo, suppliers: sup, edi: client, now: time.Now}
}

type offerPayload struct {
	OfferID       string `json:"offer_id"`
	InvoiceNumber string `json:"invoice_number"`
	InvoiceDate   string `json:"invoice_date"`
	Currency      string `json:"currency"`
	OpenMinor     int64  `json:"open_amount_minor"`
	DiscountPct   string `json:"discount_pct"`
	PayMinor      int64  `json:"pay_amount_minor"`
	PayBy         string `json:"pay_by"`
}

// Offer creates a discount offer for a matched invoice and sends it to the
// supplier.
func (o *Offers) Offer(ctx context.Context, invoiceID string) error {
	inv, err := o.repo.Get(ctx, o.store.DB(), invoiceID)
	if err != nil {
		return err
	}
	if inv.Status != StatusMatched && inv.Status != StatusApproved {
		return nil
	}
	if !inv.DiscountAvailable(o.now()) {
		return nil
	}
	sup, err := o.suppliers.Get(ctx, o.store.DB(), inv.SupplierID)
	if err != nil {
		return err
	}

	offer := DiscountOffer{
		ID:             uuid.NewString(),
		InvoiceID:      inv.ID,
		DiscountPct:    inv.DiscountPct,
		PayAmountMinor: inv.OpenMinor - inv.DiscountMinor(),
		ValidUntil:     *inv.DiscountUntil,
		Status:         "offered",
	}
	if err := o.repo.InsertOffer(ctx, o.store.DB(), offer); err != nil {
		return err
	}

	payload, err := json.Marshal(offerPayload{
		OfferID:       offer.ID,
		InvoiceNumber: inv.InvoiceNumber,
		InvoiceDate:   inv.InvoiceDate.Format("2006-01-02"),
		Currency:      inv.Currency,
		OpenMinor:     inv.OpenMinor,
		DiscountPct:   fmt.Sprintf("%.2f", offer.DiscountPct),
		PayMinor:      offer.PayAmountMinor,
		PayBy:         offer.ValidUntil.Format("2006-01-02"),
	})
	if err != nil {
		return err
	}
	if _, err := o.edi.SendDocument(ctx, edi.Document{
		Type:       edi.DocDiscountOffer,
		ReceiverID: sup.EDIPartnerID,
		Reference:  inv.InvoiceNumber,
		Payload:    payload,
	}, edi.WithInterchangeRef(offer.ID)); err != nil {
		return fmt.Errorf("send discount offer: %w", err)
	}
	return o.repo.SetOfferStatus(ctx, o.store.DB(), offer.ID, "sent")
}
