package httpapi

import (
	"errors"
	"net/mail"
	"time"

	"github.com/google/uuid"
)

type memberHeader struct {
	MemberID string `header:"X-Member-Id"`
}

func (m memberHeader) member() (uuid.UUID, error) {
	id, err := uuid.Parse(m.MemberID)
	if err != nil {
		return uuid.Nil, errors.New("missing or malformed X-Member-Id")
	}
	return id, nil
}

type SignUpRequest struct {
	IdempotencyKey string `header:"Idempotency-Key"`
	Email          string `json:"email"`
	Phone          string `json:"phone"`
	FullName       string `json:"full_name"`
	ClubID         string `json:"club_id"`
	PlanID         string `json:"plan_id"`
}

func (r *SignUpRequest) Validate() error {
	if _, err := mail.ParseAddress(r.Email); err != nil {
		return errors.New("email is invalid")
	}
	if r.FullName == "" || r.ClubID == "" || r.PlanID == "" {
		return errors.New("full_name, club_id and plan_id are required")
	}
	return nil
}

type CancelMembershipRequest struct {
	ID     string `param:"id"`
	Reason string `json:"reason"`
}

type FreezeRequest struct {
	IdempotencyKey string `header:"Idempotency-Key"`
	ID             string `param:"id"`
	StartsOn       string `json:"starts_on"`
	Days           int    `json:"days"`
	Reason         string `json:"reason"`

	startsOn time.Time
}

func (r *FreezeRequest) Validate() error {
	if r.StartsOn == "" {
		r.startsOn = time.Now()
		return nil
	}
	t, err := time.Parse(time.DateOnly, r.StartsOn)
	if err != nil {
		return errors.New("starts_on must be YYYY-MM-DD")
	}
	r.startsOn = t
	return nil
}

type BookClassRequest struct {
	memberHeader
	SessionID string `param:"sessionID"`
	Source    string `json:"source"`
}

type CancelClassBookingRequest struct {
	memberHeader
	SessionID string `param:"sessionID"`
	BookingID string `param:"bookingID"`
}

type JoinWaitlistRequest struct {
	memberHeader
	SessionID string `param:"sessionID"`
}

type IssueGuestPassRequest struct {
	memberHeader
	GuestName  string `json:"guest_name"`
	GuestPhone string `json:"guest_phone"`
	ValidOn    string `json:"valid_on"`

	validOn time.Time
}

func (r *IssueGuestPassRequest) Validate() error {
	t, err := time.Parse(time.DateOnly, r.ValidOn)
	if err != nil {
		return errors.New("valid_on must be YYYY-MM-DD")
	}
	if t.Before(time.Now().Add(-24 * time.Hour)) {
		return errors.New("valid_on is in the past")
	}
	r.validOn = t
	return nil
}

type PurchasePackRequest struct {
	memberHeader
	IdempotencyKey string `header:"Idempotency-Key"`
	Sessions       int32  `json:"sessions"`
	TrainerID      string `json:"trainer_id"`
}

type TransferSessionsRequest struct {
	memberHeader
	IdempotencyKey string `header:"Idempotency-Key"`
	FromPackID     string `param:"id"`
	ToPackID       string `json:"to_pack_id"`
	Sessions       int32  `json:"sessions"`
}

type BookTrainerRequest struct {
	memberHeader
	PackID    string    `json:"pack_id"`
	TrainerID string    `json:"trainer_id"`
	StartsAt  time.Time `json:"starts_at"`
}

type CheckInRequest struct {
	TrainerID string `header:"X-Trainer-Id"`
	BookingID string `param:"id"`
	Note      string `json:"note"`
}

type RequestCardRequest struct {
	memberHeader
}

func parseIDs(raw ...string) ([]uuid.UUID, error) {
	out := make([]uuid.UUID, len(raw))
	for i, s := range raw {
		id, err := uuid.Parse(s)
		if err != nil {
			return nil, errors.New("malformed id: " + s)
		}
		out[i] = id
	}
	return out, nil
}
