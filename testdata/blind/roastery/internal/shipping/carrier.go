package shipping

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/ridgeline-coffee/roastery/internal/db"
	"github.com/ridgeline-coffee/roastery/internal/events"
	"github.com/ridgeline-coffee/roastery/internal/ids"
	"github.com/ridgeline-coffee/roastery/internal/models"
	"github.com/ridgeline-coffee/roastery/internal/providers/mailer"
)

// TrackingEvent is a scan relayed from the carrier.
type TrackingEvent struct {
	EventID        string    `json:"event_id"`
	TrackingNumber string    `json:"tracking_number"`
	Status         string    `json:"status"`
	OccurredAt     time.Time `json:"occurred_at"`
}

// DamageReport is filed by the carrier when a parcel is damaged in transit.
type DamageReport struct {
	ClaimID        string `json:"claim_id"`
	TrackingNumber string `json:"tracking_number"`
	Description    string `json:"description"`
}

// RecordTracking stores the scan and advances the shipment.
func (s *service) RecordTracking(ctx context.Context, ev TrackingEvent) error {
	sh, err := s.shipments.FindOne(ctx, "tracking_number = ?", ev.TrackingNumber)
	if errors.Is(err, db.ErrNotFound) {
		return fmt.Errorf("%w: %s", ErrUnknownTracking, ev.TrackingNumber)
	}
	if err != nil {
		return err
	}

	if err := s.carrierEv.Create(ctx, &models.CarrierEvent{
		ID:             ev.EventID,
		TrackingNumber: ev.TrackingNumber,
		ShipmentID:     &sh.ID,
		Status:         ev.Status,
		OccurredAt:     ev.OccurredAt,
	}); err != nil {
		return fmt.Errorf("shipping: store carrier event %s: %w", ev.EventID, err)
	}

	switch ev.Status {
	case "in_transit", "out_for_delivery":
		return s.markInTransit(ctx, sh)
	case "delivered":
		return s.markDelivered(ctx, sh, ev.OccurredAt)
	default:
		return nil
	}
}

func (s *service) markInTransit(ctx context.Context, sh *models.Shipment) error {
	if _, err := s.shipments.UpdateWhere(ctx, map[string]any{"status": models.ShipInTransit},
		"id = ? AND status = ?", sh.ID, models.ShipLabelled); err != nil {
		return err
	}

	// Claim the "your coffee is on its way" email so only one scan sends it.
	claimed, err := s.shipments.UpdateWhere(ctx, map[string]any{"shipped_notified_at": time.Now().UTC()},
		"id = ? AND shipped_notified_at IS NULL", sh.ID)
	if err != nil || claimed == 0 {
		return err
	}
	msg := mailer.Message{
		To:       sh.RecipientEmail,
		Template: "box-shipped",
		Model:    map[string]string{"name": sh.RecipientName, "tracking_number": deref(sh.TrackingNumber)},
		Tag:      "shipping",
	}
	if err := s.mail.Send(ctx, msg); err != nil {
		if _, rerr := s.shipments.UpdateWhere(ctx, map[string]any{"shipped_notified_at": nil},
			"id = ?", sh.ID); rerr != nil {
			s.log.Warn("release shipped-email claim", "shipment_id", sh.ID, "err", rerr)
		}
		return err
	}
	return nil
}

func (s *service) markDelivered(ctx context.Context, sh *models.Shipment, at time.Time) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&models.Shipment{}).
			Where("id = ? AND status <> ?", sh.ID, models.ShipDelivered).
			Updates(map[string]any{"status": models.ShipDelivered, "delivered_at": at})
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		ev := events.Delivered{ShipmentID: sh.ID, Kind: sh.Kind, DeliveredAt: at}
		if sh.CustomerID != nil {
			ev.CustomerID = sh.CustomerID.String()
		}
		return events.Enqueue(tx, events.ShipmentDelivered, ev)
	})
}

// ReportDamage marks the shipment damaged and opens a replacement shipment
// that support can label from current stock.
func (s *service) ReportDamage(ctx context.Context, rep DamageReport) error {
	sh, err := s.shipments.FindOne(ctx, "tracking_number = ?", rep.TrackingNumber)
	if errors.Is(err, db.ErrNotFound) {
		return fmt.Errorf("%w: %s", ErrUnknownTracking, rep.TrackingNumber)
	}
	if err != nil {
		return err
	}
	if sh.Status == models.ShipDamaged {
		return nil
	}

	if err := s.db.WithContext(ctx).Model(&models.Shipment{}).Where("id = ?", sh.ID).
		Update("status", models.ShipDamaged).Error; err != nil {
		return err
	}

	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		replacement := models.Shipment{
			ID:                   ids.New("shp"),
			Kind:                 models.ShipmentReplacement,
			OrderID:              sh.OrderID,
			SubscriptionChargeID: sh.SubscriptionChargeID,
			ReplacesShipmentID:   &sh.ID,
			RecipientName:        sh.RecipientName,
			RecipientEmail:       sh.RecipientEmail,
			AddressJSON:          sh.AddressJSON,
			CustomerID:           sh.CustomerID,
			Status:               models.ShipPending,
		}
		if err := tx.Create(&replacement).Error; err != nil {
			return err
		}
		s.log.Info("replacement opened", "shipment_id", sh.ID, "replacement_id", replacement.ID, "claim_id", rep.ClaimID)
		return nil
	})
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
