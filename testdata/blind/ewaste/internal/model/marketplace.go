package model

import (
	"time"

	"github.com/google/uuid"
)

// Listing statuses.
const (
	ListingActive    = "active"
	ListingSold      = "sold"
	ListingWithdrawn = "withdrawn"
)

type Listing struct {
	ID                   uuid.UUID `gorm:"type:uuid;primaryKey"`
	DeviceID             uuid.UUID `gorm:"type:uuid"`
	Marketplace          string
	MarketplaceListingID string
	SellerSKU            string `gorm:"column:seller_sku"`
	Title                string
	PriceCents           int64
	Currency             string
	Status               string
	CreatedAt            time.Time
	UpdatedAt            time.Time
}

// Sales order statuses.
const (
	OrderReceived  = "received"
	OrderReserved  = "reserved"
	OrderShipped   = "shipped"
	OrderCancelled = "cancelled"
)

type SalesOrder struct {
	ID              uuid.UUID `gorm:"type:uuid;primaryKey"`
	Marketplace     string
	ExternalOrderID string
	ListingID       uuid.UUID `gorm:"type:uuid"`
	DeviceID        uuid.UUID `gorm:"type:uuid"`
	BuyerName       string
	ShipTo          JSON
	AmountCents     int64
	Currency        string
	Status          string
	OrderedAt       time.Time
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

// Fulfilment statuses.
const (
	FulfilmentPending  = "pending"
	FulfilmentLabelled = "labelled"
	FulfilmentShipped  = "shipped"
)

type Fulfilment struct {
	ID           uuid.UUID  `gorm:"type:uuid;primaryKey"`
	SalesOrderID uuid.UUID  `gorm:"type:uuid"`
	ShipmentID   *uuid.UUID `gorm:"type:uuid"`
	Status       string
	PackedBy     *string
	ShippedAt    *time.Time
	CreatedAt    time.Time
	UpdatedAt    time.Time
}
