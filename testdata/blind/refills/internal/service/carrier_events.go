package service

import (
	"context"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"github.com/scriptline/refills/internal/carrier"
	"github.com/scriptline/refills/internal/domain"
	"github.com/scriptline/refills/internal/ids"
	"github.com/scriptline/refills/internal/store"
)

type CarrierEventService interface {
	TrackingUpdated(ctx context.Context, e carrier.WebhookEvent) error
	Exception(ctx context.Context, e carrier.WebhookEvent) error
}

type CarrierEventServiceImpl struct {
	refills       RefillRepository
	prescriptions PrescriptionRepository
	shipments     ShipmentRepository
	tracking      TrackingEventRepository
	reships       ReshipRepository
	uow           store.UnitOfWork
	carrierName   string
	newID         ids.UUIDFunc
	now           Clock
	log           *slog.Logger
}

func NewCarrierEventService(
	refills RefillRepository,
	prescriptions PrescriptionRepository,
	shipments ShipmentRepository,
	tracking TrackingEventRepository,
	reships ReshipRepository,
	uow store.UnitOfWork,
	settings Settings,
	log *slog.Logger,
) *CarrierEventServiceImpl {
	return &CarrierEventServiceImpl{
		refills:       refills,
		prescriptions: prescriptions,
		shipments:     shipments,
		tracking:      tracking,
		reships:       reships,
		uow:           uow,
		carrierName:   settings.CarrierName,
		newID:         ids.NewUUID,
		now:           time.Now,
		log:           log.With("service", "carrier_events"),
	}
}

func shipmentStatusFor(carrierStatus string) (domain.ShipmentStatus, bool) {
	switch carrierStatus {
	case carrier.StatusInTransit, carrier.StatusOutForDelivery:
		return domain.ShipmentInTransit, true
	case carrier.StatusDelivered:
		return domain.ShipmentDelivered, true
	}
	return "", false
}

func (s *CarrierEventServiceImpl) shipmentFor(ctx context.Context, e carrier.WebhookEvent) (*domain.Shipment, bool, error) {
	sh, err := s.shipments.FindByTracking(ctx, s.carrierName, e.TrackingNumber)
	if store.IsNotFound(err) {
		s.log.WarnContext(ctx, "tracking event for unknown parcel", "tracking", e.TrackingNumber, "event", e.EventID)
		return nil, false, nil
	}
	return sh, err == nil, err
}

// TrackingUpdated appends the scan to the parcel's history and moves the
// shipment (and on delivery, the refill) forward.
func (s *CarrierEventServiceImpl) TrackingUpdated(ctx context.Context, e carrier.WebhookEvent) error {
	sh, ok, err := s.shipmentFor(ctx, e)
	if err != nil || !ok {
		return err
	}
	return s.uow.Do(ctx, func(ctx context.Context, _ *gorm.DB) error {
		fresh, err := s.tracking.Append(ctx, &domain.TrackingEvent{
			ID:             s.newID(),
			ShipmentID:     sh.ID,
			Carrier:        s.carrierName,
			CarrierEventID: e.EventID,
			Status:         e.Status,
			Description:    e.Description,
			OccurredAt:     e.OccurredAt,
			ReceivedAt:     s.now().UTC(),
		})
		if err != nil || !fresh {
			return err
		}
		to, ok := shipmentStatusFor(e.Status)
		if !ok {
			return nil
		}
		moved, err := s.shipments.Advance(ctx, sh, to, e.OccurredAt)
		if err != nil || !moved || to != domain.ShipmentDelivered {
			return err
		}
		_, err = s.refills.Transition(ctx, sh.RefillID, domain.RefillDelivered, domain.RefillShipped)
		return err
	})
}

// Exception handles the carrier's exception feed: lost, damaged, returned
// to sender or spoiled cold-chain parcels get a replacement order.
func (s *CarrierEventServiceImpl) Exception(ctx context.Context, e carrier.WebhookEvent) error {
	sh, ok, err := s.shipmentFor(ctx, e)
	if err != nil || !ok {
		return err
	}
	reason, reship := reshipReason(e)
	return s.uow.Do(ctx, func(ctx context.Context, _ *gorm.DB) error {
		if _, err := s.shipments.UpdateWhere(ctx,
			map[string]any{"status": domain.ShipmentException, "updated_at": s.now().UTC()},
			"id = ? AND status IN ?", sh.ID,
			[]domain.ShipmentStatus{domain.ShipmentLabelled, domain.ShipmentInTransit}); err != nil {
			return err
		}
		if !reship {
			return nil
		}
		order, err := s.reships.Open(ctx, sh, reason)
		if err != nil {
			return err
		}
		s.log.InfoContext(ctx, "reship opened", "reship_id", order.ID, "shipment_id", sh.ID, "reason", reason)
		return nil
	})
}

func reshipReason(e carrier.WebhookEvent) (string, bool) {
	switch {
	case e.Status == carrier.StatusReturnToSender:
		return "returned_to_sender", true
	case e.Detail == carrier.DetailLost:
		return "lost", true
	case e.Detail == carrier.DetailDamaged:
		return "damaged", true
	case e.Detail == carrier.DetailTemperatureFail:
		return "temperature_excursion", true
	}
	return "", false
}
