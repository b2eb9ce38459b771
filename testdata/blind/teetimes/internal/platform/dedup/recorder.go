// Package dedup remembers recently processed client requests so that a
// double-submitted form does not run twice.
package dedup

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"github.com/fairwaylinks/teetimes/internal/domain"
	"github.com/fairwaylinks/teetimes/internal/platform/db"
)

// Recorder checks and stores request keys.
type Recorder interface {
	// Seen returns the resource recorded for key, if any.
	Seen(ctx context.Context, scope, key string) (string, bool, error)
	// Remember records that key produced resourceID.
	Remember(ctx context.Context, scope, key, resourceID string) error
}

type pgRecorder struct {
	db  *gorm.DB
	ttl time.Duration
}

// NewRecorder returns a Recorder backed by the request_keys table.
func NewRecorder(g *gorm.DB) Recorder {
	return &pgRecorder{db: g, ttl: 24 * time.Hour}
}

func (r *pgRecorder) Seen(ctx context.Context, scope, key string) (string, bool, error) {
	var rk domain.RequestKey
	err := r.db.WithContext(ctx).
		Where("scope = ? AND key = ? AND created_at > ?", scope, key, time.Now().Add(-r.ttl)).
		Take(&rk).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	return rk.ResourceID, true, nil
}

func (r *pgRecorder) Remember(ctx context.Context, scope, key, resourceID string) error {
	err := r.db.WithContext(ctx).Create(&domain.RequestKey{
		Scope: scope, Key: key, ResourceID: resourceID, CreatedAt: time.Now().UTC(),
	}).Error
	if db.IsUniqueViolation(err) {
		return nil
	}
	return err
}
