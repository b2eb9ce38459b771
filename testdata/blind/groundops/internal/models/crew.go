package models

import "time"

const (
	CrewAvailable = "available"
	CrewAssigned  = "assigned"
	CrewOff       = "off"
)

type CrewMember struct {
	Base
	Name    string
	Phone   string
	Role    string
	Station string
	Status  string
}

type CrewAssignment struct {
	Base
	TurnaroundID string
	CrewMemberID string
	Role         string
	ReleasedAt   *time.Time
}

type CrewCallout struct {
	Base
	TurnaroundID string
	CrewMemberID string
	Message      string
	ProviderRef  string
	ClaimKey     *string
	SentAt       *time.Time
}
