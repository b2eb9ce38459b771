// Package fulfillment turns paid allocations into carrier shipments: labels,
// pickups, tracking, deliveries and returns.
package fulfillment

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/google/wire"
	"gorm.io/gorm"

	"github.com/vinoteca/wineclub/internal/events"
	"github.com/vinoteca/wineclub/internal/models"
	"github.com/vinoteca/wineclub/internal/platform/database"
	"github.com/vinoteca/wineclub/internal/platform/httpx"
	"github.com/vinoteca/wineclub/internal/providers/carrier"
	"github.com/vinoteca/wineclub/internal/store"
)

// ProviderSet is the fulfillment provider set.
var ProviderSet = wire.NewSet(New)

// Carrier is the subset of the ShipRight client used here.
type Carrier interface {
	Origin() carrier.Address
	PurchaseLabel(ctx context.Context, req carrier.LabelRequest, opts ...carrier.RequestOption) (*carrier.Label, error)
	PurchaseReturnLabel(ctx context.Context, req carrier.ReturnLabelRequest, opts ...carrier.RequestOption) (*carrier.Label, error)
	SchedulePickup(ctx context.Context, req carrier.PickupRequest, opts ...carrier.RequestOption) (*carrier.Pickup, error)
}

// Service is the fulfillment service.
type Service struct {
	db          *gorm.DB
	shipments   *store.Shipments
	allocations *store.Allocations
	members     *store.Members
	inventory   *store.Inventory
	processed   *store.Processed
	outbox      *store.Outbox
	carrier     Carrier
	topic       string
	log         *slog.Logger
}

// New builds the service.
func New(db *gorm.DB, shipments *store.Shipments, allocations *store.Allocations, members *store.Members,
	inventory *store.Inventory, processed *store.Processed, outbox *store.Outbox, c Carrier, topic string, log *slog.Logger) *Service {
	return &Service{
		db: db, shipments: shipments, allocations: allocations, members: members, inventory: inventory,
		processed: processed, outbox: outbox, carrier: c, topic: topic, log: log,
	}
}

// CreateForPayment opens the shipment for a paid allocation.
func (s *Service) CreateForPayment(ctx context.Context, data events.PaymentSucceededData) error {
	allocID, err := uuid.Parse(data.AllocationID)
	if err != nil {
		return fmt.Errorf("bad allocation id %q: %w", data.AllocationID, err)
	}
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		sh := &models.Shipment{
			ID:           uuid.New(),
			AllocationID: allocID,
			MemberID:     data.MemberID,
			Status:       models.ShipmentAwaitingLabel,
			CreatedAt:    time.Now().UTC(),
			UpdatedAt:    time.Now().UTC(),
		}
		created, err := s.shipments.EnsureForAllocation(tx, sh)
		if err != nil || !created {
			return err
		}
		return s.outbox.Add(tx, s.topic, sh.ID.String(), events.ShipmentReady, events.ShipmentReadyData{
			ShipmentID:   sh.ID.String(),
			AllocationID: data.AllocationID,
			MemberID:     data.MemberID,
		})
	})
}

// Get loads a shipment.
func (s *Service) Get(ctx context.Context, id uuid.UUID) (*models.Shipment, error) {
	sh, err := s.shipments.Get(ctx, id)
	if database.IsNotFound(err) {
		return nil, httpx.ErrNotFound
	}
	return sh, err
}

type parcelInfo struct {
	member  *models.Member
	parcel  carrier.Parcel
	address carrier.Address
}

func (s *Service) parcelFor(ctx context.Context, sh *models.Shipment) (*parcelInfo, error) {
	m, err := s.members.Get(ctx, sh.MemberID)
	if err != nil {
		return nil, err
	}
	a, err := s.allocations.Get(ctx, sh.AllocationID)
	if err != nil {
		return nil, err
	}
	bottles := 0
	for _, it := range a.Items {
		bottles += it.Quantity
	}
	return &parcelInfo{
		member: m,
		parcel: carrier.Parcel{Bottles: bottles, WeightOz: float64(bottles)*52 + 24},
		address: carrier.Address{
			Name:       m.FullName(),
			Line1:      m.AddressLine1,
			Line2:      m.AddressLine2,
			City:       m.City,
			State:      m.ShipState,
			PostalCode: m.PostalCode,
			Phone:      m.Phone,
		},
	}, nil
}

