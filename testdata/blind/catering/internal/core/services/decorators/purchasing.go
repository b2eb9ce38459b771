package decorators

import (
	"context"
	"time"

	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/forkandfeast/catering/internal/core/domain"
	"github.com/forkandfeast/catering/internal/core/ports"
	"github.com/forkandfeast/catering/internal/platform/metrics"
)

type purchasingService struct {
	next ports.PurchasingService
	o    observer
}

// Purchasing decorates a PurchasingService.
func Purchasing(next ports.PurchasingService, log *zap.Logger, m *metrics.Metrics) ports.PurchasingService {
	return &purchasingService{next: next, o: newObserver("purchasing", log, m)}
}

func (d *purchasingService) CreateOrder(ctx context.Context, cmd ports.CreatePurchaseOrder) (domain.PurchaseOrder, error) {
	return call(ctx, d.o, "CreateOrder", func() (domain.PurchaseOrder, error) {
		return d.next.CreateOrder(ctx, cmd)
	}, zap.Stringer("event", cmd.EventID), zap.String("supplier", cmd.SupplierCode))
}

func (d *purchasingService) Submit(ctx context.Context, poID uuid.UUID) error {
	return call0(ctx, d.o, "Submit", func() error { return d.next.Submit(ctx, poID) }, zap.Stringer("po", poID))
}

func (d *purchasingService) Amend(ctx context.Context, job ports.AmendPurchaseOrderJob) error {
	return call0(ctx, d.o, "Amend", func() error { return d.next.Amend(ctx, job) },
		zap.Stringer("po", job.PurchaseOrderID), zap.Int("to", job.HeadcountTo))
}

func (d *purchasingService) CancelForEvent(ctx context.Context, eventID uuid.UUID, requestKey string) error {
	return call0(ctx, d.o, "CancelForEvent", func() error {
		return d.next.CancelForEvent(ctx, eventID, requestKey)
	}, zap.Stringer("event", eventID))
}

func (d *purchasingService) RecordConfirmation(ctx context.Context, c domain.SupplierConfirmation) error {
	return call0(ctx, d.o, "RecordConfirmation", func() error {
		return d.next.RecordConfirmation(ctx, c)
	}, zap.String("partner_order", c.PartnerOrderID))
}

func (d *purchasingService) RecordShipment(ctx context.Context, partnerOrderID string, at time.Time) error {
	return call0(ctx, d.o, "RecordShipment", func() error {
		return d.next.RecordShipment(ctx, partnerOrderID, at)
	}, zap.String("partner_order", partnerOrderID))
}
