package withdrawal

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/lexicaassess/examreg/internal/model"
	"github.com/lexicaassess/examreg/internal/platform/dbx"
	"github.com/lexicaassess/examreg/internal/platform/events"
)

// Errors returned to the API layer.
var (
	ErrForbidden        = errors.New("withdrawal: registration belongs to another candidate")
	ErrNotWithdrawable  = errors.New("withdrawal: registration cannot be withdrawn")
	ErrSessionInThePast = errors.New("withdrawal: session has already started")
)

// Registrations is the part of the registrations repository used here.
type Registrations interface {
	Get(ctx context.Context, id string) (*model.Registration, error)
	MarkWithdrawn(ctx context.Context, id string, at time.Time) error
}

// Seats gives back a confirmed seat.
type Seats interface {
	ReleaseConfirmed(ctx context.Context, sessionID string) error
}

// Fees looks up the fee paid for a registration.
type Fees interface {
	ByRegistration(ctx context.Context, registrationID string) (*model.Payment, error)
}

// Service withdraws candidates.
type Service struct {
	regs      Registrations
	seats     Seats
	fees      Fees
	publisher events.Publisher
	policy    RefundPolicy
	now       func() time.Time
}

// New builds a Service.
func New(regs Registrations, seats Seats, fees Fees, pub events.Publisher, policy RefundPolicy) *Service {
	return &Service{regs: regs, seats: seats, fees: fees, publisher: pub, policy: policy, now: time.Now}
}

// Outcome tells the candidate what happens next.
type Outcome struct {
	RefundMinor int64
	Currency    string
}

// Withdraw withdraws a confirmed registration, frees the seat and, when the
// policy allows, asks the refund service to return part of the fee.
func (s *Service) Withdraw(ctx context.Context, registrationID, candidateID string) (*Outcome, error) {
	reg, err := s.regs.Get(ctx, registrationID)
	if err != nil {
		return nil, err
	}
	if reg.CandidateID != candidateID {
		return nil, ErrForbidden
	}
	if reg.Status != model.RegConfirmed {
		return nil, ErrNotWithdrawable
	}
	now := s.now().UTC()
	if !reg.Session.StartsAt.After(now) {
		return nil, ErrSessionInThePast
	}
	fee, err := s.fees.ByRegistration(ctx, reg.ID)
	if err != nil {
		return nil, fmt.Errorf("load fee: %w", err)
	}
	refund := s.policy.Amount(fee.AmountMinor, reg.Session.StartsAt, now)

	if err := s.regs.MarkWithdrawn(ctx, reg.ID, now); err != nil {
		if errors.Is(err, dbx.ErrNoRows) {
			return nil, ErrNotWithdrawable
		}
		return nil, err
	}
	if err := s.seats.ReleaseConfirmed(ctx, reg.SessionID); err != nil {
		return nil, fmt.Errorf("release seat: %w", err)
	}
	if refund > 0 {
		if err := s.publisher.Publish(ctx, events.TopicWithdrawalAccepted, events.WithdrawalAccepted{
			RegistrationID: reg.ID,
			CandidateID:    reg.CandidateID,
			RefundMinor:    refund,
			Currency:       fee.Currency,
			WithdrawnAt:    now,
		}); err != nil {
			return nil, fmt.Errorf("publish withdrawal: %w", err)
		}
	}
	return &Outcome{RefundMinor: refund, Currency: fee.Currency}, nil
}
