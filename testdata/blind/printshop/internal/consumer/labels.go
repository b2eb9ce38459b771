package consumer

import (
	"context"

	"go.uber.org/zap"

	"github.com/inkloop/printshop/internal/queue/sqsbus"
	"github.com/inkloop/printshop/internal/service"
)

func (h *Handlers) purchaseLabel(ctx context.Context, m sqsbus.Message) error {
	req, err := decode[sqsbus.LabelPurchase](m)
	if err != nil {
		return err
	}
	shp, err := h.labels.PurchaseOutbound(ctx, service.LabelPurchaseRequest{
		RequestID:  req.RequestID,
		OrderID:    req.OrderID,
		PrintJobID: req.PrintJobID,
		ParcelSeq:  req.ParcelSeq,
		Service:    req.Service,
		WeightOz:   req.WeightOz,
	})
	if err != nil {
		return dropIfGone(err)
	}
	if shp != nil {
		h.log.Info("label purchased", zap.String("order_id", req.OrderID), zap.String("shipment_id", shp.ID),
			zap.String("status", shp.Status))
	}
	return nil
}

func (h *Handlers) voidLabel(ctx context.Context, m sqsbus.Message) error {
	req, err := decode[sqsbus.LabelVoid](m)
	if err != nil {
		return err
	}
	if err := h.labels.VoidLabel(ctx, req.ShipmentID, req.Reason); err != nil {
		return dropIfGone(err)
	}
	return nil
}
