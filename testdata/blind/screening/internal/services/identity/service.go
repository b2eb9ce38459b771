// Package identity runs document-and-selfie identity verification for
// applicants before any bureau report is ordered.
package identity

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/tenantlens/screening/internal/domain"
	"github.com/tenantlens/screening/internal/platform/dbtx"
	"github.com/tenantlens/screening/internal/providers/idverify"
)

type Store interface {
	dbtx.TxRunner
	ApplicationForManager(ctx context.Context, managerID, id string) (domain.Application, error)
	GetApplication(ctx context.Context, q dbtx.Queryer, id string) (domain.Application, error)
	HasActiveConsent(ctx context.Context, applicationID string, at time.Time) (bool, error)
	OpenVerification(ctx context.Context, applicationID string) (domain.IdentityVerification, bool, error)
	InsertIdentityVerification(ctx context.Context, v domain.IdentityVerification) error
	VerificationBySession(ctx context.Context, q dbtx.Queryer, sessionID string) (domain.IdentityVerification, error)
	ClaimIDVerifyEvent(ctx context.Context, q dbtx.Queryer, eventID, verificationID, eventType string) (bool, error)
	CompleteVerification(ctx context.Context, q dbtx.Queryer, id, status, reason string, at time.Time) error
}

// Provider opens hosted verification sessions.
type Provider interface {
	CreateSession(ctx context.Context, in idverify.SessionRequest) (idverify.Session, error)
}

// Notifier queues landlord webhooks inside a transaction.
type Notifier interface {
	Enqueue(ctx context.Context, q dbtx.Queryer, managerID, eventType, eventKey string, data any) error
}

type Service struct {
	store     Store
	provider  Provider
	notifier  Notifier
	newID     func() string
	now       func() time.Time
	returnURL string
}

func NewService(st Store, p Provider, n Notifier, newID func() string, returnURL string) *Service {
	return &Service{store: st, provider: p, notifier: n, newID: newID, now: time.Now, returnURL: returnURL}
}

// Start opens a verification session for the applicant, or returns the one
// already open.
func (s *Service) Start(ctx context.Context, managerID, applicationID string) (domain.IdentityVerification, error) {
	app, err := s.store.ApplicationForManager(ctx, managerID, applicationID)
	if err != nil {
		return domain.IdentityVerification{}, err
	}
	if app.Status == domain.AppWithdrawn {
		return domain.IdentityVerification{}, fmt.Errorf("application withdrawn: %w", domain.ErrConflict)
	}
	ok, err := s.store.HasActiveConsent(ctx, app.ID, s.now())
	if err != nil {
		return domain.IdentityVerification{}, err
	}
	if !ok {
		return domain.IdentityVerification{}, fmt.Errorf("applicant has not consented: %w", domain.ErrConflict)
	}
	if open, found, err := s.store.OpenVerification(ctx, app.ID); err != nil {
		return domain.IdentityVerification{}, err
	} else if found {
		return open, nil
	}

	sess, err := s.provider.CreateSession(ctx, idverify.SessionRequest{
		Reference:   app.ID,
		FirstName:   app.Applicant.FirstName,
		LastName:    app.Applicant.LastName,
		Email:       app.Applicant.Email,
		DateOfBirth: app.Applicant.DateOfBirth.Format("2006-01-02"),
		ReturnURL:   s.returnURL + "/applications/" + app.ID,
		Checks:      []string{"document", "selfie", "ssn_match"},
	})
	if err != nil {
		return domain.IdentityVerification{}, fmt.Errorf("open verification session: %w", err)
	}
	v := domain.IdentityVerification{
		ID:                "idv_" + s.newID(),
		ApplicationID:     app.ID,
		ProviderSessionID: sess.ID,
		Status:            "pending",
		RedirectURL:       sess.URL,
		CreatedAt:         s.now().UTC(),
	}
	if err := s.store.InsertIdentityVerification(ctx, v); err != nil {
		return domain.IdentityVerification{}, fmt.Errorf("store verification: %w", err)
	}
	return v, nil
}

// HandleEvent applies a provider webhook. The provider's event id is claimed
// in the same transaction that updates the verification.
func (s *Service) HandleEvent(ctx context.Context, evt idverify.Event) error {
	var status string
	switch evt.Type {
	case "session.verified":
		status = "verified"
	case "session.failed":
		status = "failed"
	case "session.expired":
		status = "expired"
	default:
		return nil
	}
	return s.store.WithTx(ctx, func(tx *sql.Tx) error {
		v, err := s.store.VerificationBySession(ctx, tx, evt.SessionID)
		if errors.Is(err, domain.ErrNotFound) {
			// Sessions opened by another environment share the webhook URL.
			return nil
		}
		if err != nil {
			return err
		}
		claimed, err := s.store.ClaimIDVerifyEvent(ctx, tx, evt.ID, v.ID, evt.Type)
		if err != nil || !claimed {
			return err
		}
		if err := s.store.CompleteVerification(ctx, tx, v.ID, status, evt.Reason, evt.CreatedAt); err != nil {
			return err
		}
		app, err := s.store.GetApplication(ctx, tx, v.ApplicationID)
		if err != nil {
			return err
		}
		return s.notifier.Enqueue(ctx, tx, app.ManagerID, "identity.completed", evt.ID, map[string]any{
			"application_id":  app.ID,
			"verification_id": v.ID,
			"status":          status,
			"reason":          evt.Reason,
		})
	})
}
