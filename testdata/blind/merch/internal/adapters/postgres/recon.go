package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/merchline/preorders/internal/adapters/postgres/sqlcgen"
	"github.com/merchline/preorders/internal/core/domain"
)

// StartRun creates the run for runDate, or reopens it when a previous
// attempt for the same date did not finish.
func (s *Store) StartRun(ctx context.Context, runID uuid.UUID, runDate, at time.Time) (domain.ReconRun, error) {
	row, err := s.q.StartReconRun(ctx, sqlcgen.StartReconRunParams{ID: runID, RunDate: runDate, StartedAt: at})
	if err != nil {
		return domain.ReconRun{}, err
	}
	return domain.ReconRun{
		ID:            row.ID,
		RunDate:       row.RunDate,
		Status:        row.Status,
		StartedAt:     row.StartedAt,
		FinishedAt:    row.FinishedAt,
		TxnCount:      row.TxnCount,
		MismatchCount: row.MismatchCount,
	}, nil
}

func (s *Store) InsertReconLine(ctx context.Context, l domain.ReconLine) (bool, error) {
	n, err := s.q.InsertReconLine(ctx, sqlcgen.InsertReconLineParams{
		BalanceTxnID: l.BalanceTxnID,
		RunID:        l.RunID,
		TxnType:      l.TxnType,
		SourceID:     l.SourceID,
		AmountCents:  l.AmountCents,
		FeeCents:     l.FeeCents,
		NetCents:     l.NetCents,
		Currency:     l.Currency,
		Matched:      l.Matched,
	})
	return n > 0, err
}

func (s *Store) InsertMismatch(ctx context.Context, m domain.Mismatch) error {
	return s.q.InsertMismatch(ctx, sqlcgen.InsertMismatchParams{
		ID:            uuid.New(),
		RunID:         m.RunID,
		BalanceTxnID:  m.BalanceTxnID,
		Kind:          string(m.Kind),
		ExpectedCents: m.ExpectedCents,
		ActualCents:   m.ActualCents,
		Detail:        m.Detail,
		CreatedAt:     timeNow(),
	})
}

func (s *Store) FinishRun(ctx context.Context, runID uuid.UUID, txnCount, mismatchCount int32, at time.Time) error {
	return s.q.FinishReconRun(ctx, sqlcgen.FinishReconRunParams{
		ID:            runID,
		TxnCount:      txnCount,
		MismatchCount: mismatchCount,
		FinishedAt:    &at,
	})
}
