// Package reminders implements app.ReminderService.
package reminders

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/quillsign/esign/internal/app"
	"github.com/quillsign/esign/internal/domain"
	"github.com/quillsign/esign/internal/jobs/jobargs"
	"github.com/quillsign/esign/internal/store"
	"github.com/quillsign/esign/internal/store/queries"
)

// Service implements app.ReminderService.
type Service struct {
	db    app.Database
	queue app.JobQueue
	now   app.Clock
}

var _ app.ReminderService = (*Service)(nil)

// New returns a Service.
func New(db app.Database, queue app.JobQueue, now app.Clock) *Service {
	return &Service{db: db, queue: queue, now: now}
}

// RemindNow records a dashboard reminder request and queues the reminder.
func (s *Service) RemindNow(ctx context.Context, accountID, envelopeID, signerID, requestedBy string) (string, error) {
	env, err := queries.GetEnvelope(ctx, s.db, accountID, envelopeID)
	if errors.Is(err, queries.ErrNotFound) {
		return "", app.ErrNotFound
	}
	if err != nil {
		return "", err
	}
	if env.Status != domain.EnvelopeSent {
		return "", fmt.Errorf("%w: envelope is %s", app.ErrConflict, env.Status)
	}
	awaiting, err := queries.SignerAwaitingReminder(ctx, s.db, envelopeID, signerID)
	if err != nil {
		return "", err
	}
	if !awaiting {
		return "", fmt.Errorf("%w: signer is not awaiting a signature", app.ErrConflict)
	}

	req := domain.ReminderRequest{
		ID:          uuid.NewString(),
		EnvelopeID:  envelopeID,
		SignerID:    signerID,
		RequestedBy: requestedBy,
		CreatedAt:   s.now(),
	}
	err = s.db.InTx(ctx, func(tx pgx.Tx) error {
		if _, err := store.Insert(ctx, tx, req); err != nil {
			return err
		}
		return s.queue.InsertTx(ctx, tx, jobargs.SendReminder{
			EnvelopeID: envelopeID,
			SignerID:   signerID,
			RequestID:  req.ID,
		}, nil)
	})
	if err != nil {
		return "", fmt.Errorf("queue reminder: %w", err)
	}
	return req.ID, nil
}
