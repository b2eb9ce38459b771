package service

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/civicworks/permits/internal/jobargs"
	"github.com/civicworks/permits/internal/permits"
	"github.com/civicworks/permits/internal/platform/queue"
	"github.com/civicworks/permits/internal/shared/dbx"
	"github.com/civicworks/permits/internal/store"
)

// Review is the staff side of the workflow: decisions, issuing and expiry.
type Review interface {
	Decide(ctx context.Context, staffID uuid.UUID, applicationID string, in DecisionInput) (*permits.Decision, error)
	IssuePermit(ctx context.Context, applicationID string) (*permits.Permit, error)
	ExpirePermits(ctx context.Context, asOf time.Time) (int64, error)
}

// DecisionInput is the body of POST /v1/staff/applications/{id}/decision.
type DecisionInput struct {
	Decision string `json:"decision"`
	Reason   string `json:"reason"`
}

var decisionStatus = map[string]permits.Status{
	"approved":      permits.StatusApproved,
	"rejected":      permits.StatusRejected,
	"needs_changes": permits.StatusNeedsChanges,
}

var permitValidity = map[permits.Kind]func(time.Time) time.Time{
	permits.KindBuilding: func(t time.Time) time.Time { return t.AddDate(2, 0, 0) },
	permits.KindParking:  func(t time.Time) time.Time { return t.AddDate(1, 0, 0) },
	permits.KindEvent:    func(t time.Time) time.Time { return t.AddDate(0, 0, 30) },
}

type reviewService struct {
	pool      *pgxpool.Pool
	apps      store.ApplicationRepo
	decisions store.DecisionRepo
	permits   store.PermitRepo
	jobs      queue.Enqueuer
	notifier  Notifier
	log       *slog.Logger
}

// NewReview builds the Review service.
func NewReview(
	pool *pgxpool.Pool,
	apps store.ApplicationRepo,
	decisions store.DecisionRepo,
	permitRepo store.PermitRepo,
	jobs queue.Enqueuer,
	notifier Notifier,
	log *slog.Logger,
) Review {
	return &reviewService{pool: pool, apps: apps, decisions: decisions, permits: permitRepo, jobs: jobs,
		notifier: notifier, log: log.With("service", "review")}
}

func (s *reviewService) Decide(ctx context.Context, staffID uuid.UUID, applicationID string, in DecisionInput) (*permits.Decision, error) {
	status, ok := decisionStatus[in.Decision]
	if !ok {
		return nil, validation("decision must be approved, rejected or needs_changes")
	}
	in.Reason = strings.TrimSpace(in.Reason)
	if in.Decision != "approved" && in.Reason == "" {
		return nil, validation("a reason is required unless approving")
	}

	return dbx.WithTx(ctx, s.pool, func(tx pgx.Tx) (*permits.Decision, error) {
		app, err := s.apps.GetForUpdate(ctx, tx, applicationID)
		if err != nil {
			return nil, notFound("application", err)
		}
		switch app.Status {
		case permits.StatusUnderReview, permits.StatusNeedsChanges, permits.StatusApproved, permits.StatusRejected:
		default:
			return nil, permits.ErrInvalidState
		}

		d := &permits.Decision{
			ApplicationID: app.ID,
			Decision:      in.Decision,
			Reason:        in.Reason,
			DecidedBy:     staffID,
		}
		if err := s.decisions.Upsert(ctx, tx, d); err != nil {
			return nil, err
		}
		if err := s.apps.SetStatus(ctx, tx, app.ID, status); err != nil {
			return nil, err
		}
		if status == permits.StatusApproved {
			if _, err := s.jobs.EnqueueTx(ctx, tx, jobargs.IssuePermit{ApplicationID: app.ID}, nil); err != nil {
				return nil, err
			}
		}
		notify := jobargs.NotifyDecision{
			ApplicationID:  app.ID,
			Decision:       in.Decision,
			NotificationID: uuid.New(),
		}
		if _, err := s.jobs.EnqueueTx(ctx, tx, notify, &river.InsertOpts{
			Queue:      queue.QueueNotify,
			UniqueOpts: river.UniqueOpts{ByArgs: true, ByPeriod: 24 * time.Hour},
		}); err != nil {
			return nil, err
		}
		return d, nil
	})
}

func (s *reviewService) IssuePermit(ctx context.Context, applicationID string) (*permits.Permit, error) {
	p, err := dbx.WithTx(ctx, s.pool, func(tx pgx.Tx) (*permits.Permit, error) {
		app, err := s.apps.GetForUpdate(ctx, tx, applicationID)
		if err != nil {
			return nil, notFound("application", err)
		}
		d, err := s.decisions.Get(ctx, tx, app.ID)
		if err != nil {
			return nil, notFound("decision", err)
		}
		if d.Decision != "approved" {
			return nil, fmt.Errorf("application %s was %s: %w", app.ID, d.Decision, permits.ErrInvalidState)
		}
		number, err := s.permits.NextNumber(ctx, tx, app.Kind)
		if err != nil {
			return nil, err
		}
		today := time.Now().UTC().Truncate(24 * time.Hour)
		p := &permits.Permit{
			ID:            uuid.New(),
			ApplicationID: app.ID,
			PermitNumber:  number,
			Kind:          app.Kind,
			Status:        "active",
			ValidFrom:     today,
			ValidUntil:    permitValidity[app.Kind](today),
		}
		if err := s.permits.Insert(ctx, tx, p); err != nil {
			return nil, err
		}
		if err := s.apps.SetStatus(ctx, tx, app.ID, permits.StatusIssued); err != nil {
			return nil, err
		}
		return p, nil
	})
	if err != nil {
		return nil, err
	}

	err = s.notifier.EmailApplicant(ctx, applicationID, "permit_issued", map[string]string{
		"permit_number": p.PermitNumber,
		"valid_from":    p.ValidFrom.Format(time.DateOnly),
		"valid_until":   p.ValidUntil.Format(time.DateOnly),
	})
	if err != nil {
		return p, fmt.Errorf("permit %s issued, email failed: %w", p.PermitNumber, err)
	}
	return p, nil
}

func (s *reviewService) ExpirePermits(ctx context.Context, asOf time.Time) (int64, error) {
	return s.permits.ExpireDue(ctx, s.pool, asOf)
}
