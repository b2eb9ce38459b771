package service

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/terravault/carbonreg/internal/db"
	"github.com/terravault/carbonreg/internal/domain"
	"github.com/terravault/carbonreg/internal/ids"
	"github.com/terravault/carbonreg/internal/ledger"
	"github.com/terravault/carbonreg/internal/registry"
	"github.com/terravault/carbonreg/internal/repo"
)

// ExportRequest moves credits out to another registry.
type ExportRequest struct {
	Reference           string
	AccountID           uuid.UUID
	BatchID             uuid.UUID
	Quantity            int64
	DestinationRegistry string
	DestinationAccount  string
}

// ExportService exports credits to other registries.
type ExportService interface {
	Export(ctx context.Context, in ExportRequest) (*domain.Export, error)
}

type exportService struct {
	exports repo.Exports
	batches repo.Batches
	ledger  *ledger.Ledger
	client  *registry.Client
	log     *slog.Logger
}

// NewExportService returns the ExportService.
func NewExportService(e repo.Exports, b repo.Batches, l *ledger.Ledger, c *registry.Client, log *slog.Logger) ExportService {
	return &exportService{exports: e, batches: b, ledger: l, client: c, log: log}
}

// Export asks the partner to move credits to the destination registry and
// removes them from the local account once the partner has accepted.
func (s *exportService) Export(ctx context.Context, in ExportRequest) (*domain.Export, error) {
	if in.Reference == "" || in.Quantity <= 0 || in.DestinationRegistry == "" || in.DestinationAccount == "" {
		return nil, fail(ErrInvalid, "reference, quantity and destination are required")
	}
	if existing, err := s.exports.ByReference(ctx, in.Reference); err == nil {
		return existing, nil
	} else if !db.IsNotFound(err) {
		return nil, err
	}
	bal, err := s.ledger.Balance(ctx, in.AccountID, in.BatchID)
	if err != nil {
		return nil, err
	}
	if bal.Available < in.Quantity {
		return nil, fail(ErrInsufficient, "account holds %d, export needs %d", bal.Available, in.Quantity)
	}
	batch, err := s.batches.Get(ctx, in.BatchID)
	if err != nil {
		return nil, notFound(err, "batch")
	}
	if batch.RegistryBatchRef == nil {
		return nil, fail(ErrState, "batch %s has no registry serials yet", batch.ID)
	}
	var receipt registry.ExportReceipt
	if err := s.client.StartExport(registry.ExportRequest{
		BatchRef:            *batch.RegistryBatchRef,
		Quantity:            in.Quantity,
		DestinationRegistry: in.DestinationRegistry,
		DestinationAccount:  in.DestinationAccount,
		Memo:                in.Reference,
	}).Send(ctx, &receipt); err != nil {
		return nil, err
	}
	e := &domain.Export{
		ID:                  ids.Derive("export", in.Reference),
		Reference:           in.Reference,
		AccountID:           in.AccountID,
		BatchID:             in.BatchID,
		Quantity:            in.Quantity,
		DestinationRegistry: in.DestinationRegistry,
		DestinationAccount:  in.DestinationAccount,
		PartnerTransferID:   receipt.ExportID,
		CreatedAt:           time.Now().UTC(),
	}
	err = db.Transaction(ctx, func(ctx context.Context) error {
		if err := s.exports.Create(ctx, e); err != nil {
			return err
		}
		return s.ledger.Debit(ctx, "export:"+in.Reference, in.AccountID, in.BatchID, in.Quantity)
	})
	if err != nil {
		s.log.ErrorContext(ctx, "export accepted by partner but not booked", "reference", in.Reference,
			"partner_export", receipt.ExportID, "err", err)
		return nil, err
	}
	return e, nil
}
