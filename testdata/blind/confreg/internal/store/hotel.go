package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/halcyonevents/confreg/internal/domain"
	"github.com/halcyonevents/confreg/internal/events"
)

// HotelRepo persists room blocks and room requests.
type HotelRepo struct{ db *gorm.DB }

// NewHotelRepo returns a HotelRepo.
func NewHotelRepo(db *gorm.DB) *HotelRepo { return &HotelRepo{db: db} }

// Block loads a room block.
func (r *HotelRepo) Block(ctx context.Context, id uuid.UUID) (*domain.RoomBlock, error) {
	var b domain.RoomBlock
	err := r.db.WithContext(ctx).First(&b, "id = ?", id).Error
	return &b, translate(err)
}

// OpenBlockFor returns the open block of a conference.
func (r *HotelRepo) OpenBlockFor(ctx context.Context, conferenceID uuid.UUID) (*domain.RoomBlock, error) {
	var b domain.RoomBlock
	err := r.db.WithContext(ctx).
		Where("conference_id = ? AND status = 'open'", conferenceID).
		Order("cutoff_on").
		First(&b).Error
	return &b, translate(err)
}

// BlocksPastCutoff lists open blocks whose cutoff is on or before day.
func (r *HotelRepo) BlocksPastCutoff(ctx context.Context, day time.Time) ([]domain.RoomBlock, error) {
	var out []domain.RoomBlock
	err := r.db.WithContext(ctx).
		Where("status = 'open' AND cutoff_on <= ?", day).
		Order("cutoff_on").
		Find(&out).Error
	return out, err
}

// MarkBlockReleased closes a block after its unclaimed rooms went back to the
// hotel.
func (r *HotelRepo) MarkBlockReleased(ctx context.Context, id uuid.UUID, rooms int, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.RoomBlock{}).Where("id = ?", id).
		Updates(map[string]any{"status": "released", "released_rooms": rooms, "released_at": at}).Error
}

// Request loads a room request.
func (r *HotelRepo) Request(ctx context.Context, id uuid.UUID) (*domain.RoomRequest, error) {
	var req domain.RoomRequest
	err := r.db.WithContext(ctx).First(&req, "id = ?", id).Error
	return &req, translate(err)
}

// CreateRequest stores a room request for a registration and publishes
// RoomRequested in the same transaction. A registration that already has a
// request gets the stored one back in req and created=false.
func (r *HotelRepo) CreateRequest(ctx context.Context, req *domain.RoomRequest) (created bool, err error) {
	err = r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Exec(`
			INSERT INTO hotel_room_requests (id, registration_id, block_id, check_in, check_out, guests, status, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, 'requested', ?, ?)
			ON CONFLICT (registration_id) DO NOTHING`,
			req.ID, req.RegistrationID, req.BlockID, req.CheckIn, req.CheckOut, req.Guests, req.CreatedAt, req.UpdatedAt)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			var existing domain.RoomRequest
			if err := tx.Where("registration_id = ?", req.RegistrationID).First(&existing).Error; err != nil {
				return err
			}
			*req = existing
			return nil
		}
		created = true
		return events.PublishInTx(ctx, tx, events.TopicRoomRequested, events.DerivedID("room-requested", req.ID.String()),
			events.RoomRequested{RequestID: req.ID, RegistrationID: req.RegistrationID})
	})
	return created, err
}

// MarkReserved stores the partner's confirmation number on a request.
func (r *HotelRepo) MarkReserved(ctx context.Context, id uuid.UUID, confirmation string, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.RoomRequest{}).Where("id = ?", id).
		Updates(map[string]any{
			"status":               domain.RoomReserved,
			"partner_confirmation": confirmation,
			"updated_at":           at,
		}).Error
}

// CountReserved bumps the block's reserved-room counter.
func (r *HotelRepo) CountReserved(ctx context.Context, blockID uuid.UUID) error {
	return r.db.WithContext(ctx).Exec(
		`UPDATE hotel_room_blocks SET rooms_reserved = rooms_reserved + 1 WHERE id = ?`, blockID).Error
}
