// Package events defines the domain events exchanged over watermill and
// the helpers used to publish them from inside a database transaction.
package events

import "time"

// Topics. The SQL pub/sub stores each topic in its own table, so names are
// limited to table-safe characters.
const (
	TopicOrderPlaced     = "lab_order_placed"
	TopicOrderCancelled  = "lab_order_cancelled"
	TopicResultFinalized = "lab_result_finalized"
	TopicResultCritical  = "lab_result_critical"
	TopicResultAmended   = "lab_result_amended"
	TopicPickupBooked    = "lab_pickup_booked"
)

// AllTopics lists the topics initialized by labs-migrate.
var AllTopics = []string{
	TopicOrderPlaced,
	TopicOrderCancelled,
	TopicResultFinalized,
	TopicResultCritical,
	TopicResultAmended,
	TopicPickupBooked,
}

// OrderPlaced is emitted once when an order is first accepted.
type OrderPlaced struct {
	OrderID         string    `json:"order_id"`
	PartnerID       string    `json:"partner_id"`
	ExternalOrderID string    `json:"external_order_id"`
	PatientID       string    `json:"patient_id"`
	SiteID          string    `json:"site_id"`
	Priority        string    `json:"priority"`
	BillingMode     string    `json:"billing_mode"`
	TestCodes       []string  `json:"test_codes"`
	PlacedAt        time.Time `json:"placed_at"`
}

// OrderCancelled is emitted when an order moves to cancelled.
type OrderCancelled struct {
	OrderID     string    `json:"order_id"`
	PatientID   string    `json:"patient_id"`
	Reason      string    `json:"reason"`
	CancelledAt time.Time `json:"cancelled_at"`
}

// ResultFinalized is emitted for every new or amended final result.
type ResultFinalized struct {
	ResultID    string    `json:"result_id"`
	OrderID     string    `json:"order_id"`
	PartnerID   string    `json:"partner_id"`
	TestCode    string    `json:"test_code"`
	Version     int       `json:"version"`
	Flag        string    `json:"flag"`
	FinalizedAt time.Time `json:"finalized_at"`
}

// ResultCritical is emitted when a result carries a critical flag.
type ResultCritical struct {
	ResultID      string `json:"result_id"`
	OrderID       string `json:"order_id"`
	TestCode      string `json:"test_code"`
	Value         string `json:"value"`
	Units         string `json:"units"`
	Flag          string `json:"flag"`
	OrderingNPI   string `json:"ordering_npi"`
	OrderingPhone string `json:"ordering_phone"`
}

// ResultAmended is emitted when a previously final result is corrected.
type ResultAmended struct {
	ResultID  string    `json:"result_id"`
	OrderID   string    `json:"order_id"`
	PartnerID string    `json:"partner_id"`
	Version   int       `json:"version"`
	AmendedAt time.Time `json:"amended_at"`
}

// PickupBooked is emitted once the courier confirms a booking.
type PickupBooked struct {
	PickupID  string `json:"pickup_id"`
	SiteID    string `json:"site_id"`
	BookingID string `json:"booking_id"`
}
