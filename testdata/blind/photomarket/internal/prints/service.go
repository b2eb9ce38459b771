// Package prints manages print orders and their fulfilment by the print
// lab partner.
package prints

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/lenslane/photomarket/db"
	"github.com/lenslane/photomarket/internal/events"
	"github.com/lenslane/photomarket/internal/ids"
	"github.com/lenslane/photomarket/internal/printlab"
	"github.com/lenslane/photomarket/internal/store"
)

// Errors returned to handlers.
var (
	ErrNotFound   = errors.New("print order not found")
	ErrForbidden  = errors.New("not your print order")
	ErrInvalid    = errors.New("invalid print order")
	ErrWrongState = errors.New("print order is not in a state that allows this")
)

type lab interface {
	SubmitOrder(ctx context.Context, o printlab.Order, opts ...printlab.RequestOption) (*printlab.OrderReceipt, error)
	RequestReprint(ctx context.Context, labOrderID string, req printlab.ReprintRequest, opts ...printlab.RequestOption) (*printlab.ReprintReceipt, error)
}

type txRunner interface {
	WithTx(ctx context.Context, fn func(tx store.Tx) error) error
}

// Catalog prices print products.
type Catalog map[string]int64

// DefaultCatalog is the lab's current price list in cents.
var DefaultCatalog = Catalog{
	"print-4x6":    250,
	"print-5x7":    450,
	"print-8x10":   1200,
	"canvas-16x20": 8900,
	"album-20p":    14900,
	"metal-11x14":  6900,
}

// Service is the print order service.
type Service struct {
	q        db.Querier
	store    txRunner
	lab      lab
	catalog  Catalog
	imageURL func(bucket, key string) string
	logger   *slog.Logger
}

// NewService builds a Service. imageURL signs a download URL the lab can
// fetch the original from.
func NewService(q db.Querier, st txRunner, l lab, imageURL func(bucket, key string) string, logger *slog.Logger) *Service {
	return &Service{q: q, store: st, lab: l, catalog: DefaultCatalog, imageURL: imageURL, logger: logger}
}

// ItemInput is one line of a new order.
type ItemInput struct {
	PhotoID  string `json:"photo_id"`
	SKU      string `json:"sku"`
	Quantity int32  `json:"quantity"`
}

// OrderInput is a new print order.
type OrderInput struct {
	GalleryID string           `json:"gallery_id"`
	ShipTo    printlab.Address `json:"ship_to"`
	Items     []ItemInput      `json:"items"`
}

func shippingFor(country string, subtotal int64) int64 {
	switch {
	case subtotal >= 15000:
		return 0
	case country == "US":
		return 899
	default:
		return 2499
	}
}

// CreateOrder creates a draft print order for photos in one of the
// client's delivered galleries.
func (s *Service) CreateOrder(ctx context.Context, clientID string, in OrderInput) (db.PrintOrder, error) {
	if in.GalleryID == "" || len(in.Items) == 0 || in.ShipTo.Line1 == "" || in.ShipTo.Country == "" {
		return db.PrintOrder{}, ErrInvalid
	}
	g, err := s.q.GetGallery(ctx, in.GalleryID)
	if errors.Is(err, sql.ErrNoRows) {
		return db.PrintOrder{}, ErrNotFound
	}
	if err != nil {
		return db.PrintOrder{}, err
	}
	b, err := s.q.GetBooking(ctx, g.BookingID)
	if err != nil {
		return db.PrintOrder{}, err
	}
	if b.ClientID != clientID || g.Status != "delivered" {
		return db.PrintOrder{}, ErrForbidden
	}
	var subtotal int64
	for _, it := range in.Items {
		price, ok := s.catalog[it.SKU]
		if !ok || it.Quantity <= 0 {
			return db.PrintOrder{}, fmt.Errorf("%w: item %s", ErrInvalid, it.SKU)
		}
		subtotal += price * int64(it.Quantity)
	}

	var out db.PrintOrder
	err = s.store.WithTx(ctx, func(tx store.Tx) error {
		o, err := tx.Q.CreatePrintOrder(ctx, db.CreatePrintOrderParams{
			ID:            ids.New("pr"),
			ClientID:      clientID,
			GalleryID:     g.ID,
			SubtotalCents: subtotal,
			ShippingCents: shippingFor(in.ShipTo.Country, subtotal),
			Currency:      b.Currency,
			ShipName:      in.ShipTo.Name,
			ShipLine1:     in.ShipTo.Line1,
			ShipLine2:     sql.NullString{String: in.ShipTo.Line2, Valid: in.ShipTo.Line2 != ""},
			ShipCity:      in.ShipTo.City,
			ShipPostcode:  in.ShipTo.Postcode,
			ShipCountry:   in.ShipTo.Country,
		})
		if err != nil {
			return err
		}
		for _, it := range in.Items {
			photo, err := tx.Q.GetPhoto(ctx, it.PhotoID)
			if err != nil {
				return fmt.Errorf("%w: photo %s", ErrInvalid, it.PhotoID)
			}
			if photo.GalleryID != g.ID {
				return fmt.Errorf("%w: photo %s is not in the gallery", ErrInvalid, it.PhotoID)
			}
			if err := tx.Q.InsertPrintOrderItem(ctx, db.InsertPrintOrderItemParams{
				ID:           ids.New("pri"),
				PrintOrderID: o.ID,
				PhotoID:      photo.ID,
				ProductSku:   it.SKU,
				Quantity:     it.Quantity,
				UnitCents:    s.catalog[it.SKU],
			}); err != nil {
				return err
			}
		}
		out = o
		return nil
	})
	return out, err
}

