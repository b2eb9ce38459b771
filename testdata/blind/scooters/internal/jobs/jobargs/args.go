// Package jobargs declares the river job argument types. It has no
// dependencies on services so that services can enqueue jobs and workers
// can call services without an import cycle.
package jobargs

import "time"

// ChargeRide bills a finished ride. Only the ride ID makes the job unique.
type ChargeRide struct {
	RideID   string    `json:"ride_id" river:"unique"`
	EndedBy  string    `json:"ended_by"`
	QueuedAt time.Time `json:"queued_at"`
}

func (ChargeRide) Kind() string { return "charge_ride" }

// ChargeFine collects a parking fine from the rider's card.
type ChargeFine struct {
	FineID string `json:"fine_id"`
}

func (ChargeFine) Kind() string { return "charge_fine" }

// RefundFine returns a fine that ops cancelled after a contest.
type RefundFine struct {
	FineID string `json:"fine_id"`
}

func (RefundFine) Kind() string { return "refund_fine" }

// SwapDispatch opens a battery swap job for technicians.
type SwapDispatch struct {
	ScooterID   string    `json:"scooter_id"`
	ZoneID      string    `json:"zone_id"`
	BatteryPct  int       `json:"battery_pct"`
	RequestedAt time.Time `json:"requested_at"`
}

func (SwapDispatch) Kind() string { return "swap_dispatch" }

// TripReport submits a zone's finished trips for a service date.
type TripReport struct {
	ZoneID      string `json:"zone_id"`
	ServiceDate string `json:"service_date"` // YYYY-MM-DD, zone local
}

func (TripReport) Kind() string { return "trip_report" }
