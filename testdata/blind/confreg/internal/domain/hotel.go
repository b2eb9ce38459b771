package domain

import (
	"time"

	"github.com/google/uuid"
)

// Room request statuses.
const (
	RoomRequested = "requested"
	RoomReserved  = "reserved"
	RoomFailed    = "failed"
	RoomCancelled = "cancelled"
)

// RoomBlock is an allotment of rooms the hotel partner holds for us until
// CutoffOn; unclaimed rooms go back to the hotel after the cutoff.
type RoomBlock struct {
	ID               uuid.UUID `gorm:"type:uuid;primaryKey"`
	ConferenceID     uuid.UUID `gorm:"type:uuid"`
	PartnerBlockCode string
	HotelName        string
	RoomsTotal       int
	RoomsReserved    int
	CutoffOn         time.Time `gorm:"type:date"`
	Status           string
	ReleasedRooms    int
	ReleasedAt       *time.Time
}

// TableName maps RoomBlock onto hotel_room_blocks.
func (RoomBlock) TableName() string { return "hotel_room_blocks" }

// Unclaimed is the number of rooms nobody has reserved out of the block.
func (b RoomBlock) Unclaimed() int { return b.RoomsTotal - b.RoomsReserved }

// RoomRequest is an attendee's ask for a room out of a block.
type RoomRequest struct {
	ID                  uuid.UUID `gorm:"type:uuid;primaryKey"`
	RegistrationID      uuid.UUID `gorm:"type:uuid"`
	BlockID             uuid.UUID `gorm:"type:uuid"`
	CheckIn             time.Time `gorm:"type:date"`
	CheckOut            time.Time `gorm:"type:date"`
	Guests              int
	Status              string
	PartnerConfirmation *string
	CreatedAt           time.Time
	UpdatedAt           time.Time
}

// TableName maps RoomRequest onto hotel_room_requests.
func (RoomRequest) TableName() string { return "hotel_room_requests" }
