// Package session books and manages notarization sessions.
package session

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"

	"github.com/sealpoint-labs/notary/internal/apperr"
	"github.com/sealpoint-labs/notary/internal/dbx"
	"github.com/sealpoint-labs/notary/internal/domain"
	"github.com/sealpoint-labs/notary/internal/events"
	"github.com/sealpoint-labs/notary/internal/notify"
	"github.com/sealpoint-labs/notary/internal/reqctx"
)

type Service interface {
	Book(ctx context.Context, req BookRequest) (BookResponse, error)
	Cancel(ctx context.Context, req CancelRequest) (domain.Session, error)
	AdvanceToReady(ctx context.Context, sessionID string) error
}

// Enqueuer is the outbox.
type Enqueuer interface {
	Enqueue(ctx context.Context, subject, aggregateID string, payload any) error
}

// Refunder refunds whatever fee was captured for a session.
type Refunder interface {
	RefundForSession(ctx context.Context, sessionID, reason string) error
}

type SMS interface {
	Send(ctx context.Context, m notify.SMS) error
}

// Jurisdictions lists the states whose RON statutes we support.
var Jurisdictions = []string{"AZ", "FL", "MN", "NV", "TX", "VA", "WA"}

type BookRequest struct {
	Jurisdiction  string    `json:"jurisdiction"`
	ScheduledAt   time.Time `json:"scheduled_at"`
	DocumentCount int       `json:"document_count"`
}

func (r *BookRequest) Validate() error {
	if !slices.Contains(Jurisdictions, r.Jurisdiction) {
		return fmt.Errorf("unsupported jurisdiction %q", r.Jurisdiction)
	}
	if r.DocumentCount < 1 || r.DocumentCount > 25 {
		return errors.New("document_count must be between 1 and 25")
	}
	if r.ScheduledAt.Before(time.Now().Add(15 * time.Minute)) {
		return errors.New("scheduled_at must be at least 15 minutes from now")
	}
	return nil
}

type BookResponse struct {
	Session domain.Session `json:"session"`
}

type CancelRequest struct {
	ID     string `param:"id" json:"-"`
	Reason string `json:"reason"`
}

type service struct {
	repo    Repository
	tx      dbx.TxRunner
	outbox  Enqueuer
	refunds Refunder
	sms     SMS
	now     func() time.Time
}

func NewService(repo Repository, tx dbx.TxRunner, outbox Enqueuer, refunds Refunder, sms SMS) Service {
	return &service{repo: repo, tx: tx, outbox: outbox, refunds: refunds, sms: sms, now: time.Now}
}

func (s *service) Book(ctx context.Context, req BookRequest) (BookResponse, error) {
	caller := reqctx.MustCaller(ctx)
	if !caller.Is(reqctx.RoleSigner) {
		return BookResponse{}, apperr.Forbidden("only signers can book sessions")
	}
	now := s.now().UTC()
	sess := domain.Session{
		ID:            uuid.NewString(),
		SignerID:      caller.Subject,
		Jurisdiction:  req.Jurisdiction,
		ScheduledAt:   req.ScheduledAt.UTC(),
		DocumentCount: req.DocumentCount,
		Status:        domain.SessionPendingIdentity,
		CreatedAt:     now,
		UpdatedAt:     now,
	}
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.repo.Insert(ctx, sess); err != nil {
			return fmt.Errorf("insert session: %w", err)
		}
		return s.outbox.Enqueue(ctx, events.SubjectSessionBooked, sess.ID, events.SessionBooked{
			SessionID:    sess.ID,
			SignerID:     sess.SignerID,
			Jurisdiction: sess.Jurisdiction,
			ScheduledAt:  sess.ScheduledAt,
		})
	})
	if err != nil {
		return BookResponse{}, err
	}
	return BookResponse{Session: sess}, nil
}

// Cancel cancels a session that has not started, tells the signer, and
// refunds any captured fee.
func (s *service) Cancel(ctx context.Context, req CancelRequest) (domain.Session, error) {
	sess, err := s.repo.Get(ctx, req.ID)
	if err != nil {
		return sess, err
	}
	if err := authorize(reqctx.MustCaller(ctx), sess); err != nil {
		return domain.Session{}, err
	}
	if sess.Status == domain.SessionCancelled {
		return sess, nil
	}
	if !sess.Cancellable() {
		return sess, apperr.Conflict("session %s is %s and can no longer be cancelled", sess.ID, sess.Status)
	}

	signer, err := s.repo.Signer(ctx, sess.SignerID)
	if err != nil {
		return sess, err
	}
	msg := fmt.Sprintf("SealPoint: your notarization on %s has been cancelled. Any fee paid will be refunded within 5 business days.",
		sess.ScheduledAt.Format("Jan 2 at 3:04 PM MST"))
	if err := s.sms.Send(ctx, notify.SMS{To: signer.Phone, Body: msg}); err != nil {
		return sess, apperr.Upstream("sms", err)
	}

	if err := s.refunds.RefundForSession(ctx, sess.ID, "session_cancelled"); err != nil {
		return sess, err
	}
	if _, err := s.repo.Cancel(ctx, sess.ID, req.Reason); err != nil {
		return sess, fmt.Errorf("cancel session: %w", err)
	}
	return s.repo.Get(ctx, sess.ID)
}

// AdvanceToReady assigns a notary once identity proofing has passed. It
// is a no-op for sessions that already moved on.
func (s *service) AdvanceToReady(ctx context.Context, sessionID string) error {
	sess, err := s.repo.Get(ctx, sessionID)
	if err != nil {
		return err
	}
	if sess.Status != domain.SessionPendingIdentity {
		return nil
	}
	notaryID, err := s.repo.NextAvailableNotary(ctx, sess.Jurisdiction)
	if err != nil {
		return err
	}
	if _, err := s.repo.AssignNotary(ctx, sessionID, notaryID); err != nil {
		return fmt.Errorf("assign notary: %w", err)
	}
	return nil
}

func authorize(c reqctx.Caller, sess domain.Session) error {
	switch {
	case c.Is(reqctx.RoleAdmin, reqctx.RoleService):
		return nil
	case c.Is(reqctx.RoleSigner) && c.Subject == sess.SignerID:
		return nil
	case c.Is(reqctx.RoleNotary) && sess.NotaryID != nil && *sess.NotaryID == c.Subject:
		return nil
	}
	return apperr.Forbidden("not a participant in session %s", sess.ID)
}
