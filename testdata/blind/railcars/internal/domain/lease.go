// Package domain holds the core types shared across the service.
package domain

import "time"

// Car types the company leases.
const (
	CarTypeTank   = "TANK"
	CarTypeHopper = "HOPPER"
)

// Lease statuses.
const (
	LeaseDraft      = "DRAFT"
	LeaseActive     = "ACTIVE"
	LeaseTerminated = "TERMINATED"
)

// Customer is a lessee.
type Customer struct {
	ID               string
	Name             string
	BillingEmail     string
	YardContactPhone string
	StripeCustomerID string
	StripeDefaultPM  string
	ACHAccountToken  string
	AutopayEnabled   bool
}

// Car is a leased railcar identified by its reporting mark.
type Car struct {
	CarMark         string
	CarType         string
	Capacity        int
	Status          string
	CurrentRoad     string
	CurrentLocation string
	UpdatedAt       time.Time
}

// Lease is a full-service lease contract for a group of cars.
type Lease struct {
	ID                 string    `json:"id"`
	LeaseNumber        string    `json:"lease_number"`
	CustomerID         string    `json:"customer_id"`
	CarType            string    `json:"car_type"`
	MonthlyRateCents   int64     `json:"monthly_rate_cents"`
	DemurrageRateCents int64     `json:"demurrage_rate_cents"`
	FreeTimeHours      int       `json:"free_time_hours"`
	MileageCreditCents int64     `json:"mileage_credit_cents"`
	StartDate          time.Time `json:"start_date"`
	EndDate            time.Time `json:"end_date"`
	Status             string    `json:"status"`
	OffrentDays        int       `json:"offrent_days"`
	CreatedAt          time.Time `json:"created_at"`
}

// LeaseCar is a car assigned to a lease.
type LeaseCar struct {
	LeaseID  string    `json:"lease_id"`
	CarMark  string    `json:"car_mark"`
	OnHireAt time.Time `json:"on_hire_at"`
}
