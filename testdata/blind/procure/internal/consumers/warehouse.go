// Package consumers maps the warehouse and supplier catalogue topics onto
// the domain services.
package consumers

import (
	"context"
	"time"

	"github.com/northmill/procure/internal/events"
	"github.com/northmill/procure/internal/receiving"
)

// Warehouse event types published by the WMS.
const (
	TypeReceiptPosted      = "receipt.posted"
	TypeReceiptReversed    = "receipt.reversed"
	TypeReceiptQualityHold = "receipt.quality_hold"
	TypeReceiptReturned    = "receipt.returned"
)

// ReceiptEvents is what the warehouse handlers need from receiving.
type ReceiptEvents interface {
	Post(ctx context.Context, in receiving.PostInput, source string) (receiving.PostResult, error)
	Reverse(ctx context.Context, in receiving.ReversalInput) error
	PlaceHold(ctx context.Context, eventID string, in receiving.HoldInput) error
	RecordReturn(ctx context.Context, eventID string, in receiving.ReturnInput) error
}

// Warehouse handles the WMS receipt topic.
type Warehouse struct {
	svc ReceiptEvents
}

// NewWarehouse builds the handlers.
func NewWarehouse(svc ReceiptEvents) *Warehouse { return &Warehouse{svc: svc} }

// Register adds the handlers to r.
func (w *Warehouse) Register(r *events.Registry) {
	r.Handle(TypeReceiptPosted, events.Typed(w.posted))
	r.Handle(TypeReceiptReversed, events.Typed(w.reversed))
	r.Handle(TypeReceiptQualityHold, events.Typed(w.qualityHold))
	r.Handle(TypeReceiptReturned, events.Typed(w.returned))
}

type wmsLine struct {
	OrderLine int     `json:"order_line"`
	Article   string  `json:"article"`
	Quantity  float64 `json:"qty"`
}

func (l wmsLine) toInput() receiving.LineInput {
	return receiving.LineInput{POLineNo: l.OrderLine, SKU: l.Article, Quantity: l.Quantity}
}

type receiptPosted struct {
	Site         string    `json:"site"`
	GRN          string    `json:"grn"`
	OrderRef     string    `json:"order_ref"`
	DeliveryNote string    `json:"delivery_note"`
	PostedAt     time.Time `json:"posted_at"`
	Lines        []wmsLine `json:"lines"`
}

func (w *Warehouse) posted(ctx context.Context, _ events.Envelope, p receiptPosted) error {
	in := receiving.PostInput{
		WarehouseID:  p.Site,
		ReceiptNo:    p.GRN,
		POID:         p.OrderRef,
		DeliveryNote: p.DeliveryNote,
		ReceivedAt:   p.PostedAt,
	}
	for _, l := range p.Lines {
		in.Lines = append(in.Lines, l.toInput())
	}
	_, err := w.svc.Post(ctx, in, receiving.SourceWMS)
	return err
}

type receiptReversed struct {
	ReversalNo string `json:"reversal_no"`
	Site       string `json:"site"`
	GRN        string `json:"grn"`
	Reason     string `json:"reason"`
	User       string `json:"user"`
}

func (w *Warehouse) reversed(ctx context.Context, _ events.Envelope, p receiptReversed) error {
	return w.svc.Reverse(ctx, receiving.ReversalInput{
		ReversalID:  p.ReversalNo,
		WarehouseID: p.Site,
		ReceiptNo:   p.GRN,
		Reason:      p.Reason,
		ReversedBy:  p.User,
	})
}

type qualityHold struct {
	Site      string `json:"site"`
	GRN       string `json:"grn"`
	Code      string `json:"defect_code"`
	Inspector string `json:"inspector"`
	Remarks   string `json:"remarks"`
}

func (w *Warehouse) qualityHold(ctx context.Context, env events.Envelope, p qualityHold) error {
	return w.svc.PlaceHold(ctx, env.ID, receiving.HoldInput{
		WarehouseID: p.Site,
		ReceiptNo:   p.GRN,
		ReasonCode:  p.Code,
		Inspector:   p.Inspector,
		Notes:       p.Remarks,
	})
}

type receiptReturned struct {
	Site  string    `json:"site"`
	GRN   string    `json:"grn"`
	RMA   string    `json:"rma"`
	Lines []wmsLine `json:"lines"`
}

func (w *Warehouse) returned(ctx context.Context, env events.Envelope, p receiptReturned) error {
	in := receiving.ReturnInput{WarehouseID: p.Site, ReceiptNo: p.GRN, RMANumber: p.RMA}
	for _, l := range p.Lines {
		in.Lines = append(in.Lines, l.toInput())
	}
	return w.svc.RecordReturn(ctx, env.ID, in)
}
