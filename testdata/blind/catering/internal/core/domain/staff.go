package domain

import (
	"time"

	"github.com/google/uuid"
)

type StaffRole string

const (
	RoleChef      StaffRole = "chef"
	RoleServer    StaffRole = "server"
	RoleBartender StaffRole = "bartender"
	RolePorter    StaffRole = "porter"
	RoleManager   StaffRole = "event_manager"
)

type StaffMember struct {
	ID     uuid.UUID `json:"id"`
	Name   string    `json:"name"`
	Phone  string    `json:"phone"`
	Role   StaffRole `json:"role"`
	Active bool      `json:"active"`
}

type Shift struct {
	ID        uuid.UUID `json:"id"`
	EventID   uuid.UUID `json:"event_id"`
	Role      StaffRole `json:"role"`
	StartsAt  time.Time `json:"starts_at"`
	EndsAt    time.Time `json:"ends_at"`
	Headcount int       `json:"headcount"`
}

type ShiftAssignment struct {
	ShiftID    uuid.UUID `json:"shift_id"`
	StaffID    uuid.UUID `json:"staff_id"`
	Status     string    `json:"status"`
	AssignedAt time.Time `json:"assigned_at"`
}

// ShiftReminder is one row of the day-before reminder run.
type ShiftReminder struct {
	Shift Shift
	Staff StaffMember
	Venue string
}
