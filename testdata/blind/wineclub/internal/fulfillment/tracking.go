package fulfillment

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/vinoteca/wineclub/internal/events"
	"github.com/vinoteca/wineclub/internal/models"
	"github.com/vinoteca/wineclub/internal/platform/database"
)

// TrackingUpdate is one carrier scan pushed by webhook.
type TrackingUpdate struct {
	EventID        string
	TrackingNumber string
	Status         string
	Description    string
	Location       string
	OccurredAt     time.Time
	SignedBy       string
	AdultSignature bool
}

var carrierStatus = map[string]string{
	"in_transit":         models.ShipmentInTransit,
	"out_for_delivery":   models.ShipmentInTransit,
	"delivered":          models.ShipmentDelivered,
	"exception":          models.ShipmentException,
	"returned_to_sender": models.ShipmentReturned,
}

// RecordTracking stores a scan, moves the shipment along and announces
// deliveries and returns.
func (s *Service) RecordTracking(ctx context.Context, u TrackingUpdate) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		sh, err := s.shipments.ByTracking(tx, u.TrackingNumber)
		if err != nil {
			if database.IsNotFound(err) {
				s.log.InfoContext(ctx, "tracking for unknown parcel", "tracking", u.TrackingNumber)
				return nil
			}
			return err
		}
		if err := s.shipments.InsertTrackingEvent(tx, &models.TrackingEvent{
			ID:          u.EventID,
			ShipmentID:  sh.ID,
			Status:      u.Status,
			Description: u.Description,
			Location:    u.Location,
			OccurredAt:  u.OccurredAt,
			CreatedAt:   time.Now().UTC(),
		}); err != nil {
			return err
		}
		next, ok := carrierStatus[u.Status]
		if !ok || next == sh.Status {
			return nil
		}
		if err := s.shipments.SetStatus(tx, sh.ID, next); err != nil {
			return err
		}
		switch next {
		case models.ShipmentDelivered:
			return s.outbox.Add(tx, s.topic, sh.ID.String(), events.ShipmentDelivered, events.DeliveredData{
				ShipmentID:     sh.ID.String(),
				TrackingNumber: u.TrackingNumber,
				DeliveredAt:    u.OccurredAt,
				SignedBy:       u.SignedBy,
				AdultSignature: u.AdultSignature,
			})
		case models.ShipmentReturned:
			bottles, err := s.bottlesFor(tx, sh)
			if err != nil {
				return err
			}
			return s.outbox.Add(tx, s.topic, sh.ID.String(), events.ShipmentReturned, events.ReturnedData{
				ShipmentID: sh.ID.String(),
				Reason:     u.Description,
				Bottles:    bottles,
			})
		}
		return nil
	})
}

func (s *Service) bottlesFor(tx *gorm.DB, sh *models.Shipment) (map[string]int, error) {
	var items []models.AllocationItem
	if err := tx.Where("allocation_id = ?", sh.AllocationID).Find(&items).Error; err != nil {
		return nil, err
	}
	out := make(map[string]int, len(items))
	for _, it := range items {
		out[it.SKU] += it.Quantity
	}
	return out, nil
}

// UpdateLabelStatus records a label lifecycle change (printed, scanned,
// voided, refunded) pushed by the carrier.
func (s *Service) UpdateLabelStatus(ctx context.Context, labelID, status string, at time.Time) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.shipments.RecordLabelStatus(tx, &models.LabelStatusHistory{
			LabelID:    labelID,
			Status:     status,
			OccurredAt: at,
		}); err != nil {
			return err
		}
		return s.shipments.SetLabelStatus(tx, labelID, status)
	})
}
