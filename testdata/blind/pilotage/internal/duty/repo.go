package duty

import (
	"context"
	"fmt"

	"github.com/harbourline-systems/pilotage/internal/db"
)

type PgRepository struct {
	q *db.Queries
}

func NewPgRepository(q *db.Queries) *PgRepository {
	return &PgRepository{q: q}
}

func (r *PgRepository) InsertShift(ctx context.Context, s ShiftRecord) error {
	err := r.q.InsertDutyShift(ctx, db.InsertDutyShiftParams{
		ShiftID:   s.ShiftID,
		PilotID:   s.PilotID,
		JobID:     s.JobID,
		StartedAt: s.StartedAt,
		EndedAt:   s.EndedAt,
		Minutes:   s.Minutes(),
	})
	if err != nil {
		return fmt.Errorf("insert duty shift %s: %w", s.ShiftID, err)
	}
	return nil
}
