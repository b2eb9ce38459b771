package nightly

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/halcyonevents/confreg/internal/domain"
	"github.com/halcyonevents/confreg/internal/providers/hotelpartner"
)

// BlockStore reads and closes room blocks.
type BlockStore interface {
	BlocksPastCutoff(ctx context.Context, day time.Time) ([]domain.RoomBlock, error)
	MarkBlockReleased(ctx context.Context, id uuid.UUID, rooms int, at time.Time) error
}

// RoomReleaser hands rooms back to the hotel.
type RoomReleaser interface {
	ReleaseRooms(ctx context.Context, blockCode string, rooms int) (*hotelpartner.Block, error)
}

// RoomBlockReleaser returns the unclaimed rooms of every block past its
// cutoff to the hotel, so we are not billed attrition on them.
type RoomBlockReleaser struct {
	blocks  BlockStore
	partner RoomReleaser
	log     *slog.Logger
	now     func() time.Time
}

// NewRoomBlockReleaser returns a RoomBlockReleaser.
func NewRoomBlockReleaser(blocks BlockStore, partner RoomReleaser, log *slog.Logger) *RoomBlockReleaser {
	return &RoomBlockReleaser{blocks: blocks, partner: partner, log: log, now: time.Now}
}

// Run releases every block past its cutoff.
func (j *RoomBlockReleaser) Run(ctx context.Context) error {
	blocks, err := j.blocks.BlocksPastCutoff(ctx, day(j.now()))
	if err != nil {
		return err
	}
	var errs []error
	for _, b := range blocks {
		if err := j.release(ctx, b); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func (j *RoomBlockReleaser) release(ctx context.Context, b domain.RoomBlock) error {
	rooms := b.Unclaimed()
	if rooms > 0 {
		res, err := j.partner.ReleaseRooms(ctx, b.PartnerBlockCode, rooms)
		if err != nil {
			return fmt.Errorf("release %d rooms of block %s: %w", rooms, b.PartnerBlockCode, err)
		}
		j.log.InfoContext(ctx, "room block released", "block", b.PartnerBlockCode,
			"released", rooms, "partner_rooms_held", res.RoomsHeld)
	}
	return j.blocks.MarkBlockReleased(ctx, b.ID, rooms, j.now().UTC())
}