// ReprintInput is a client's reprint claim.
type ReprintInput struct {
	Reason string   `json:"reason"`
	SKUs   []string `json:"skus,omitempty"`
}

// RequestReprint asks the lab to reprint a damaged order. Each order can
// be reprinted once.
func (s *Service) RequestReprint(ctx context.Context, orderID, clientID string, in ReprintInput) (db.ReprintRequest, error) {
	o, err := s.q.GetPrintOrder(ctx, orderID)
	if errors.Is(err, sql.ErrNoRows) {
		return db.ReprintRequest{}, ErrNotFound
	}
	if err != nil {
		return db.ReprintRequest{}, err
	}
	if o.ClientID != clientID {
		return db.ReprintRequest{}, ErrForbidden
	}
	if !o.LabOrderID.Valid || (o.Status != "shipped" && o.Status != "delivered") {
		return db.ReprintRequest{}, ErrWrongState
	}
	if in.Reason == "" {
		return db.ReprintRequest{}, ErrInvalid
	}

	if err := s.q.EnsureReprintRequest(ctx, db.EnsureReprintRequestParams{
		ID:           ids.New("rp"),
		PrintOrderID: o.ID,
		Reason:       in.Reason,
	}); err != nil {
		return db.ReprintRequest{}, err
	}
	rr, err := s.q.GetReprintRequest(ctx, o.ID)
	if err != nil {
		return db.ReprintRequest{}, err
	}
	if rr.LabReprintID.Valid {
		return rr, nil
	}

	receipt, err := s.lab.RequestReprint(ctx, o.LabOrderID.String, printlab.ReprintRequest{
		Reason: rr.Reason,
		SKUs:   in.SKUs,
	})
	if err != nil {
		return db.ReprintRequest{}, err
	}

	err = s.store.WithTx(ctx, func(tx store.Tx) error {
		if err := tx.Q.SetReprintLabID(ctx, db.SetReprintLabIDParams{
			ID:           rr.ID,
			LabReprintID: sql.NullString{String: receipt.ReprintID, Valid: true},
		}); err != nil {
			return err
		}
		return tx.Q.IncrementReprintCount(ctx, o.ID)
	})
	if err != nil {
		return db.ReprintRequest{}, err
	}
	return s.q.GetReprintRequest(ctx, o.ID)
}

// HandlePaid is the watermill handler for print_order.paid.
func (s *Service) HandlePaid(msg *message.Message) error {
	ev, err := events.Decode[events.PrintOrderPaid](msg)
	if err != nil {
		return err
	}
	return s.Submit(msg.Context(), ev.PrintOrderID)
}

// Submit sends a paid order to the lab.
func (s *Service) Submit(ctx context.Context, orderID string) error {
	if err := s.q.EnsureLabSubmission(ctx, db.EnsureLabSubmissionParams{
		ID:           ids.New("ls"),
		PrintOrderID: orderID,
	}); err != nil {
		return err
	}
	sub, err := s.q.GetLabSubmission(ctx, orderID)
	if err != nil {
		return err
	}
	if sub.Status == "submitted" {
		return nil
	}
	o, err := s.q.GetPrintOrder(ctx, orderID)
	if err != nil {
		return err
	}
	items, err := s.q.ListPrintOrderItems(ctx, orderID)
	if err != nil {
		return err
	}
	order := printlab.Order{
		ExternalRef: o.ID,
		ShipTo: printlab.Address{
			Name:     o.ShipName,
			Line1:    o.ShipLine1,
			Line2:    o.ShipLine2.String,
			City:     o.ShipCity,
			Postcode: o.ShipPostcode,
			Country:  o.ShipCountry,
		},
	}
	for _, it := range items {
		photo, err := s.q.GetPhoto(ctx, it.PhotoID)
		if err != nil {
			return err
		}
		order.Items = append(order.Items, printlab.Item{
			SKU:      it.ProductSku,
			ImageURL: s.imageURL(photo.S3Bucket, photo.S3Key),
			Quantity: int(it.Quantity),
		})
	}

	receipt, err := s.lab.SubmitOrder(ctx, order, printlab.WithIdempotencyKey(sub.ID))
	if err != nil {
		return err
	}
	return s.store.WithTx(ctx, func(tx store.Tx) error {
		labID := sql.NullString{String: receipt.OrderID, Valid: true}
		if err := tx.Q.MarkLabSubmitted(ctx, db.MarkLabSubmittedParams{ID: sub.ID, LabOrderID: labID}); err != nil {
			return err
		}
		return tx.Q.SetPrintOrderLabID(ctx, db.SetPrintOrderLabIDParams{ID: o.ID, LabOrderID: labID})
	})
}
