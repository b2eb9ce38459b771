// Package scheduling owns donation slots and donor appointments.
package scheduling

import "time"

// Appointment statuses.
const (
	StatusBooked    = "booked"
	StatusCheckedIn = "checked_in"
	StatusInChair   = "in_chair"
	StatusCompleted = "completed"
	StatusCancelled = "cancelled"
	StatusNoShow    = "no_show"
)

// Slot is a bookable start time at a centre with a number of chairs.
type Slot struct {
	ID          string
	CentreID    string
	StartsAt    time.Time
	Capacity    int
	BookedCount int
}

// Available reports how many chairs are still free.
func (s Slot) Available() int { return s.Capacity - s.BookedCount }

// Appointment is a donor's booking of a slot.
type Appointment struct {
	ID           string
	DonorID      string
	SlotID       string
	CentreID     string
	Status       string
	Source       string
	BookedAt     time.Time
	CheckedInAt  *time.Time
	CancelledAt  *time.Time
	CancelReason string

	// Populated by joins.
	StartsAt time.Time
}

// Active reports whether the appointment still holds a chair.
func (a Appointment) Active() bool {
	return a.Status == StatusBooked || a.Status == StatusCheckedIn
}

// BookInput is a booking request from the donor app or the front desk.
type BookInput struct {
	DonorID string
	SlotID  string
	Source  string
}

// Donation frequency rules: at most two donations in any seven days and at
// least one full day between donations.
const (
	MaxDonationsPerWeek = 2
	MinHoursBetween     = 48
)
