// Package leagues covers hockey-league ice time: teams requesting slots,
// staff approving and cancelling bookings, league events from the partner
// queue, and the schedule export to the league's fixtures portal.
package leagues

import (
	"errors"
	"time"

	"github.com/google/uuid"
)

type RequestIceTime struct {
	ID       uuid.UUID
	TeamID   uuid.UUID
	RinkID   string
	StartsAt time.Time
	EndsAt   time.Time
	Note     string
}

func (c RequestIceTime) Validate() error {
	switch {
	case c.ID == uuid.Nil:
		return errors.New("id is required")
	case c.RinkID == "":
		return errors.New("rink_id is required")
	case !c.EndsAt.After(c.StartsAt):
		return errors.New("ends_at must be after starts_at")
	case c.EndsAt.Sub(c.StartsAt) > 3*time.Hour:
		return errors.New("ice requests are limited to three hours")
	}
	return nil
}

type ApproveIceRequest struct {
	RequestID   uuid.UUID
	AmountCents int32
	ApprovedBy  string
}

func (c ApproveIceRequest) Validate() error {
	if c.AmountCents < 0 {
		return errors.New("amount_cents must not be negative")
	}
	return nil
}

type CancelBooking struct {
	BookingID uuid.UUID
	Reason    string
}

type RefundBooking struct {
	BookingID uuid.UUID
}

type RecordBookingPayment struct {
	BookingID uuid.UUID
	ChargeID  string
}

// RegisterTeam comes from the league when a team is added to a division
// that plays at our rinks.
type RegisterTeam struct {
	PartnerTeamID string
	LeagueID      string
	Name          string
	CaptainEmail  string
}

func (c RegisterTeam) Validate() error {
	if c.PartnerTeamID == "" || c.Name == "" {
		return errors.New("partner team id and name are required")
	}
	return nil
}

// RescheduleGame moves a league game to a new slot.
type RescheduleGame struct {
	EventID       string
	PartnerGameID string
	NewStartsAt   time.Time
	NewEndsAt     time.Time
}

// GrantCredit adds make-up ice minutes the league awarded a team.
type GrantCredit struct {
	EventID       string
	PartnerTeamID string
	Minutes       int32
	Reason        string
}
