package domain

import (
	"time"

	"github.com/google/uuid"
)

type ShipmentStatus string

const (
	ShipmentInTransit ShipmentStatus = "in_transit"
	ShipmentDelivered ShipmentStatus = "delivered"
	ShipmentException ShipmentStatus = "exception"
)

type Shipment struct {
	ID                  uuid.UUID
	OrderID             uuid.UUID
	WarehouseShipmentID string
	Carrier             string
	TrackingNumber      string
	Status              ShipmentStatus
	ShippedAt           time.Time
	DeliveredAt         *time.Time
}

type Submission struct {
	OrderID           uuid.UUID
	WarehouseOrderRef string
	Status            string
	SubmittedAt       time.Time
}

type Hold struct {
	ID              uuid.UUID
	OrderID         uuid.UUID
	WarehouseHoldID string
	Reason          string
	PlacedBy        string
	ReleasedAt      *time.Time
	CreatedAt       time.Time
}

type Reship struct {
	ID                uuid.UUID
	ShipmentID        uuid.UUID
	WarehouseReshipID string
	ExceptionCode     string
	CreatedAt         time.Time
}

// ReturnRecord is one receipt of returned goods at the warehouse. The
// warehouse may receive an RMA in several parcels, so an RMA can have
// more than one record.
type ReturnRecord struct {
	ID                uuid.UUID
	OrderID           uuid.UUID
	OrderItemID       uuid.UUID
	WarehouseReturnID string
	Quantity          int32
	Condition         string
	RefundID          *uuid.UUID
	ReceivedAt        time.Time
}
