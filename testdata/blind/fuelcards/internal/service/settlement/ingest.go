// Package settlement ingests merchants' nightly settlement files, matches
// the lines to authorizations, posts them to the ledger and remits the
// merchant.
package settlement

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"slices"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/oklog/ulid/v2"

	"github.com/ridgeline-fleet/fuelcards/internal/domain"
	"github.com/ridgeline-fleet/fuelcards/internal/jobs/jobargs"
	"github.com/ridgeline-fleet/fuelcards/internal/pipeline"
	"github.com/ridgeline-fleet/fuelcards/internal/platform/pg"
	"github.com/ridgeline-fleet/fuelcards/internal/providers/bankpay"
)

// Repo is the persistence the settlement pipeline needs.
type Repo interface {
	SettlementFile(ctx context.Context, id uuid.UUID) (domain.SettlementFile, error)
	InsertSettlementLine(ctx context.Context, l domain.SettlementLine) error
	MarkFileIngested(ctx context.Context, id uuid.UUID, lines int, total int64) (bool, error)
	AdvanceFile(ctx context.Context, id uuid.UUID, from, to domain.SettlementFileStatus) (bool, error)
	UnmatchedLines(ctx context.Context, fileID uuid.UUID, limit int) ([]domain.SettlementLine, error)
	SettleAuthorization(ctx context.Context, networkAuthID string, settled int64) (int64, bool, error)
	ReleasePending(ctx context.Context, cardID uuid.UUID, amount int64) error
	MarkLineMatched(ctx context.Context, lineID string) error
	FleetTotals(ctx context.Context, fileID uuid.UUID) ([]domain.FleetTotal, error)
	InsertLedgerEntry(ctx context.Context, e domain.LedgerEntry) error
	MerchantByID(ctx context.Context, id string) (domain.Merchant, error)
	RemittanceForFile(ctx context.Context, fileID uuid.UUID) (*domain.Remittance, error)
	InsertRemittance(ctx context.Context, r domain.Remittance) error
}

// FileSource opens settlement files from the landing zone.
type FileSource interface {
	Open(ctx context.Context, objectKey string) (io.ReadCloser, error)
}

// Bank creates ACH transfers.
type Bank interface {
	CreateTransfer(ctx context.Context, req bankpay.TransferRequest) (bankpay.Transfer, error)
}

// Service runs the settlement pipeline stages.
type Service struct {
	uow       pg.UnitOfWork[Repo]
	files     FileSource
	bank      Bank
	jobs      jobargs.Enqueuer
	batchSize int
	log       *slog.Logger
}

// New builds a Service.
func New(uow pg.UnitOfWork[Repo], files FileSource, bank Bank, jobs jobargs.Enqueuer, batchSize int, log *slog.Logger) *Service {
	if batchSize <= 0 {
		batchSize = 500
	}
	return &Service{uow: uow, files: files, bank: bank, jobs: jobs, batchSize: batchSize, log: log}
}

// Ingest parses a pending file and loads its lines in batches, then hands it
// to matching and posting.
func (s *Service) Ingest(ctx context.Context, fileID uuid.UUID) error {
	q := s.uow.Q()
	file, err := q.SettlementFile(ctx, fileID)
	if err != nil {
		return err
	}
	if file.Status != domain.FilePending {
		return nil
	}

	rc, err := s.files.Open(ctx, file.ObjectKey)
	if err != nil {
		return fmt.Errorf("open %s: %w", file.ObjectKey, err)
	}
	defer rc.Close()

	results, err := Parse(rc)
	if err != nil {
		if _, rerr := q.AdvanceFile(ctx, file.ID, domain.FilePending, domain.FileRejected); rerr != nil {
			return rerr
		}
		s.log.WarnContext(ctx, "settlement file rejected", "file_id", file.ID, "error", err)
		return nil
	}
	lines, err := pipeline.Collect(pipeline.Map(results, func(l domain.SettlementLine) (domain.SettlementLine, error) {
		l.FileID = file.ID
		l.ID = ulid.Make().String()
		return l, nil
	}))
	if err != nil {
		if _, rerr := q.AdvanceFile(ctx, file.ID, domain.FilePending, domain.FileRejected); rerr != nil {
			return rerr
		}
		s.log.WarnContext(ctx, "settlement file has bad lines", "file_id", file.ID, "error", err)
		return nil
	}

	for batch := range slices.Chunk(lines, s.batchSize) {
		err := s.uow.InTx(ctx, func(q Repo, _ pgx.Tx) error {
			for _, l := range batch {
				if err := q.InsertSettlementLine(ctx, l); err != nil {
					return fmt.Errorf("line %d: %w", l.LineNo, err)
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}

	total := pipeline.Sum(lines, func(l domain.SettlementLine) int64 { return l.AmountCents })
	return s.uow.InTx(ctx, func(q Repo, tx pgx.Tx) error {
		ok, err := q.MarkFileIngested(ctx, file.ID, len(lines), total)
		if err != nil || !ok {
			return err
		}
		if _, err := s.jobs.InsertTx(ctx, tx, jobargs.SettlementMatch{FileID: file.ID}, nil); err != nil {
			return err
		}
		_, err = s.jobs.InsertTx(ctx, tx, jobargs.SettlementPost{FileID: file.ID}, nil)
		return err
	})
}
