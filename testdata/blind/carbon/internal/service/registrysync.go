package service

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/terravault/carbonreg/internal/domain"
	"github.com/terravault/carbonreg/internal/ids"
	"github.com/terravault/carbonreg/internal/registry"
	"github.com/terravault/carbonreg/internal/repo"
	"github.com/terravault/carbonreg/internal/retryx"
)

// RegistrySync pushes local state changes to the registry partner.
type RegistrySync interface {
	SubmitRetirement(ctx context.Context, retirementID uuid.UUID) error
	NotifyTransfer(ctx context.Context, transferID uuid.UUID) error
}

type registrySync struct {
	client      *registry.Client
	retirements repo.Retirements
	transfers   repo.Transfers
	batches     repo.Batches
	attempts    repo.Attempts
	log         *slog.Logger
}

// NewRegistrySync returns the RegistrySync.
func NewRegistrySync(c *registry.Client, r repo.Retirements, t repo.Transfers, b repo.Batches, a repo.Attempts, log *slog.Logger) RegistrySync {
	return &registrySync{client: c, retirements: r, transfers: t, batches: b, attempts: a, log: log}
}

// errBatchUnregistered makes the task retry until the registry has assigned
// serials to the batch.
var errBatchUnregistered = fmt.Errorf("batch not registered with the partner yet: %w", ErrState)

// SubmitRetirement files a pending retirement with the registry.
func (s *registrySync) SubmitRetirement(ctx context.Context, retirementID uuid.UUID) error {
	r, err := s.retirements.Get(ctx, retirementID)
	if err != nil {
		return notFound(err, "retirement")
	}
	if r.Status != domain.RetirementPending || r.RegistrySubmissionID != nil {
		return nil
	}
	batch, err := s.batches.Get(ctx, r.BatchID)
	if err != nil {
		return err
	}
	if batch.RegistryBatchRef == nil {
		return errBatchUnregistered
	}
	var receipt registry.RetirementReceipt
	err = s.client.SubmitRetirement(registry.RetirementSubmission{
		BatchRef:      *batch.RegistryBatchRef,
		Quantity:      r.Quantity,
		Beneficiary:   r.Beneficiary,
		Purpose:       r.Purpose,
		ReportingYear: r.ReportingYear,
		ExternalRef:   r.ID.String(),
	}).Send(ctx, &receipt)
	s.attempts.Record(ctx, "registry", "submit_retirement", r.ID.String(), outcome(err), errDetail(err))
	if err != nil {
		return err
	}
	_, err = s.retirements.Transition(ctx, r.ID, []string{domain.RetirementPending}, domain.RetirementSubmitted,
		map[string]any{"registry_submission_id": receipt.SubmissionID})
	return err
}

// NotifyTransfer reports a settled transfer to the registry. The transfer ID
// is the partner idempotency key, so repeated notices collapse.
func (s *registrySync) NotifyTransfer(ctx context.Context, transferID uuid.UUID) error {
	t, err := s.transfers.Get(ctx, transferID)
	if err != nil {
		return notFound(err, "transfer")
	}
	if t.Status != domain.TransferPending {
		return nil
	}
	batch, err := s.batches.Get(ctx, t.BatchID)
	if err != nil {
		return err
	}
	if batch.RegistryBatchRef == nil {
		return errBatchUnregistered
	}
	notice := registry.TransferNotice{
		BatchRef:    *batch.RegistryBatchRef,
		FromHolder:  t.FromAccount.String(),
		ToHolder:    t.ToAccount.String(),
		Quantity:    t.Quantity,
		ExternalRef: t.ID.String(),
	}
	key := ids.DeriveKey("xfer", t.ID.String())
	receipt, err := retryx.Do(ctx, 4, func() (registry.TransferReceipt, error) {
		var rc registry.TransferReceipt
		err := s.client.NotifyTransfer(notice).IdempotencyKey(key).Send(ctx, &rc)
		return rc, err
	})
	s.attempts.Record(ctx, "registry", "notify_transfer", t.ID.String(), outcome(err), errDetail(err))
	if err != nil {
		return err
	}
	s.log.InfoContext(ctx, "transfer notified", "transfer", t.ID, "registry_ref", receipt.TransferRef)
	return s.transfers.MarkNotified(ctx, t.ID)
}

func outcome(err error) string {
	if err != nil {
		return "error"
	}
	return "ok"
}

func errDetail(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
