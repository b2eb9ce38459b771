package model

import "time"

// Notice kinds, one letter of each kind per citation.
const (
	NoticeInitial     = "initial"
	NoticeLate        = "late"
	NoticeHold        = "hold"
	NoticeCollections = "collections"
	NoticeReissue     = "reissue"
)

type RegisteredOwner struct {
	ID          string `gorm:"primaryKey;type:text"`
	CitationID  string `gorm:"not null;uniqueIndex:registered_owners_citation_uq"`
	DMVRecordID string `gorm:"column:dmv_record_id;not null"`
	FullName    string `gorm:"not null"`
	Line1       string `gorm:"not null"`
	Line2       string `gorm:"not null;default:''"`
	City        string `gorm:"not null"`
	Region      string `gorm:"not null"`
	PostalCode  string `gorm:"not null"`
	Phone       string `gorm:"not null;default:''"`
	Email       string `gorm:"not null;default:''"`
	LookedUpAt  time.Time
}

type AddressCorrection struct {
	ID          string `gorm:"primaryKey;type:text"`
	CitationID  string `gorm:"not null;uniqueIndex:address_corrections_uq,priority:1"`
	AddressHash string `gorm:"not null;uniqueIndex:address_corrections_uq,priority:2"`
	Line1       string `gorm:"not null"`
	Line2       string `gorm:"not null;default:''"`
	City        string `gorm:"not null"`
	Region      string `gorm:"not null"`
	PostalCode  string `gorm:"not null"`
	SubmittedBy string `gorm:"not null"`
	CreatedAt   time.Time
}

type Notice struct {
	ID            string  `gorm:"primaryKey;type:text"`
	CitationID    string  `gorm:"not null;uniqueIndex:notices_citation_kind_uq,priority:1"`
	Kind          string  `gorm:"not null;uniqueIndex:notices_citation_kind_uq,priority:2"`
	Status        string  `gorm:"not null;default:pending"`
	MailLetterID  *string `gorm:"index:notices_letter_idx"`
	RecipientName string  `gorm:"not null;default:''"`
	MailedAt      *time.Time
	ReturnedAt    *time.Time
	ReturnReason  string `gorm:"not null;default:''"`
	CreatedAt     time.Time
}

type AddressTraceRequest struct {
	ID         string `gorm:"primaryKey;type:text"`
	CitationID string `gorm:"not null"`
	NoticeID   string `gorm:"not null"`
	Status     string `gorm:"not null;default:queued"`
	CreatedAt  time.Time
}

// ProcessedEvent records an inbound webhook/event that has been applied.
type ProcessedEvent struct {
	Source      string `gorm:"primaryKey;type:text"`
	EventID     string `gorm:"primaryKey;type:text"`
	ProcessedAt time.Time
}

func (ProcessedEvent) TableName() string { return "processed_events" }
