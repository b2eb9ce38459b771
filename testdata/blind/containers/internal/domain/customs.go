package domain

import "time"

// Customs hold statuses.
const (
	HoldActive   = "held"
	HoldReleased = "released"
)

// CustomsHold is a hold placed on a container by an authority.
type CustomsHold struct {
	ID            string `gorm:"primaryKey;type:uuid"`
	ContainerNo   string
	DeclarationNo string
	HoldType      string
	Authority     string
	BrokerEventID string
	Status        string
	PlacedAt      time.Time
	ReleasedAt    *time.Time
}

func (CustomsHold) TableName() string { return "customs_holds" }

// CustomsEventClaim marks a broker webhook event as taken.
type CustomsEventClaim struct {
	BrokerEventID string `gorm:"primaryKey"`
	EventType     string
	ReceivedAt    time.Time
}

func (CustomsEventClaim) TableName() string { return "customs_event_claims" }

// BookingOrder is one line of an inbound COPARN (container release or
// acceptance order) sent by a shipping line.
type BookingOrder struct {
	ID          string `gorm:"primaryKey;type:uuid"`
	LineCode    string
	MessageRef  string
	BookingRef  string
	ContainerNo string
	ISOType     string `gorm:"column:iso_type"`
	OrderType   string
	CreatedAt   time.Time
}

func (BookingOrder) TableName() string { return "booking_orders" }
