package parts

import (
	"context"
	"log/slog"

	"github.com/google/uuid"

	"github.com/liftwell-systems/liftcare/internal/platform/logging"
)

type loggingService struct {
	next Service
	log  *slog.Logger
}

// WithLogging decorates s with structured call logging.
func WithLogging(s Service, log *slog.Logger) Service {
	return &loggingService{next: s, log: log.With("svc", "parts")}
}

func (l *loggingService) CreateOrder(ctx context.Context, in NewOrder) (id uuid.UUID, err error) {
	defer logging.Track(ctx, l.log, "create_order", &err, "sku", in.SKU, "qty", in.Quantity)()
	return l.next.CreateOrder(ctx, in)
}

func (l *loggingService) SubmitOrder(ctx context.Context, orderID uuid.UUID) (err error) {
	defer logging.Track(ctx, l.log, "submit_order", &err, "order_id", orderID)()
	return l.next.SubmitOrder(ctx, orderID)
}

func (l *loggingService) ReceiveShipment(ctx context.Context, s Shipment) (err error) {
	defer logging.Track(ctx, l.log, "receive_shipment", &err, "shipment", s.SupplierShipmentID, "order_ref", s.SupplierOrderRef)()
	return l.next.ReceiveShipment(ctx, s)
}
