package domain

import (
	"time"

	"github.com/google/uuid"
)

type ProductStatus string

const (
	ProductOnSale    ProductStatus = "on_sale"
	ProductSoldOut   ProductStatus = "sold_out"
	ProductWithdrawn ProductStatus = "withdrawn"
)

// Artist is a performer whose merch we sell. RevenueShareBps is the
// artist's share of gross merch revenue in basis points.
type Artist struct {
	ID              uuid.UUID
	Slug            string
	DisplayName     string
	StripeAccountID string
	RevenueShareBps int32
	PayoutsEnabled  bool
	ConnectSyncedAt *time.Time
	CreatedAt       time.Time
}

// ShareOf returns the artist's share of a gross amount, rounded down.
func (a Artist) ShareOf(grossCents int64) int64 {
	return grossCents * int64(a.RevenueShareBps) / 10000
}

type Tour struct {
	ID            uuid.UUID
	ArtistID      uuid.UUID
	Slug          string
	Name          string
	PreordersOpen bool
}

// Product is one SKU (item + size/colour variant) on a tour.
type Product struct {
	ID             uuid.UUID
	TourID         uuid.UUID
	ArtistID       uuid.UUID
	SKU            string
	Name           string
	Variant        string
	UnitPriceCents int64
	Currency       string
	PreorderCap    int32
	Reserved       int32
	StockOnHand    int32
	Status         ProductStatus
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// Available reports whether qty more units can be reserved.
func (p Product) Available(qty int32) bool {
	if p.Status != ProductOnSale {
		return false
	}
	if p.PreorderCap == 0 {
		return true
	}
	return p.Reserved+qty <= p.PreorderCap
}

type StockEventKind string

const (
	StockSoldOut  StockEventKind = "sku.sold_out"
	StockReceived StockEventKind = "stock.received"
	StockAdjusted StockEventKind = "stock.adjusted"
)

type StockEvent struct {
	ID               uuid.UUID
	WarehouseEventID string
	SKU              string
	Kind             StockEventKind
	Quantity         int32
	OccurredAt       time.Time
}
