// Package domain holds the models.
package domain

// A Shipment is one parcel sent for an order.
type Shipment struct {
	ID       string `gorm:"primaryKey"`
	OrderRef string
	Status   string
}

// A ShipmentEvent records a change of a shipment.
type ShipmentEvent struct {
	ID         string `gorm:"primaryKey"`
	ShipmentID string
	Kind       string
}

// A Hub is a depot with a balance of cash collected.
type Hub struct {
	ID      string `gorm:"primaryKey"`
	Balance int64
}

// An IdempotencyKey is a request's key, stored with its effect.
type IdempotencyKey struct {
	Key string `gorm:"primaryKey"`
}

// A Message is an event for other services, sent from the outbox.
type Message struct {
	ID    string `gorm:"primaryKey"`
	Topic string
}

// A DeliveryAttempt records one try to hand a shipment over: one row per
// attempt is what it is for.
type DeliveryAttempt struct {
	ID         string `gorm:"primaryKey"`
	ShipmentID string
}

// A Manifest lists the parcels of a trip.
type Manifest struct {
	ID     string `gorm:"primaryKey"`
	Trip   string
	Status string
}
