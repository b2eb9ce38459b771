package royalties

import (
	"context"
	"errors"
	"time"

	"github.com/segmentio/ksuid"
	"gorm.io/gorm"

	"github.com/soundledger/artistpay/internal/ledger"
	"github.com/soundledger/artistpay/internal/models"
	"github.com/soundledger/artistpay/internal/platform/events"
)

// ErrPeriodOpen is returned when allocating a period that is not closed.
var ErrPeriodOpen = errors.New("royalties: period is still open")

// Allocator credits collaborators with their share of a release's net
// earnings for a closed period.
type Allocator struct {
	db     *gorm.DB
	splits *Splits
	ledger *ledger.Ledger
}

// NewAllocator returns an allocator.
func NewAllocator(db *gorm.DB, splits *Splits, l *ledger.Ledger) *Allocator {
	return &Allocator{db: db, splits: splits, ledger: l}
}

// Allocate splits the release's net earnings for period.
func (a *Allocator) Allocate(ctx context.Context, releaseID, period string) ([]models.RoyaltyAllocation, error) {
	var allocs []models.RoyaltyAllocation
	err := a.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var closed int64
		if err := tx.Model(&models.AccountingPeriod{}).Where("period = ?", period).Count(&closed).Error; err != nil {
			return err
		}
		if closed == 0 {
			return ErrPeriodOpen
		}
		var net int64
		if err := tx.Model(&models.RoyaltyEarning{}).
			Select("COALESCE(SUM(net_micros), 0)").
			Where("release_id = ? AND period = ?", releaseID, period).
			Scan(&net).Error; err != nil {
			return err
		}
		if net <= 0 {
			return nil
		}
		splits, err := a.splits.ForRelease(tx, releaseID)
		if err != nil {
			return err
		}
		now := time.Now().UTC()
		for i, amt := range shareOut(net, splits) {
			sp := splits[i]
			alloc := models.RoyaltyAllocation{
				ID:           ksuid.New().String(),
				ReleaseID:    releaseID,
				ArtistID:     sp.ArtistID,
				Period:       period,
				ShareBps:     sp.ShareBps,
				AmountMicros: amt,
				CreatedAt:    now,
			}
			if err := tx.Create(&alloc).Error; err != nil {
				return err
			}
			if err := a.ledger.PostTx(tx, ledger.Entry{
				ArtistID:     alloc.ArtistID,
				Kind:         models.EntryRoyalty,
				AmountMicros: alloc.AmountMicros,
				RefType:      "allocation",
				RefID:        alloc.ID,
				Period:       period,
				Key:          "allocation:" + alloc.ID,
			}); err != nil {
				return err
			}
			if err := events.PublishTx(tx, events.TopicRoyaltiesAllocated, alloc.ID, events.RoyaltiesAllocated{
				AllocationID: alloc.ID,
				ArtistID:     alloc.ArtistID,
				ReleaseID:    releaseID,
				Period:       period,
				AmountMicros: alloc.AmountMicros,
				Currency:     "USD",
			}); err != nil {
				return err
			}
			allocs = append(allocs, alloc)
		}
		return nil
	})
	return allocs, err
}

// shareOut divides net by basis points, giving rounding remainders to the
// largest share (splits are ordered largest first).
func shareOut(net int64, splits []models.ReleaseSplit) []int64 {
	out := make([]int64, len(splits))
	var given int64
	for i, sp := range splits {
		out[i] = net * int64(sp.ShareBps) / 10000
		given += out[i]
	}
	if len(out) > 0 {
		out[0] += net - given
	}
	return out
}
