// Package royalties computes what stores owe per release and splits it
// among the release's collaborators.
package royalties

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/soundledger/artistpay/internal/models"
)

// ErrInvalidSplits is returned when shares do not add up to 100%.
var ErrInvalidSplits = errors.New("royalties: shares must add up to 10000 bps")

// SplitInput is one collaborator's share.
type SplitInput struct {
	ArtistID string `json:"artist_id"`
	Role     string `json:"role"`
	ShareBps int    `json:"share_bps"`
}

// Splits manages release split sheets.
type Splits struct {
	db *gorm.DB
}

// NewSplits returns the split sheet service.
func NewSplits(db *gorm.DB) *Splits { return &Splits{db: db} }

// Replace sets the release's split sheet to exactly the given shares.
func (s *Splits) Replace(ctx context.Context, releaseID string, in []SplitInput) ([]models.ReleaseSplit, error) {
	total := 0
	seen := map[string]bool{}
	for _, sp := range in {
		if sp.ShareBps <= 0 {
			return nil, fmt.Errorf("%w: non-positive share for %s", ErrInvalidSplits, sp.ArtistID)
		}
		if seen[sp.ArtistID] {
			return nil, fmt.Errorf("%w: %s listed twice", ErrInvalidSplits, sp.ArtistID)
		}
		seen[sp.ArtistID] = true
		total += sp.ShareBps
	}
	if total != 10000 {
		return nil, ErrInvalidSplits
	}
	now := time.Now().UTC()
	rows := make([]models.ReleaseSplit, 0, len(in))
	for _, sp := range in {
		rows = append(rows, models.ReleaseSplit{
			ReleaseID: releaseID,
			ArtistID:  sp.ArtistID,
			Role:      sp.Role,
			ShareBps:  sp.ShareBps,
			UpdatedAt: now,
		})
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var rel models.Release
		if err := tx.First(&rel, "id = ?", releaseID).Error; err != nil {
			return err
		}
		if err := tx.Where("release_id = ?", releaseID).Delete(&models.ReleaseSplit{}).Error; err != nil {
			return err
		}
		return tx.Create(&rows).Error
	})
	if err != nil {
		return nil, err
	}
	return rows, nil
}

// ForRelease returns the split sheet, defaulting to 100% for the release
// owner when none was set.
func (s *Splits) ForRelease(tx *gorm.DB, releaseID string) ([]models.ReleaseSplit, error) {
	var rows []models.ReleaseSplit
	if err := tx.Where("release_id = ?", releaseID).Order("share_bps DESC, artist_id").Find(&rows).Error; err != nil {
		return nil, err
	}
	if len(rows) > 0 {
		return rows, nil
	}
	var rel models.Release
	if err := tx.First(&rel, "id = ?", releaseID).Error; err != nil {
		return nil, err
	}
	return []models.ReleaseSplit{{ReleaseID: releaseID, ArtistID: rel.ArtistID, Role: "primary", ShareBps: 10000}}, nil
}
