package carrier

import "time"

type Address struct {
	Name       string `json:"name"`
	Line1      string `json:"street1"`
	Line2      string `json:"street2,omitempty"`
	City       string `json:"city"`
	State      string `json:"state"`
	PostalCode string `json:"zip"`
	Phone      string `json:"phone,omitempty"`
}

type Parcel struct {
	WeightOz float64 `json:"weight_oz"`
	LengthIn float64 `json:"length_in"`
	WidthIn  float64 `json:"width_in"`
	HeightIn float64 `json:"height_in"`
}

// LabelRequest buys postage. IdempotencyKey is sent as the Idempotency-Key
// header; the carrier returns the original label for a repeated key for 24h.
type LabelRequest struct {
	IdempotencyKey string  `json:"-"`
	Reference      string  `json:"reference"`
	ServiceLevel   string  `json:"service_level"`
	From           Address `json:"from_address"`
	To             Address `json:"to_address"`
	Parcel         Parcel  `json:"parcel"`
	// Cold-chain and signature handling for controlled substances.
	SignatureRequired bool `json:"signature_required"`
	Refrigerated      bool `json:"refrigerated"`
}

type Label struct {
	ID             string `json:"id"`
	TrackingNumber string `json:"tracking_number"`
	LabelURL       string `json:"label_url"`
	PostageCents   int64  `json:"postage_cents"`
	Status         string `json:"status"`
}

// PickupRequest books a driver for the fulfilment centre.
type PickupRequest struct {
	AccountNumber string    `json:"account_number"`
	LocationID    string    `json:"location_id"`
	Date          string    `json:"pickup_date"`
	ReadyAt       string    `json:"ready_time"`
	CloseAt       string    `json:"close_time"`
	PackageCount  int       `json:"package_count"`
	TotalWeightOz float64   `json:"total_weight_oz"`
	Address       Address   `json:"address"`
	RequestedAt   time.Time `json:"-"`
}

type Pickup struct {
	ConfirmationNumber string `json:"confirmation_number"`
	Status             string `json:"status"`
}

// WebhookEvent is one tracking update pushed by the carrier.
type WebhookEvent struct {
	EventID        string    `json:"event_id"`
	Type           string    `json:"type"` // tracker.updated, tracker.exception
	TrackingNumber string    `json:"tracking_number"`
	Status         string    `json:"status"`
	Detail         string    `json:"status_detail"`
	Description    string    `json:"description"`
	OccurredAt     time.Time `json:"occurred_at"`
}

// Carrier status vocabulary.
const (
	StatusPreTransit      = "pre_transit"
	StatusInTransit       = "in_transit"
	StatusOutForDelivery  = "out_for_delivery"
	StatusDelivered       = "delivered"
	StatusReturnToSender  = "return_to_sender"
	StatusFailure         = "failure"
	DetailDamaged         = "damaged"
	DetailLost            = "lost"
	DetailAddressProblem  = "address_problem"
	DetailWeatherDelay    = "weather_delay"
	DetailTemperatureFail = "temperature_excursion"
)
