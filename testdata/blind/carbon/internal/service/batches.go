package service

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/terravault/carbonreg/internal/db"
	"github.com/terravault/carbonreg/internal/domain"
	"github.com/terravault/carbonreg/internal/events"
	"github.com/terravault/carbonreg/internal/ids"
	"github.com/terravault/carbonreg/internal/ledger"
	"github.com/terravault/carbonreg/internal/repo"
)

// IssueBatch is the input of BatchService.Issue.
type IssueBatch struct {
	ProjectID      uuid.UUID
	Vintage        int
	SerialStart    int64
	SerialEnd      int64
	UnitPriceCents int64
	Currency       string
}

// BatchService manages credit batches and their registry serials.
type BatchService interface {
	Issue(ctx context.Context, in IssueBatch) (*domain.CreditBatch, error)
	RecordSerials(ctx context.Context, block *domain.SerialBlock) error
	CancelSerials(ctx context.Context, ev events.SerialsCancelled) error
}

type batchService struct {
	projects repo.Projects
	accounts repo.Accounts
	batches  repo.Batches
	events   repo.Events
	ledger   *ledger.Ledger
	log      *slog.Logger
}

// NewBatchService returns the BatchService.
func NewBatchService(p repo.Projects, a repo.Accounts, b repo.Batches, e repo.Events, l *ledger.Ledger, log *slog.Logger) BatchService {
	return &batchService{projects: p, accounts: a, batches: b, events: e, ledger: l, log: log}
}

// Issue creates a batch of serialised credits and credits the whole quantity
// to the project's issuance account.
func (s *batchService) Issue(ctx context.Context, in IssueBatch) (*domain.CreditBatch, error) {
	if in.SerialEnd < in.SerialStart || in.SerialStart <= 0 {
		return nil, fail(ErrInvalid, "serial range %d-%d is empty", in.SerialStart, in.SerialEnd)
	}
	if in.Vintage < 2000 || in.Vintage > time.Now().Year() {
		return nil, fail(ErrInvalid, "vintage %d out of range", in.Vintage)
	}
	if in.Currency == "" {
		in.Currency = "usd"
	}
	project, err := s.projects.Get(ctx, in.ProjectID)
	if err != nil {
		return nil, notFound(err, "project")
	}
	if project.Status == domain.ProjectTerminated || project.Status == domain.ProjectSuspended {
		return nil, fail(ErrState, "project %s is %s", project.ID, project.Status)
	}
	b := &domain.CreditBatch{
		ID:             ids.NewUUID(),
		ProjectID:      project.ID,
		Vintage:        in.Vintage,
		SerialStart:    in.SerialStart,
		SerialEnd:      in.SerialEnd,
		Quantity:       in.SerialEnd - in.SerialStart + 1,
		UnitPriceCents: in.UnitPriceCents,
		Currency:       in.Currency,
		Status:         domain.BatchPendingRegistration,
		CreatedAt:      time.Now().UTC(),
	}
	err = db.Transaction(ctx, func(ctx context.Context) error {
		acct, err := s.accounts.Issuance(ctx, project.ID)
		if err != nil {
			return notFound(err, "issuance account")
		}
		if err := s.ledger.InsertBatch(ctx, b); err != nil {
			return err
		}
		return s.ledger.Credit(ctx, "issue:"+b.ID.String(), acct.ID, b.ID, b.Quantity)
	})
	if db.IsUniqueViolation(err) {
		return nil, fail(ErrConflict, "vintage %d serials from %d already issued for project", in.Vintage, in.SerialStart)
	}
	if err != nil {
		return nil, err
	}
	return b, nil
}

// RecordSerials stores a serial block confirmed by the registry and marks the
// batch registered.
func (s *batchService) RecordSerials(ctx context.Context, block *domain.SerialBlock) error {
	return db.Transaction(ctx, func(ctx context.Context) error {
		if _, err := s.batches.Get(ctx, block.BatchID); err != nil {
			return notFound(err, "batch")
		}
		if err := s.batches.AddSerialBlock(ctx, block); err != nil {
			return err
		}
		return s.batches.MarkRegistered(ctx, block.BatchID, block.RegistryBatchRef)
	})
}

const sourceSerialCancel = "registry.serials.cancelled"

// CancelSerials removes voided serials from the issuance account.
func (s *batchService) CancelSerials(ctx context.Context, ev events.SerialsCancelled) error {
	seen, err := s.events.Seen(ctx, sourceSerialCancel, ev.CancellationID)
	if err != nil {
		return err
	}
	if seen {
		s.log.InfoContext(ctx, "serial cancellation already applied", "cancellation", ev.CancellationID)
		return nil
	}
	if err := s.events.MarkSeen(ctx, sourceSerialCancel, ev.CancellationID); err != nil {
		return err
	}
	qty := ev.SerialEnd - ev.SerialStart + 1
	return db.Transaction(ctx, func(ctx context.Context) error {
		batch, err := s.batches.Get(ctx, ev.BatchID)
		if err != nil {
			return notFound(err, "batch")
		}
		acct, err := s.accounts.Issuance(ctx, batch.ProjectID)
		if err != nil {
			return notFound(err, "issuance account")
		}
		if err := s.batches.AddCancellation(ctx, &domain.SerialCancellation{
			ID:             ids.Derive("serial-cancel", ev.CancellationID),
			CancellationID: ev.CancellationID,
			BatchID:        batch.ID,
			SerialStart:    ev.SerialStart,
			SerialEnd:      ev.SerialEnd,
			Reason:         ev.Reason,
			CreatedAt:      time.Now().UTC(),
		}); err != nil {
			return err
		}
		return s.ledger.Debit(ctx, "cancel:"+ev.CancellationID, acct.ID, batch.ID, qty)
	})
}
