// Package routes builds the weekly delivery routes to pickup points, hands
// them to the courier partner and tracks the courier's delivery updates.
package routes

import "time"

// Route statuses.
const (
	StatusPlanned   = "planned"
	StatusHandedOff = "handed_off"
	StatusAccepted  = "accepted"
	StatusDelivered = "delivered"
	StatusFailed    = "failed"
)

// Route is one week's run to one pickup point.
type Route struct {
	ID               string    `db:"id"`
	PickupPointID    string    `db:"pickup_point_id"`
	WeekStart        time.Time `db:"week_start"`
	Status           string    `db:"status"`
	BoxCount         int       `db:"box_count"`
	CourierHandoffID *string   `db:"courier_handoff_id"`
	TrackingURL      *string   `db:"tracking_url"`
	CreatedAt        time.Time `db:"created_at"`
	UpdatedAt        time.Time `db:"updated_at"`
}

// Stop is a box on a route.
type Stop struct {
	RouteID  string `db:"route_id"`
	BoxID    string `db:"box_id"`
	MemberID string `db:"member_id"`
	Status   string `db:"status"`
}

// PointLoad is the number of boxes going to a pickup point.
type PointLoad struct {
	PickupPointID string `db:"pickup_point_id"`
	Address       string `db:"address"`
	Boxes         int    `db:"boxes"`
}

// DeliveryEvent is a courier status update we have stored.
type DeliveryEvent struct {
	CourierEventID string    `db:"courier_event_id"`
	RouteID        string    `db:"route_id"`
	BoxID          *string   `db:"box_id"`
	Status         string    `db:"status"`
	Reason         *string   `db:"reason"`
	OccurredAt     time.Time `db:"occurred_at"`
	ReceivedAt     time.Time `db:"received_at"`
}
