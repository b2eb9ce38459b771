// Package expiry removes points older than the programme's validity window.
package expiry

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/tidewater/loyalty/internal/db"
	"github.com/tidewater/loyalty/internal/platform/txn"
)

type Config struct {
	Months    int
	BatchSize int32
}

type Service struct {
	cfg Config
	uow txn.UnitOfWork
	q   db.Querier
	log *slog.Logger
}

func NewService(cfg Config, uow txn.UnitOfWork, q db.Querier, log *slog.Logger) *Service {
	if cfg.BatchSize == 0 {
		cfg.BatchSize = 500
	}
	return &Service{cfg: cfg, uow: uow, q: q, log: log}
}

// BatchResult reports progress so the caller can checkpoint.
type BatchResult struct {
	LastMemberID uuid.UUID
	Processed    int
	Expired      int64
	Done         bool
}

// ExpireBatch expires points for the next batch of members after `after`.
// Each member is handled in its own transaction; the ledger ref
// "expiry:<member>:<run>" makes a repeated run for the same member a no-op.
func (s *Service) ExpireBatch(ctx context.Context, runDate time.Time, after uuid.UUID) (BatchResult, error) {
	cutoff := runDate.AddDate(0, -s.cfg.Months, 0)
	runKey := runDate.Format("2006-01-02")

	candidates, err := s.q.ListExpiryCandidates(ctx, db.ListExpiryCandidatesParams{
		Cutoff: cutoff,
		After:  after,
		Limit:  s.cfg.BatchSize,
	})
	if err != nil {
		return BatchResult{}, fmt.Errorf("list candidates: %w", err)
	}
	res := BatchResult{LastMemberID: after, Done: int32(len(candidates)) < s.cfg.BatchSize}

	for _, c := range candidates {
		err := s.uow.Do(ctx, func(ctx context.Context, q db.Querier) error {
			m, err := q.GetMemberForUpdate(ctx, c.ID)
			if err != nil {
				return err
			}
			amount := min(c.Expiring, m.PointsBalance)
			if amount <= 0 {
				return nil
			}
			posted, err := q.InsertLedgerEntryOnce(ctx, db.InsertLedgerEntryParams{
				ID:       fmt.Sprintf("exp-%s-%s", runKey, m.ID),
				MemberID: m.ID,
				Delta:    -amount,
				Kind:     "expiry",
				Ref:      pgtype.Text{String: fmt.Sprintf("expiry:%s:%s", m.ID, runKey), Valid: true},
				Note:     "points earned before " + cutoff.Format("2006-01-02"),
			})
			if err != nil || posted == 0 {
				return err
			}
			if _, err := q.AddMemberPoints(ctx, db.AddMemberPointsParams{ID: m.ID, Delta: -amount}); err != nil {
				return err
			}
			res.Expired += amount
			return nil
		})
		if err != nil {
			return res, fmt.Errorf("expire member %s: %w", c.ID, err)
		}
		res.LastMemberID = c.ID
		res.Processed++
	}
	return res, nil
}
