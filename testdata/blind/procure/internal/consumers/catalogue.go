package consumers

import (
	"context"

	"github.com/rs/xid"
	"go.opentelemetry.io/otel/trace"

	"github.com/northmill/procure/internal/catalogue"
	"github.com/northmill/procure/internal/events"
)

// Catalogue event types published by the supplier portal.
const (
	TypeItemUpserted = "item.upserted"
	TypePriceChanged = "item.price_changed"
)

// CatalogueEvents is what the catalogue handlers need.
type CatalogueEvents interface {
	Upsert(ctx context.Context, it catalogue.Item) error
	ChangePrice(ctx context.Context, pc catalogue.PriceChange, traceID string) error
}

// Catalogue handles the supplier catalogue topic.
type Catalogue struct {
	svc CatalogueEvents
}

// NewCatalogue builds the handlers.
func NewCatalogue(svc CatalogueEvents) *Catalogue { return &Catalogue{svc: svc} }

// Register adds the handlers to r.
func (c *Catalogue) Register(r *events.Registry) {
	r.Handle(TypeItemUpserted, events.Typed(c.itemUpserted))
	r.Handle(TypePriceChanged, events.Typed(c.priceChanged))
}

func (c *Catalogue) itemUpserted(ctx context.Context, _ events.Envelope, it catalogue.Item) error {
	if it.SupplierID == "" || it.SKU == "" {
		return events.ErrPoison
	}
	return c.svc.Upsert(ctx, it)
}

func (c *Catalogue) priceChanged(ctx context.Context, _ events.Envelope, pc catalogue.PriceChange) error {
	if pc.SupplierID == "" || pc.SKU == "" || pc.Version == 0 {
		return events.ErrPoison
	}
	return c.svc.ChangePrice(ctx, pc, correlationID(ctx))
}

// correlationID returns the current trace ID, or a fresh ID when the
// message arrived without trace context.
func correlationID(ctx context.Context) string {
	if sc := trace.SpanContextFromContext(ctx); sc.HasTraceID() {
		return sc.TraceID().String()
	}
	return xid.New().String()
}
