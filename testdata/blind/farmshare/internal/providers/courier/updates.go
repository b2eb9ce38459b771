package courier

import "time"

// Update types published by the courier on its Kafka topic.
const (
	UpdateDeliveryStatus = "delivery.status"
	UpdateDeliveryFailed = "delivery.failed"
	UpdateRouteAccepted  = "route.accepted"
)

// Update is one message on the courier's partner topic.
type Update struct {
	EventID    string    `json:"event_id"`
	Type       string    `json:"type"`
	HandoffID  string    `json:"handoff_id"`
	RouteRef   string    `json:"route_reference"`
	StopRef    string    `json:"stop_reference,omitempty"`
	Status     string    `json:"status"`
	Reason     string    `json:"reason,omitempty"`
	OccurredAt time.Time `json:"occurred_at"`
}