// PurchaseReturnLabel buys a prepaid return label for a delivered shipment.
func (s *Service) PurchaseReturnLabel(ctx context.Context, shipmentID uuid.UUID, reason string) (*models.ReturnLabel, error) {
	if rl, err := s.shipments.ReturnLabel(ctx, shipmentID); err == nil {
		return rl, nil
	} else if !database.IsNotFound(err) {
		return nil, err
	}
	sh, err := s.Get(ctx, shipmentID)
	if err != nil {
		return nil, err
	}
	if sh.TrackingNumber == nil {
		return nil, httpx.Errorf(http.StatusConflict, "shipment has not shipped")
	}
	info, err := s.parcelFor(ctx, sh)
	if err != nil {
		return nil, err
	}
	label, err := s.carrier.PurchaseReturnLabel(ctx, carrier.ReturnLabelRequest{
		OriginalTracking: *sh.TrackingNumber,
		From:             info.address,
		To:               s.carrier.Origin(),
		Parcel:           info.parcel,
		Reason:           reason,
	}, carrier.WithIdempotencyKey("return/"+sh.ID.String()))
	if err != nil {
		return nil, err
	}
	rl := &models.ReturnLabel{
		ShipmentID:     sh.ID,
		LabelID:        label.ID,
		TrackingNumber: label.TrackingNumber,
		LabelURL:       label.LabelURL,
		Reason:         reason,
		CreatedAt:      time.Now().UTC(),
	}
	if err := s.shipments.SaveReturnLabel(ctx, rl); err != nil {
		return nil, err
	}
	return s.shipments.ReturnLabel(ctx, sh.ID)
}

// SchedulePickup books the driver pickup for a labelled shipment.
func (s *Service) SchedulePickup(ctx context.Context, data events.LabelPurchasedData) error {
	id, err := uuid.Parse(data.ShipmentID)
	if err != nil {
		return err
	}
	sh, err := s.shipments.Get(ctx, id)
	if err != nil {
		return err
	}
	if sh.PickupID != nil {
		return nil
	}
	ready := nextPickupWindow(time.Now())
	pickup, err := s.carrier.SchedulePickup(ctx, carrier.PickupRequest{
		Address:      s.carrier.Origin(),
		LabelIDs:     []string{data.LabelID},
		ReadyAt:      ready,
		CloseAt:      ready.Add(4 * time.Hour),
		Instructions: "Alcohol shipment - adult signature labels attached. Dock 2.",
	}, carrier.WithReference(sh.ID.String()))
	if err != nil {
		return err
	}
	return s.shipments.SetPickup(ctx, sh.ID, pickup.ID)
}

// nextPickupWindow returns 13:00 local on the next business day.
func nextPickupWindow(now time.Time) time.Time {
	d := now.AddDate(0, 0, 1)
	for d.Weekday() == time.Saturday || d.Weekday() == time.Sunday {
		d = d.AddDate(0, 0, 1)
	}
	return time.Date(d.Year(), d.Month(), d.Day(), 13, 0, 0, 0, now.Location())
}

// RecordDelivery stores proof of delivery and closes the allocation.
func (s *Service) RecordDelivery(ctx context.Context, data events.DeliveredData) error {
	id, err := uuid.Parse(data.ShipmentID)
	if err != nil {
		return err
	}
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var sh models.Shipment
		if err := tx.First(&sh, "id = ?", id).Error; err != nil {
			return err
		}
		if err := s.shipments.InsertDelivery(tx, &models.ShipmentDelivery{
			ShipmentID:     sh.ID,
			DeliveredAt:    data.DeliveredAt,
			SignedBy:       data.SignedBy,
			AdultSignature: data.AdultSignature,
			CreatedAt:      time.Now().UTC(),
		}); err != nil {
			return err
		}
		if err := s.shipments.SetStatus(tx, sh.ID, models.ShipmentDelivered); err != nil {
			return err
		}
		return tx.Model(&models.Allocation{}).Where("id = ?", sh.AllocationID).
			Updates(map[string]any{"status": models.AllocationShipped, "updated_at": time.Now().UTC()}).Error
	})
}

const returnsConsumer = "fulfillment.returns"

// ProcessReturn puts returned bottles back into stock, once per event.
func (s *Service) ProcessReturn(ctx context.Context, eventID string, data events.ReturnedData) error {
	id, err := uuid.Parse(data.ShipmentID)
	if err != nil {
		return err
	}
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		first, err := s.processed.Claim(tx, returnsConsumer, eventID)
		if err != nil || !first {
			return err
		}
		for sku, qty := range data.Bottles {
			if err := s.shipments.AddRestock(tx, &models.RestockEntry{
				ID:         uuid.New(),
				ShipmentID: id,
				SKU:        sku,
				Quantity:   qty,
				CreatedAt:  time.Now().UTC(),
			}); err != nil {
				return err
			}
			if err := s.inventory.Restock(tx, sku, qty); err != nil {
				return err
			}
		}
		return s.shipments.SetStatus(tx, id, models.ShipmentReturned)
	})
}
