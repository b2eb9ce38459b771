package partner

import (
	"context"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"github.com/apronworks/groundops/internal/models"
)

// AttemptLog records each outbound attempt.
type AttemptLog interface {
	Record(ctx context.Context, partner, op, ref string, attempt int, err error)
}

type dbAttemptLog struct {
	db *gorm.DB
}

// NewAttemptLog writes attempts to partner_call_attempts on the pool, not
// on any caller transaction, so the trail survives a rollback.
func NewAttemptLog(db *gorm.DB) AttemptLog {
	return &dbAttemptLog{db: db}
}

func (l *dbAttemptLog) Record(ctx context.Context, partner, op, ref string, attempt int, callErr error) {
	row := models.PartnerCallAttempt{
		Partner:   partner,
		Operation: op,
		Reference: ref,
		Attempt:   attempt,
		At:        time.Now().UTC(),
	}
	if callErr != nil {
		row.Error = callErr.Error()
	}
	if err := l.db.WithContext(context.WithoutCancel(ctx)).Create(&row).Error; err != nil {
		slog.WarnContext(ctx, "partner attempt log write failed", "partner", partner, "op", op, "err", err)
	}
}
