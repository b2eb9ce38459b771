package service

import "time"

// Settings carries the deployment-specific values the services need.
type Settings struct {
	PharmacyID          string
	LocationID          string
	CarrierName         string
	CarrierServiceLevel string
	ShipFrom            ShipFrom
	ReminderLeadDays    int
	AutoRefillLeadDays  int
	PortalURL           string
	ClaimPollAge        time.Duration
}

type ShipFrom struct {
	Name       string
	Line1      string
	City       string
	State      string
	PostalCode string
	Phone      string
}
