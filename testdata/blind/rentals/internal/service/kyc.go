package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/gearloop/rentals/internal/domain"
	"github.com/gearloop/rentals/internal/events"
	"github.com/gearloop/rentals/internal/ids"
	"github.com/gearloop/rentals/internal/kyc"
	"github.com/gearloop/rentals/internal/store"
)

// Verification is returned to the app to start the hosted flow.
type Verification struct {
	SessionID   string `json:"session_id"`
	RedirectURL string `json:"redirect_url"`
}

// Identity handles identity verification through the KYC vendor.
type Identity interface {
	Start(ctx context.Context, userID, locale string) (Verification, error)
	RecordDecision(ctx context.Context, d kyc.Decision) error
}

// KYCVendor is the part of the vendor client the service uses.
type KYCVendor interface {
	CreateSession(ctx context.Context, req kyc.SessionRequest, opts ...kyc.CallOption) (kyc.Session, error)
}

type identityService struct {
	uow       store.UnitOfWork
	repos     store.Repos
	vendor    KYCVendor
	events    events.Publisher
	clock     Clock
	log       *slog.Logger
	returnURL string
}

// NewIdentity builds the identity service.
func NewIdentity(uow store.UnitOfWork, repos store.Repos, vendor KYCVendor, pub events.Publisher,
	clock Clock, log *slog.Logger) Identity {
	return &identityService{
		uow: uow, repos: repos, vendor: vendor, events: pub, clock: clock, log: log,
		returnURL: "https://app.gearloop.example/verify/done",
	}
}

func (s *identityService) sessionOptions(locale string) []kyc.CallOption {
	opts := []kyc.CallOption{kyc.WithIdempotencyKey(ids.Token(16))}
	if locale != "" {
		opts = append(opts, kyc.WithLocale(locale))
	}
	return opts
}

// Start opens a verification session with the vendor and records it.
func (s *identityService) Start(ctx context.Context, userID, locale string) (Verification, error) {
	u, err := s.repos.Users.Get(ctx, userID)
	if err != nil {
		return Verification{}, err
	}
	if u.KYCStatus == domain.KYCApproved {
		return Verification{}, fmt.Errorf("%w: already verified", domain.ErrInvalidState)
	}
	sess, err := s.vendor.CreateSession(ctx, kyc.SessionRequest{
		ExternalUserID: u.ID,
		Email:          u.Email,
		Level:          "document_selfie",
		ReturnURL:      s.returnURL,
	}, s.sessionOptions(locale)...)
	if err != nil {
		return Verification{}, fmt.Errorf("create kyc session: %w", err)
	}
	err = s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		if err := r.KYC.InsertVerification(ctx, domain.KYCVerification{
			ID:              ids.NewUUID(),
			UserID:          u.ID,
			VendorSessionID: sess.ID,
			Status:          domain.KYCPending,
			RedirectURL:     sess.RedirectURL,
			CreatedAt:       s.clock.Now(),
		}); err != nil {
			return err
		}
		return r.Users.SetKYCStatus(ctx, u.ID, domain.KYCPending)
	})
	if err != nil {
		return Verification{}, err
	}
	return Verification{SessionID: sess.ID, RedirectURL: sess.RedirectURL}, nil
}

func outcomeStatus(outcome string) string {
	switch outcome {
	case "approved":
		return domain.KYCApproved
	case "rejected":
		return domain.KYCRejected
	default:
		return domain.KYCNone
	}
}

// RecordDecision applies the vendor's decision once per check ID.
func (s *identityService) RecordDecision(ctx context.Context, d kyc.Decision) error {
	status := outcomeStatus(d.Outcome)
	var userID string
	err := s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		v, err := r.KYC.GetVerificationBySession(ctx, d.SessionID)
		if errors.Is(err, domain.ErrNotFound) {
			s.log.WarnContext(ctx, "decision for unknown kyc session", "session_id", d.SessionID)
			return nil
		}
		if err != nil {
			return err
		}
		userID = v.UserID
		fresh, err := r.KYC.InsertResult(ctx, domain.KYCResult{
			VendorCheckID:   d.CheckID,
			VendorSessionID: d.SessionID,
			UserID:          v.UserID,
			Outcome:         d.Outcome,
			ReceivedAt:      s.clock.Now(),
		})
		if err != nil || !fresh {
			return err
		}
		if err := r.KYC.SetVerificationStatus(ctx, d.SessionID, status); err != nil {
			return err
		}
		return r.Users.SetKYCStatus(ctx, v.UserID, status)
	})
	if err != nil {
		return err
	}
	if userID == "" || status != domain.KYCApproved {
		return nil
	}
	return s.events.Publish(ctx, domain.NewEvent(domain.EventKYCApproved, userID, map[string]string{
		"user_id": userID, "check_id": d.CheckID,
	}))
}
