// Package registration books candidates into exam sessions.
package registration

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/lexicaassess/examreg/internal/model"
	"github.com/lexicaassess/examreg/internal/platform/dbx"
	"github.com/lexicaassess/examreg/internal/repo"
)

// Errors returned to the API layer.
var (
	ErrSessionNotOpen   = errors.New("registration: session is not open")
	ErrSessionFull      = errors.New("registration: session is full")
	ErrTooLate          = errors.New("registration: registration has closed for this session")
	ErrUnknownSession   = errors.New("registration: unknown session")
	ErrUnknownCandidate = errors.New("registration: unknown candidate")
	ErrForbidden        = errors.New("registration: registration belongs to another candidate")
	ErrClosedForChanges = errors.New("registration: registration can no longer be changed")
)

// SessionStore is the part of the session repository used here.
type SessionStore interface {
	Get(ctx context.Context, id string) (*model.ExamSession, error)
	HoldSeat(ctx context.Context, sessionID string) error
}

// RegistrationStore is the part of the registration repository used here.
type RegistrationStore interface {
	Get(ctx context.Context, id string) (*model.Registration, error)
	Create(ctx context.Context, reg *model.Registration) error
	CreateHold(ctx context.Context, h *model.SeatHold) error
	AddAccommodationRequest(ctx context.Context, a *model.AccommodationRequest) error
}

// CandidateStore is the part of the candidate repository used here.
type CandidateStore interface {
	Get(ctx context.Context, id string) (*model.Candidate, error)
	Upsert(ctx context.Context, c *model.Candidate) (string, error)
}

// Options tunes booking rules.
type Options struct {
	// HoldTTL is how long a seat is held while the candidate pays.
	HoldTTL time.Duration
	// Cutoff is how long before the sitting registration closes.
	Cutoff time.Duration
	Now    func() time.Time
}

// Service books seats.
type Service struct {
	db         *gorm.DB
	sessions   SessionStore
	regs       RegistrationStore
	candidates CandidateStore
	opts       Options
}

// New builds a Service.
func New(db *gorm.DB, sessions SessionStore, regs RegistrationStore, candidates CandidateStore, opts Options) *Service {
	if opts.HoldTTL == 0 {
		opts.HoldTTL = 30 * time.Minute
	}
	if opts.Cutoff == 0 {
		opts.Cutoff = 72 * time.Hour
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Service{db: db, sessions: sessions, regs: regs, candidates: candidates, opts: opts}
}

// RegisterInput is a booking request.
type RegisterInput struct {
	CandidateID    string
	SessionID      string
	Accommodations string
}

// Register books a pending place and holds a seat for HoldTTL.
func (s *Service) Register(ctx context.Context, in RegisterInput) (*model.Registration, *model.SeatHold, error) {
	if _, err := s.candidates.Get(ctx, in.CandidateID); err != nil {
		if errors.Is(err, repo.ErrNotFound) {
			return nil, nil, ErrUnknownCandidate
		}
		return nil, nil, err
	}
	sess, err := s.sessions.Get(ctx, in.SessionID)
	if err != nil {
		if errors.Is(err, repo.ErrNotFound) {
			return nil, nil, ErrUnknownSession
		}
		return nil, nil, err
	}
	now := s.opts.Now()
	if sess.Status != model.SessionOpen {
		return nil, nil, ErrSessionNotOpen
	}
	if now.Add(s.opts.Cutoff).After(sess.StartsAt) {
		return nil, nil, ErrTooLate
	}

	reg := &model.Registration{
		ID:          uuid.NewString(),
		CandidateID: in.CandidateID,
		SessionID:   sess.ID,
		Status:      model.RegPendingPayment,
	}
	if in.Accommodations != "" {
		reg.Accommodations = &in.Accommodations
	}
	hold := &model.SeatHold{
		ID:             uuid.NewString(),
		RegistrationID: reg.ID,
		SessionID:      sess.ID,
		Status:         model.HoldActive,
		ExpiresAt:      now.Add(s.opts.HoldTTL),
	}

	err = dbx.InTx(ctx, s.db, func(ctx context.Context) error {
		if err := s.sessions.HoldSeat(ctx, sess.ID); err != nil {
			if errors.Is(err, dbx.ErrNoRows) {
				return ErrSessionFull
			}
			return fmt.Errorf("hold seat: %w", err)
		}
		if err := s.regs.Create(ctx, reg); err != nil {
			return fmt.Errorf("create registration: %w", err)
		}
		return s.regs.CreateHold(ctx, hold)
	})
	if err != nil {
		return nil, nil, err
	}
	reg.Session = sess
	return reg, hold, nil
}

// ProfileInput is a candidate's profile as submitted.
type ProfileInput struct {
	Email       string
	GivenName   string
	FamilyName  string
	Phone       string
	DateOfBirth *time.Time
	Line1       string
	Line2       string
	City        string
	PostalCode  string
	Country     string
}

// SaveProfile creates or updates the candidate profile for an email address.
func (s *Service) SaveProfile(ctx context.Context, in ProfileInput) (string, error) {
	c := &model.Candidate{
		ID:          uuid.NewString(),
		Email:       in.Email,
		GivenName:   in.GivenName,
		FamilyName:  in.FamilyName,
		DateOfBirth: in.DateOfBirth,
		PostalLine1: in.Line1,
		PostalLine2: in.Line2,
		PostalCity:  in.City,
		PostalCode:  in.PostalCode,
		CountryCode: in.Country,
	}
	if in.Phone != "" {
		c.PhoneE164 = &in.Phone
	}
	return s.candidates.Upsert(ctx, c)
}

// SubmitAccommodation files a special-arrangements request against one of
// the candidate's registrations for the centre to review.
func (s *Service) SubmitAccommodation(ctx context.Context, candidateID string, req *model.AccommodationRequest) error {
	reg, err := s.regs.Get(ctx, req.RegistrationID)
	if err != nil {
		return err
	}
	if reg.CandidateID != candidateID {
		return ErrForbidden
	}
	switch reg.Status {
	case model.RegPendingPayment, model.RegConfirmed:
	default:
		return ErrClosedForChanges
	}
	req.Status = "submitted"
	return s.regs.AddAccommodationRequest(ctx, req)
}
