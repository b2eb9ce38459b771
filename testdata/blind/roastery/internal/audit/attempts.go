// Package audit stores a row per outbound provider request so that support
// can reconstruct exactly what was sent to payments, labels and importers.
package audit

import (
	"context"
	"log/slog"
	"time"

	"github.com/segmentio/ksuid"
	"gorm.io/gorm"

	"github.com/ridgeline-coffee/roastery/internal/models"
)

// Recorder persists provider call attempts.
type Recorder interface {
	RecordAttempt(ctx context.Context, provider, operation string, started time.Time, statusCode int, err error)
}

// DBRecorder writes attempts to provider_call_attempts.
type DBRecorder struct {
	db  *gorm.DB
	log *slog.Logger
}

// NewDBRecorder returns a recorder writing through gdb.
func NewDBRecorder(gdb *gorm.DB, log *slog.Logger) *DBRecorder {
	return &DBRecorder{db: gdb, log: log}
}

// RecordAttempt appends one row per HTTP attempt. Failures to write are
// logged and swallowed; auditing must never fail the call it describes.
func (r *DBRecorder) RecordAttempt(ctx context.Context, provider, operation string, started time.Time, statusCode int, err error) {
	row := models.ProviderCallAttempt{
		ID:         ksuid.New().String(),
		Provider:   provider,
		Operation:  operation,
		StartedAt:  started,
		DurationMs: time.Since(started).Milliseconds(),
	}
	if statusCode != 0 {
		row.StatusCode = &statusCode
	}
	if err != nil {
		msg := err.Error()
		row.Error = &msg
	}
	if werr := r.db.WithContext(context.WithoutCancel(ctx)).Create(&row).Error; werr != nil {
		r.log.Warn("audit: record provider attempt", "provider", provider, "operation", operation, "err", werr)
	}
}

// Nop discards attempts; used by tools and tests.
type Nop struct{}

func (Nop) RecordAttempt(context.Context, string, string, time.Time, int, error) {}
