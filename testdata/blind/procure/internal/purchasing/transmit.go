package purchasing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/northmill/procure/internal/edi"
	"github.com/northmill/procure/internal/platform/db"
	"github.com/northmill/procure/internal/platform/ids"
	"github.com/northmill/procure/internal/suppliers"
)

// Transmitter sends purchase order documents to the EDI partner.
type Transmitter struct {
	store     *db.Store
	repo      *Repo
	suppliers *suppliers.Repo
	edi       edi.Client

	// newRef allocates interchange control references.
	newRef ids.Generator
}

// NewTransmitter wires a Transmitter.
func NewTransmitter(store *db.Store, repo *Repo, sup *suppliers.Repo, client edi.Client) *Transmitter {
	return &Transmitter{store: store, repo: repo, suppliers: sup, edi: client, newRef: ids.XID}
}

type ordersPayload struct {
	OrderNumber  string         `json:"order_number"`
	OrderDate    string         `json:"order_date"`
	Currency     string         `json:"currency"`
	DeliverySite string         `json:"delivery_party"`
	BuyerContact string         `json:"buyer_contact"`
	Lines        []ordersLine   `json:"lines"`
	Amendment    *amendmentInfo `json:"amendment,omitempty"`
}

type ordersLine struct {
	LineNo    int     `json:"line_no"`
	SKU       string  `json:"supplier_article"`
	Quantity  float64 `json:"quantity"`
	UOM       string  `json:"uom"`
	UnitPrice int64   `json:"unit_price_minor"`
}

type amendmentInfo struct {
	ID      string          `json:"id"`
	Reason  string          `json:"reason"`
	Changes json.RawMessage `json:"changes"`
}

func buildOrders(po PurchaseOrder, sup suppliers.Supplier, docType string, am *Amendment) (edi.Document, error) {
	p := ordersPayload{
		OrderNumber:  po.Number,
		OrderDate:    po.CreatedAt.Format("2006-01-02"),
		Currency:     po.Currency,
		DeliverySite: po.DeliverySite,
		BuyerContact: po.RequestedBy,
	}
	for _, l := range po.Lines {
		p.Lines = append(p.Lines, ordersLine{LineNo: l.LineNo, SKU: l.SKU, Quantity: l.Quantity, UOM: l.UOM, UnitPrice: l.UnitPriceMinor})
	}
	if am != nil {
		p.Amendment = &amendmentInfo{ID: am.ID, Reason: am.Reason, Changes: am.Changes}
	}
	raw, err := json.Marshal(p)
	if err != nil {
		return edi.Document{}, err
	}
	return edi.Document{Type: docType, ReceiverID: sup.EDIPartnerID, Reference: po.Number, Payload: raw}, nil
}

// SendOrder transmits a submitted PO as ORDERS and marks it sent.
func (t *Transmitter) SendOrder(ctx context.Context, poID string) error {
	po, err := t.repo.GetWithLines(ctx, t.store.DB(), poID)
	if err != nil {
		return err
	}
	if po.Status != StatusSubmitted {
		return nil
	}
	sup, err := t.suppliers.Get(ctx, t.store.DB(), po.SupplierID)
	if err != nil {
		return err
	}
	doc, err := buildOrders(po, sup, edi.DocOrders, nil)
	if err != nil {
		return err
	}

	rcpt, err := t.edi.SendDocument(ctx, doc, edi.WithInterchangeRef(t.newRef()), edi.WithAckRequested())
	if err != nil {
		return fmt.Errorf("send ORDERS %s: %w", po.Number, err)
	}

	return t.store.ExecTx(ctx, func(q db.Querier) error {
		if err := t.repo.InsertTransmission(ctx, q, Transmission{
			POID: po.ID, DocType: edi.DocOrders, InterchangeRef: rcpt.InterchangeRef, PartnerDocID: rcpt.PartnerDocID,
		}); err != nil {
			return err
		}
		_, err := t.repo.Transition(ctx, q, po.ID, []string{StatusSubmitted}, StatusSent)
		return err
	})
}

// SendChange transmits an amendment as ORDCHG and marks the amendment
// sent.
func (t *Transmitter) SendChange(ctx context.Context, amendmentID string) error {
	am, err := t.repo.GetAmendment(ctx, t.store.DB(), amendmentID)
	if errors.Is(err, db.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if am.Status != "pending" {
		return nil
	}
	po, err := t.repo.GetWithLines(ctx, t.store.DB(), am.POID)
	if err != nil {
		return err
	}
	if po.Status == StatusCancelled {
		return nil
	}
	sup, err := t.suppliers.Get(ctx, t.store.DB(), po.SupplierID)
	if err != nil {
		return err
	}
	doc, err := buildOrders(po, sup, edi.DocOrderChange, &am)
	if err != nil {
		return err
	}

	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	rcpt, err := t.edi.SendDocument(ctx, doc, edi.WithInterchangeRef(am.ID), edi.WithAckRequested())
	if err != nil {
		return fmt.Errorf("send ORDCHG %s: %w", am.ID, err)
	}

	return t.store.ExecTx(ctx, func(q db.Querier) error {
		if err := t.repo.InsertTransmission(ctx, q, Transmission{
			POID: po.ID, DocType: edi.DocOrderChange, InterchangeRef: am.ID, PartnerDocID: rcpt.PartnerDocID,
		}); err != nil {
			return err
		}
		return t.repo.MarkAmendmentSent(ctx, q, am.ID)
	})
}
