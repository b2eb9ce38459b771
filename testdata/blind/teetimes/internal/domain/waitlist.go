package domain

import "time"

const (
	WaitlistWaiting   = "waiting"
	WaitlistOffered   = "offered"
	WaitlistFulfilled = "fulfilled"
	WaitlistExpired   = "expired"
	WaitlistWithdrawn = "withdrawn"

	OfferOpen     = "offered"
	OfferAccepted = "accepted"
	OfferExpired  = "expired"
)

// WaitlistEntry is a member asking to be told when a slot inside their
// window frees up.
type WaitlistEntry struct {
	ID          string `gorm:"primaryKey"`
	MemberID    string
	CourseID    string
	PlayDate    time.Time
	WindowStart string
	WindowEnd   string
	Players     int
	Status      string
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

func (WaitlistEntry) TableName() string { return "waitlist_entries" }

// WaitlistOffer is a time-limited hold of a freed slot for one entry.
type WaitlistOffer struct {
	ID         string `gorm:"primaryKey"`
	EntryID    string
	TeeTimeID  string
	MemberID   string
	Players    int
	Status     string
	ExpiresAt  time.Time
	AcceptedAt *time.Time
	BookingID  *string
	CreatedAt  time.Time
}

func (WaitlistOffer) TableName() string { return "waitlist_offers" }
