package shipments

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/harborline/brokerage/internal/notify"
	"github.com/harborline/brokerage/internal/repository"
)

// ArrivalNotice is a carrier's notice that a consignment reached the port.
type ArrivalNotice struct {
	NoticeID     string    `json:"notice_id"`
	CarrierSCAC  string    `json:"carrier_scac"`
	BillOfLading string    `json:"bill_of_lading"`
	Vessel       string    `json:"vessel"`
	PortCode     string    `json:"port_code"`
	ArrivedAt    time.Time `json:"arrived_at"`
}

// Arrivals handles carrier arrival notices.
type Arrivals interface {
	HandleArrival(ctx context.Context, n ArrivalNotice) error
}

type arrivals struct {
	shipments repository.ShipmentRepository
	publisher notify.Publisher
	log       *slog.Logger
}

// NewArrivals returns the arrival handler.
func NewArrivals(shipments repository.ShipmentRepository, publisher notify.Publisher, log *slog.Logger) *arrivals {
	return &arrivals{shipments: shipments, publisher: publisher, log: log}
}

// HandleArrival marks the matching shipment arrived and announces it on the
// shipment-events topic, which the carrier desk and analytics consume.
func (a *arrivals) HandleArrival(ctx context.Context, n ArrivalNotice) error {
	sh, err := a.shipments.FindByBillOfLading(ctx, n.CarrierSCAC, n.BillOfLading)
	if errors.Is(err, repository.ErrNotFound) {
		a.log.InfoContext(ctx, "arrival for unknown bill of lading", "scac", n.CarrierSCAC, "bol", n.BillOfLading)
		return nil
	}
	if err != nil {
		return err
	}
	if sh.ArrivedAt != nil {
		return nil
	}

	if err := a.publisher.PublishShipmentEvent(ctx, notify.ShipmentEvent{
		Type:       "shipment.arrived",
		ShipmentID: sh.ID,
		ImporterID: sh.ImporterID,
		At:         n.ArrivedAt,
		Detail:     map[string]string{"vessel": n.Vessel, "port": n.PortCode},
	}); err != nil {
		return err
	}
	return a.shipments.MarkArrived(ctx, sh.ID, n.ArrivedAt)
}
