package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/merchline/preorders/internal/adapters/postgres/sqlcgen"
	"github.com/merchline/preorders/internal/core/domain"
)

// timeNow is swapped in tests.
var timeNow = func() time.Time { return time.Now().UTC() }

func (s *Store) UpsertSubmission(ctx context.Context, sub domain.Submission) error {
	return s.q.UpsertSubmission(ctx, sqlcgen.UpsertSubmissionParams{
		OrderID:           sub.OrderID,
		WarehouseOrderRef: sub.WarehouseOrderRef,
		Status:            sub.Status,
		SubmittedAt:       sub.SubmittedAt,
	})
}

func (s *Store) GetSubmission(ctx context.Context, orderID uuid.UUID) (domain.Submission, error) {
	row, err := s.q.GetSubmission(ctx, orderID)
	if err != nil {
		return domain.Submission{}, notFound(err)
	}
	return domain.Submission{OrderID: row.OrderID, WarehouseOrderRef: row.WarehouseOrderRef, Status: row.Status, SubmittedAt: row.SubmittedAt}, nil
}

func (s *Store) InsertShipment(ctx context.Context, sh domain.Shipment) (domain.Shipment, bool, error) {
	row, err := s.q.InsertShipment(ctx, sqlcgen.InsertShipmentParams{
		ID:                  sh.ID,
		OrderID:             sh.OrderID,
		WarehouseShipmentID: sh.WarehouseShipmentID,
		Carrier:             sh.Carrier,
		TrackingNumber:      sh.TrackingNumber,
		ShippedAt:           sh.ShippedAt,
		CreatedAt:           timeNow(),
	})
	if err == nil {
		return toShipment(row), true, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return domain.Shipment{}, false, fmt.Errorf("insert shipment: %w", err)
	}
	existing, err := s.q.GetShipmentByWarehouseID(ctx, sh.WarehouseShipmentID)
	if err != nil {
		return domain.Shipment{}, false, fmt.Errorf("load shipment: %w", err)
	}
	return toShipment(existing), false, nil
}

func (s *Store) GetShipmentByWarehouseID(ctx context.Context, id string) (domain.Shipment, error) {
	row, err := s.q.GetShipmentByWarehouseID(ctx, id)
	if err != nil {
		return domain.Shipment{}, notFound(err)
	}
	return toShipment(row), nil
}

func (s *Store) InsertShipmentItem(ctx context.Context, shipmentID, itemID uuid.UUID, qty int32) error {
	return s.q.InsertShipmentItem(ctx, sqlcgen.InsertShipmentItemParams{ShipmentID: shipmentID, OrderItemID: itemID, Quantity: qty})
}

func (s *Store) MarkShipmentDelivered(ctx context.Context, id uuid.UUID, at time.Time) (bool, error) {
	n, err := s.q.MarkShipmentDelivered(ctx, sqlcgen.MarkShipmentDeliveredParams{ID: id, DeliveredAt: &at})
	return n > 0, err
}

func (s *Store) SetShipmentStatus(ctx context.Context, id uuid.UUID, status domain.ShipmentStatus) error {
	return s.q.SetShipmentStatus(ctx, sqlcgen.SetShipmentStatusParams{ID: id, Status: string(status)})
}

func (s *Store) InsertHold(ctx context.Context, h domain.Hold) error {
	return s.q.InsertHold(ctx, sqlcgen.InsertHoldParams{
		ID:              h.ID,
		OrderID:         h.OrderID,
		WarehouseHoldID: h.WarehouseHoldID,
		Reason:          h.Reason,
		PlacedBy:        h.PlacedBy,
		CreatedAt:       h.CreatedAt,
	})
}

func (s *Store) InsertReship(ctx context.Context, r domain.Reship) (bool, error) {
	n, err := s.q.InsertReship(ctx, sqlcgen.InsertReshipParams{
		ID:                r.ID,
		ShipmentID:        r.ShipmentID,
		WarehouseReshipID: r.WarehouseReshipID,
		ExceptionCode:     r.ExceptionCode,
		CreatedAt:         r.CreatedAt,
	})
	return n > 0, err
}

func (s *Store) HasReship(ctx context.Context, shipmentID uuid.UUID) (bool, error) {
	return s.q.HasReship(ctx, shipmentID)
}

func (s *Store) InsertReturn(ctx context.Context, r domain.ReturnRecord) error {
	return s.q.InsertReturn(ctx, sqlcgen.InsertReturnParams{
		ID:                r.ID,
		OrderID:           r.OrderID,
		OrderItemID:       r.OrderItemID,
		WarehouseReturnID: r.WarehouseReturnID,
		Quantity:          r.Quantity,
		Condition:         r.Condition,
		RefundID:          nullUUID(r.RefundID),
		ReceivedAt:        r.ReceivedAt,
		CreatedAt:         timeNow(),
	})
}
