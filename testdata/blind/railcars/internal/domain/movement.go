package domain

import "time"

// Movement event types reported by the railroads.
const (
	MovePlacement   = "PLACEMENT"
	MoveRelease     = "RELEASE"
	MoveInterchange = "INTERCHANGE"
)

// MovementEvent is a normalised car movement event, whatever the source.
type MovementEvent struct {
	EventID    string    `json:"event_id"`
	Type       string    `json:"type"`
	CarMark    string    `json:"car_mark"`
	Railroad   string    `json:"railroad"`
	Location   string    `json:"location"`
	OccurredAt time.Time `json:"occurred_at"`
	Loaded     bool      `json:"loaded"`
	// Interchange only.
	FromRoad string `json:"from_road,omitempty"`
	ToRoad   string `json:"to_road,omitempty"`
	Junction string `json:"junction,omitempty"`
}

// Placement is a car placed at a customer siding.
type Placement struct {
	ID            string
	EventID       string
	CarMark       string
	LeaseID       string
	CustomerID    string
	Railroad      string
	Location      string
	PlacedAt      time.Time
	ReleasedAt    *time.Time
	FreeTimeHours int
}

// Trip is a car in transit between a release and its next placement.
type Trip struct {
	ID        string
	CarMark   string
	LeaseID   string
	Origin    string
	Loaded    bool
	StartedAt time.Time
}

// Interchange records a car handed from one railroad to another.
type Interchange struct {
	EventID    string
	CarMark    string
	FromRoad   string
	ToRoad     string
	Junction   string
	OccurredAt time.Time
}

// ReleaseRequest is a customer's request that the serving railroad pull a
// car from its siding.
type ReleaseRequest struct {
	ID              string    `json:"id"`
	CarMark         string    `json:"car_mark"`
	PlacementID     string    `json:"placement_id"`
	Railroad        string    `json:"railroad"`
	RailroadOrderNo string    `json:"railroad_order_no"`
	RequestedFor    time.Time `json:"requested_for"`
	RequestedBy     string    `json:"requested_by"`
}
