package quote

import (
	"context"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Sweeper expires rate locks whose window has passed, returning their
// capacity to the corridor.
type Sweeper struct {
	pool *pgxpool.Pool
	log  *slog.Logger
}

func NewSweeper(pool *pgxpool.Pool, log *slog.Logger) *Sweeper {
	return &Sweeper{pool: pool, log: log}
}

func (s *Sweeper) Run(ctx context.Context) error {
	tag, err := s.pool.Exec(ctx, `
		UPDATE rate_locks SET status = 'expired'
		WHERE status = 'active' AND expires_at < now()`)
	if err != nil {
		return err
	}
	if n := tag.RowsAffected(); n > 0 {
		s.log.Info("rate locks expired", "count", n)
	}
	return nil
}
