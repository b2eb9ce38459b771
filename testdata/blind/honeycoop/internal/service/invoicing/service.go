// Package invoicing issues invoices and credit notes for retail orders over
// the e-invoicing network and applies the network's status callbacks.
package invoicing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/amberfield-labs/honeycoop/internal/provider/einvoice"
	"github.com/amberfield-labs/honeycoop/internal/service/apperr"
	"github.com/amberfield-labs/honeycoop/internal/store"
)

type InvoiceStore interface {
	NextNumber(ctx context.Context) (string, error)
	Create(ctx context.Context, inv *store.Invoice) error
	Get(ctx context.Context, id string) (*store.Invoice, error)
	GetByNumber(ctx context.Context, number string) (*store.Invoice, error)
	MarkSubmitted(ctx context.Context, id, networkRef string) error
	RecordDelivery(ctx context.Context, documentID, invoiceID, channel string, at time.Time) error
	MarkPaid(ctx context.Context, id string, at time.Time) (bool, error)
	EnsureCreditNote(ctx context.Context, cn *store.CreditNote) error
	MarkCreditNoteSubmitted(ctx context.Context, id, networkRef string) error
}

type OrderStore interface {
	GetOrder(ctx context.Context, id string) (*store.RetailOrder, error)
	AttachInvoice(ctx context.Context, orderID, invoiceID string) (bool, error)
}

type Retailers interface {
	Retailer(ctx context.Context, id string) (*store.Retailer, error)
}

// Network is the e-invoicing network.
type Network interface {
	Submit(ctx context.Context, doc einvoice.Document) (*einvoice.Receipt, error)
}

