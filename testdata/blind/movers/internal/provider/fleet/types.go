package fleet

import "time"

type ReserveRequest struct {
	TruckClass  string    `json:"truck_class"`
	PickupDepot string    `json:"pickup_depot"`
	PickupAt    time.Time `json:"pickup_at"`
	ReturnAt    time.Time `json:"return_at"`
	DriverName  string    `json:"driver_name"`
	DriverPhone string    `json:"driver_phone"`
	CostCenter  string    `json:"cost_center,omitempty"`
}

type Reservation struct {
	ID         string    `json:"id"`
	Ref        string    `json:"reservation_ref"`
	Status     string    `json:"status"`
	TruckClass string    `json:"truck_class"`
	PickupAt   time.Time `json:"pickup_at"`
	ReturnAt   time.Time `json:"return_at"`
	DailyRate  int64     `json:"daily_rate_cents"`
}

type Extension struct {
	ID        string    `json:"id"`
	ExtraDays int       `json:"extra_days"`
	ReturnAt  time.Time `json:"return_at"`
}

// Event is a message the partner publishes to our SQS queue.
type Event struct {
	EventID       string    `json:"event_id"`
	Type          string    `json:"type"`
	ReservationID string    `json:"reservation_id"`
	OccurredAt    time.Time `json:"occurred_at"`
	Assigned      *struct {
		TruckUnit string `json:"truck_unit"`
		Plate     string `json:"plate"`
		Depot     string `json:"depot"`
	} `json:"assigned,omitempty"`
	Returned *struct {
		OdometerOut int    `json:"odometer_out"`
		OdometerIn  int    `json:"odometer_in"`
		FuelLevel   string `json:"fuel_level"`
	} `json:"returned,omitempty"`
	Damage *struct {
		Description   string `json:"description"`
		EstimateCents int64  `json:"estimate_cents"`
		PhotoURL      string `json:"photo_url"`
	} `json:"damage,omitempty"`
	Overage *struct {
		ExtraMiles  int   `json:"extra_miles"`
		AmountCents int64 `json:"amount_cents"`
	} `json:"overage,omitempty"`
}

const (
	EventTruckAssigned  = "truck.assigned"
	EventTruckReturned  = "truck.returned"
	EventDamageReported = "truck.damage_reported"
	EventRentalOverage  = "rental.overage"
)
