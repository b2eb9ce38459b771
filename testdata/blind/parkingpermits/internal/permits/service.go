// Package permits issues, replaces and tracks the mailing of residential
// parking permits.
package permits

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/curbline-civic/permits/internal/domain"
	"github.com/curbline-civic/permits/internal/platform/database"
	"github.com/curbline-civic/permits/internal/platform/ids"
	"github.com/curbline-civic/permits/internal/providers/mailhouse"
)

// Store is the permit storage.
type Store interface {
	Insert(ctx context.Context, p *domain.Permit) error
	Get(ctx context.Context, id uuid.UUID) (*domain.Permit, error)
	Revoke(ctx context.Context, id uuid.UUID, reason string) (bool, error)
	InsertEvent(ctx context.Context, permitID uuid.UUID, kind, detail string) error
	InsertMailing(ctx context.Context, m Mailing) error
	SetMailingJob(ctx context.Context, mailingID uuid.UUID, jobID string) error
	MarkMailed(ctx context.Context, permitID uuid.UUID, at time.Time) (bool, error)
	ClaimCallback(ctx context.Context, callbackID string) (bool, error)
	UpdateMailingStatusByJob(ctx context.Context, jobID, status string, at time.Time) (uuid.UUID, error)
	MailingAddress(ctx context.Context, permitID uuid.UUID) (domain.MailingAddress, error)
}

// Applications is what issuing needs from the applications repository.
type Applications interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Application, error)
	SetStatus(ctx context.Context, id uuid.UUID, from []string, to string) (bool, error)
}

// MailingStarter starts the mailing workflow for a permit.
type MailingStarter interface {
	StartMailing(ctx context.Context, permitID uuid.UUID) error
}

// Service implements permit use cases.
type Service struct {
	store   Store
	apps    Applications
	tx      database.TxRunner
	mailing MailingStarter
	log     *slog.Logger
	now     func() time.Time
	term    time.Duration
}

// NewService builds a Service. mailing may be nil in binaries that never
// replace permits.
func NewService(store Store, apps Applications, tx database.TxRunner, mailing MailingStarter, log *slog.Logger) *Service {
	return &Service{store: store, apps: apps, tx: tx, mailing: mailing, log: log, now: time.Now, term: 365 * 24 * time.Hour}
}

// Issue creates the permit for an approved application.
func (s *Service) Issue(ctx context.Context, appID uuid.UUID) (*domain.Permit, error) {
	app, err := s.apps.Get(ctx, appID)
	if err != nil {
		return nil, err
	}
	id, number := ids.NewPermit(app.ZoneCode)
	issued := s.now().UTC()
	p := &domain.Permit{
		ID:            id,
		Number:        number,
		ApplicationID: app.ID,
		ResidentID:    app.ResidentID,
		ZoneCode:      app.ZoneCode,
		Plate:         app.Plate,
		Status:        domain.PermitActive,
		IssuedAt:      issued,
		ExpiresAt:     issued.Add(s.term).Truncate(24 * time.Hour),
	}
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.Insert(ctx, p); err != nil {
			return err
		}
		if err := s.store.InsertEvent(ctx, p.ID, "issued", p.Number); err != nil {
			return err
		}
		// The review workflow only calls Issue after RecordDecision has
		// approved the application, so this is bookkeeping for the portal.
		moved, err := s.apps.SetStatus(ctx, app.ID, []string{domain.StatusApproved}, domain.StatusIssued)
		if err != nil {
			return err
		}
		if !moved {
			s.log.Info("application not in approved status at issue", "application", app.ID, "status", app.Status)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// Get returns a permit.
func (s *Service) Get(ctx context.Context, id uuid.UUID) (*domain.Permit, error) {
	return s.store.Get(ctx, id)
}

// Replace revokes a lost or stolen permit and issues a replacement with the
// same expiry, then sends the replacement to the mail house.
func (s *Service) Replace(ctx context.Context, permitID uuid.UUID, reason string) (*domain.Permit, error) {
	old, err := s.store.Get(ctx, permitID)
	if err != nil {
		return nil, err
	}
	if old.Status != domain.PermitActive {
		return nil, domain.ErrPermitNotActive
	}
	// Revoke first: enforcement handhelds sync revocations every few
	// minutes and a stolen tag should stop validating as soon as possible.
	revoked, err := s.store.Revoke(ctx, old.ID, reason)
	if err != nil {
		return nil, err
	}
	if !revoked {
		return nil, domain.ErrPermitNotActive
	}

	id, number := ids.NewPermit(old.ZoneCode)
	repl := &domain.Permit{
		ID:            id,
		Number:        number,
		ApplicationID: old.ApplicationID,
		ResidentID:    old.ResidentID,
		ZoneCode:      old.ZoneCode,
		Plate:         old.Plate,
		Status:        domain.PermitActive,
		IssuedAt:      s.now().UTC(),
		ExpiresAt:     old.ExpiresAt,
		ReplacesID:    &old.ID,
	}
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.Insert(ctx, repl); err != nil {
			return err
		}
		return s.store.InsertEvent(ctx, repl.ID, "replacement", fmt.Sprintf("replaces %s: %s", old.Number, reason))
	})
	if err != nil {
		return nil, err
	}
	if err := s.mailing.StartMailing(ctx, repl.ID); err != nil {
		return nil, fmt.Errorf("start mailing: %w", err)
	}
	return repl, nil
}

// RecordMailingRequest stores the mailing row for a workflow-chosen ID.
func (s *Service) RecordMailingRequest(ctx context.Context, mailingID, permitID uuid.UUID) error {
	return s.store.InsertMailing(ctx, Mailing{ID: mailingID, PermitID: permitID, Status: "requested", RequestedAt: s.now().UTC()})
}

// PrintDetails returns what the mail house needs to print a permit.
func (s *Service) PrintDetails(ctx context.Context, permitID uuid.UUID) (*domain.Permit, domain.MailingAddress, error) {
	p, err := s.store.Get(ctx, permitID)
	if err != nil {
		return nil, domain.MailingAddress{}, err
	}
	addr, err := s.store.MailingAddress(ctx, permitID)
	return p, addr, err
}

// RecordSubmitted stores the mail house job against the mailing and stamps
// the permit's mailed date the first time.
func (s *Service) RecordSubmitted(ctx context.Context, mailingID, permitID uuid.UUID, jobID string) error {
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.SetMailingJob(ctx, mailingID, jobID); err != nil {
			return err
		}
		_, err := s.store.MarkMailed(ctx, permitID, s.now().UTC())
		return err
	})
}

// ApplyCallback applies a mail house status callback. The callback ID is
// claimed in the same transaction as the status change.
func (s *Service) ApplyCallback(ctx context.Context, cb *mailhouse.Callback) error {
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		fresh, err := s.store.ClaimCallback(ctx, cb.CallbackID)
		if err != nil || !fresh {
			return err
		}
		permitID, err := s.store.UpdateMailingStatusByJob(ctx, cb.JobID, cb.Status, cb.OccurredAt)
		if err != nil {
			return err
		}
		if cb.Status == "returned_to_sender" {
			return s.store.InsertEvent(ctx, permitID, "mail_returned", cb.JobID)
		}
		return nil
	})
}