type TxRunner interface {
	WithTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type Service interface {
	IssueInvoice(ctx context.Context, orderID string) (*store.Invoice, error)
	IssueCreditNote(ctx context.Context, invoiceID string, in CreditNoteInput) (*store.CreditNote, error)
	HandleNetworkEvent(ctx context.Context, ev NetworkEvent) error
}

type CreditNoteInput struct {
	// CreditRef is the back office's reference for the credit (claim or
	// return number); it is unique per invoice.
	CreditRef   string `json:"credit_ref"`
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

// NetworkEvent is a status callback from the e-invoicing network.
type NetworkEvent struct {
	EventID    string    `json:"event_id"`
	Type       string    `json:"type"`
	DocumentID string    `json:"document_id"`
	Number     string    `json:"number"`
	Channel    string    `json:"channel"`
	OccurredAt time.Time `json:"occurred_at"`
}

type Deps struct {
	Tx        TxRunner
	Invoices  InvoiceStore
	Orders    OrderStore
	Retailers Retailers
	Network   Network
	NewID     func() string
	Now       func() time.Time
	Currency  string
}

type service struct {
	d Deps
}

func New(d Deps) Service { return &service{d: d} }

var errAlreadyInvoiced = errors.New("order already invoiced")

func (s *service) IssueInvoice(ctx context.Context, orderID string) (*store.Invoice, error) {
	order, err := s.d.Orders.GetOrder(ctx, orderID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("%w: order %s", apperr.ErrNotFound, orderID)
	}
	if err != nil {
		return nil, err
	}
	if order.Status != "confirmed" {
		return nil, apperr.Conflict("order %s is %s, not confirmed", order.ID, order.Status)
	}

	if order.InvoiceID == nil {
		err := s.d.Tx.WithTx(ctx, func(ctx context.Context) error {
			number, err := s.d.Invoices.NextNumber(ctx)
			if err != nil {
				return err
			}
			inv := &store.Invoice{
				ID:         s.d.NewID(),
				OrderID:    order.ID,
				Number:     number,
				TotalCents: order.TotalCents,
				Status:     "draft",
				CreatedAt:  s.d.Now(),
			}
			if err := s.d.Invoices.Create(ctx, inv); err != nil {
				return err
			}
			attached, err := s.d.Orders.AttachInvoice(ctx, order.ID, inv.ID)
			if err != nil {
				return err
			}
			if !attached {
				return errAlreadyInvoiced
			}
			order.InvoiceID = &inv.ID
			return nil
		})
		if errors.Is(err, errAlreadyInvoiced) {
			order, err = s.d.Orders.GetOrder(ctx, orderID)
		}
		if err != nil {
			return nil, err
		}
	}

	inv, err := s.d.Invoices.Get(ctx, *order.InvoiceID)
	if err != nil {
		return nil, err
	}
	if inv.Status != "draft" {
		return inv, nil
	}
	retailer, err := s.d.Retailers.Retailer(ctx, order.RetailerID)
	if err != nil {
		return nil, err
	}

	doc := einvoice.Document{
		Type:       "invoice",
		Number:     inv.Number,
		Recipient:  retailer.EinvoiceAddress,
		IssueDate:  inv.CreatedAt.Format("2006-01-02"),
		Currency:   s.d.Currency,
		TotalCents: inv.TotalCents,
		Note:       "PO " + order.PONumber,
	}
	for _, l := range order.Lines {
		doc.Lines = append(doc.Lines, einvoice.Line{
			SKU:        l.SKU,
			Quantity:   l.Quantity,
			UnitCents:  l.UnitCents,
			TotalCents: int64(l.Quantity) * l.UnitCents,
		})
	}
	receipt, err := s.d.Network.Submit(ctx, doc)
	if err != nil {
		return nil, fmt.Errorf("submit invoice %s: %w", inv.Number, err)
	}
	if err := s.d.Invoices.MarkSubmitted(ctx, inv.ID, receipt.NetworkRef); err != nil {
		return nil, err
	}
	inv.Status, inv.NetworkRef = "submitted", receipt.NetworkRef
	return inv, nil
}

func (s *service) IssueCreditNote(ctx context.Context, invoiceID string, in CreditNoteInput) (*store.CreditNote, error) {
	if in.CreditRef == "" || in.AmountCents <= 0 {
		return nil, apperr.Invalid("credit_ref and a positive amount are required")
	}
	inv, err := s.d.Invoices.Get(ctx, invoiceID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("%w: invoice %s", apperr.ErrNotFound, invoiceID)
	}
	if err != nil {
		return nil, err
	}
	if in.AmountCents > inv.TotalCents {
		return nil, apperr.Invalid("credit exceeds invoice total")
	}
	cn := &store.CreditNote{
		ID:          s.d.NewID(),
		InvoiceID:   inv.ID,
		Number:      inv.Number + "-CN-" + in.CreditRef,
		AmountCents: in.AmountCents,
		Reason:      in.Reason,
		Status:      "draft",
		CreatedAt:   s.d.Now(),
	}
	if err := s.d.Invoices.EnsureCreditNote(ctx, cn); err != nil {
		return nil, err
	}
	if cn.Status != "draft" {
		return cn, nil
	}
	order, err := s.d.Orders.GetOrder(ctx, inv.OrderID)
	if err != nil {
		return nil, err
	}
	retailer, err := s.d.Retailers.Retailer(ctx, order.RetailerID)
	if err != nil {
		return nil, err
	}
	receipt, err := s.d.Network.Submit(ctx, einvoice.Document{
		DocumentID:       cn.Number,
		Type:             "credit_note",
		Number:           cn.Number,
		Recipient:        retailer.EinvoiceAddress,
		IssueDate:        cn.CreatedAt.Format("2006-01-02"),
		Currency:         s.d.Currency,
		TotalCents:       cn.AmountCents,
		ReferencedNumber: inv.Number,
		Note:             cn.Reason,
	})
	if err != nil {
		return nil, fmt.Errorf("submit credit note %s: %w", cn.Number, err)
	}
	if err := s.d.Invoices.MarkCreditNoteSubmitted(ctx, cn.ID, receipt.NetworkRef); err != nil {
		return nil, err
	}
	cn.Status, cn.NetworkRef = "submitted", receipt.NetworkRef
	return cn, nil
}

func (s *service) HandleNetworkEvent(ctx context.Context, ev NetworkEvent) error {
	inv, err := s.d.Invoices.GetByNumber(ctx, ev.Number)
	if errors.Is(err, store.ErrNotFound) {
		// Credit notes and documents sent by other tools share the feed.
		return nil
	}
	if err != nil {
		return err
	}
	switch ev.Type {
	case "document.delivered":
		return s.d.Invoices.RecordDelivery(ctx, ev.DocumentID, inv.ID, ev.Channel, ev.OccurredAt)
	case "document.paid":
		_, err := s.d.Invoices.MarkPaid(ctx, inv.ID, ev.OccurredAt)
		return err
	default:
		return nil
	}
}
