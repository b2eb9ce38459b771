package consumer

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/rs/xid"

	"github.com/circuitback/buyback/internal/messaging"
	"github.com/circuitback/buyback/internal/model"
)

type warehouse interface {
	OpenIntake(ctx context.Context, evt messaging.ShipmentDelivered) error
}

type pipelineStarter interface {
	StartGradingToPayout(ctx context.Context, workflowID string, evt messaging.DeviceGraded) (string, error)
}

type listings interface {
	PublishListing(ctx context.Context, req messaging.ListingRequested) (*model.Listing, error)
}

type fulfilment interface {
	Start(ctx context.Context, evt messaging.OrderReceived) (*model.Fulfilment, error)
	ConfirmShipped(ctx context.Context, evt messaging.FulfilmentShipped) error
}

type quotes interface {
	ExpireQuote(ctx context.Context, quoteID uuid.UUID) error
}

type certificates interface {
	IssueCertificate(ctx context.Context, evt messaging.WipeCompleted) (*model.WipeCertificate, error)
}

type settlements interface {
	Settle(ctx context.Context, evt messaging.PayoutEvent) error
}

// Handlers adapts queue messages onto services.
type Handlers struct {
	Warehouse    warehouse
	Pipeline     pipelineStarter
	Listings     listings
	Fulfilment   fulfilment
	Quotes       quotes
	Certificates certificates
	Settlements  settlements
	Dedupe       *Deduper
}

// typed decodes the envelope payload into T before calling fn; a payload
// that does not decode will never decode, so it is dropped.
func typed[T any](fn func(ctx context.Context, m Message, payload T) error) HandlerFunc {
	return func(ctx context.Context, m Message) error {
		var payload T
		if err := m.Envelope.Decode(&payload); err != nil {
			return Permanent(err)
		}
		return fn(ctx, m, payload)
	}
}

// EventsTable is the dispatch table for the main events queue.
func (h *Handlers) EventsTable() map[string]HandlerFunc {
	return map[string]HandlerFunc{
		messaging.TypeShipmentDelivered: typed(h.shipmentDelivered),
		messaging.TypeDeviceGraded:      typed(h.deviceGraded),
		messaging.TypeOrderReceived:     typed(h.orderReceived),
		messaging.TypeFulfilmentShipped: typed(h.fulfilmentShipped),
		messaging.TypeQuoteExpired:      typed(h.quoteExpired),
		messaging.TypeWipeCompleted:     typed(h.wipeCompleted),
		messaging.TypePayoutSettled:     typed(h.payoutSettled),
	}
}

// ListingTable is the dispatch table for the listing queue, which is
// consumed with low concurrency to stay under the partner's rate limit.
func (h *Handlers) ListingTable() map[string]HandlerFunc {
	return map[string]HandlerFunc{
		messaging.TypeListingRequested: typed(h.listingRequested),
	}
}

func (h *Handlers) shipmentDelivered(ctx context.Context, _ Message, evt messaging.ShipmentDelivered) error {
	return h.Warehouse.OpenIntake(ctx, evt)
}

func (h *Handlers) deviceGraded(ctx context.Context, m Message, evt messaging.DeviceGraded) error {
	if evt.Grade == model.GradeF && evt.Round > 1 {
		slog.InfoContext(ctx, "regrade to F; recycle desk handles it", "device_id", evt.DeviceID)
	}
	// A device can be graded more than once (disputes), so each run gets
	// its own workflow id.
	workflowID := fmt.Sprintf("grade-to-payout-%s-%s", evt.DeviceID, xid.New().String())
	wfID, err := h.Pipeline.StartGradingToPayout(ctx, workflowID, evt)
	if err != nil {
		return err
	}
	slog.InfoContext(ctx, "grading pipeline started", "workflow_id", wfID, "event_id", m.Envelope.ID)
	return nil
}

func (h *Handlers) listingRequested(ctx context.Context, _ Message, req messaging.ListingRequested) error {
	l, err := h.Listings.PublishListing(ctx, req)
	if err != nil {
		return err
	}
	slog.InfoContext(ctx, "device listed", "device_id", req.DeviceID, "listing", l.MarketplaceListingID)
	return nil
}

func (h *Handlers) orderReceived(ctx context.Context, m Message, evt messaging.OrderReceived) error {
	return h.Dedupe.Once(ctx, "fulfilment.start", m.Envelope.ID, func(ctx context.Context) error {
		_, err := h.Fulfilment.Start(ctx, evt)
		return err
	})
}

func (h *Handlers) fulfilmentShipped(ctx context.Context, _ Message, evt messaging.FulfilmentShipped) error {
	return h.Fulfilment.ConfirmShipped(ctx, evt)
}

func (h *Handlers) quoteExpired(ctx context.Context, _ Message, evt messaging.QuoteExpired) error {
	return h.Quotes.ExpireQuote(ctx, evt.QuoteID)
}

func (h *Handlers) wipeCompleted(ctx context.Context, _ Message, evt messaging.WipeCompleted) error {
	cert, err := h.Certificates.IssueCertificate(ctx, evt)
	if err != nil {
		return err
	}
	if cert != nil {
		slog.InfoContext(ctx, "wipe certified", "device_id", evt.DeviceID, "certificate", cert.CertificateNumber)
	}
	return nil
}

func (h *Handlers) payoutSettled(ctx context.Context, m Message, evt messaging.PayoutEvent) error {
	return h.Dedupe.Within(ctx, "payout.settle", m.Envelope.ID, func(ctx context.Context) error {
		return h.Settlements.Settle(ctx, evt)
	})
}
