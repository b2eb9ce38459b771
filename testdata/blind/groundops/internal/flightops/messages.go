// Package flightops maps the airline operations feed (schedule and
// movement messages) onto the turnaround service.
package flightops

import (
	"time"

	"github.com/apronworks/groundops/internal/turnaround"
)

// Message types on ops.flight-movements.v1.
const (
	TypeScheduled = "flight.scheduled"
	TypeETA       = "flight.eta"
	TypeOnBlock   = "flight.onblock"
	TypeOffBlock  = "flight.offblock"
	TypeDelayed   = "flight.delayed"
	TypeCancelled = "flight.cancelled"
)

// Leg identifies the flight in every movement message.
type Leg struct {
	Carrier       string `json:"carrier"`
	FlightNumber  string `json:"flight_number"`
	ScheduledDate string `json:"scheduled_date"`
	DepStation    string `json:"dep"`
}

func (l Leg) Key() turnaround.FlightKey {
	return turnaround.FlightKey{
		Carrier:       l.Carrier,
		FlightNumber:  l.FlightNumber,
		ScheduledDate: l.ScheduledDate,
		DepStation:    l.DepStation,
	}
}

type Scheduled struct {
	Leg
	ArrStation   string     `json:"arr"`
	STA          *time.Time `json:"sta"`
	STD          *time.Time `json:"std"`
	Registration string     `json:"registration"`
	Stand        string     `json:"stand"`
}

type ETA struct {
	Leg
	ETA time.Time `json:"eta"`
}

type OnBlock struct {
	Leg
	At    time.Time `json:"at"`
	Stand string    `json:"stand"`
}

type OffBlock struct {
	Leg
	At time.Time `json:"at"`
}

type Delayed struct {
	Leg
	Code    string `json:"code"`
	Minutes int    `json:"minutes"`
}

type Cancelled struct {
	Leg
	Reason string `json:"reason"`
}
