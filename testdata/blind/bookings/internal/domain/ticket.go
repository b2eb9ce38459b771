package domain

import "time"

// Ticket statuses.
const (
	TicketIssued   = "issued"
	TicketReissued = "reissued"
	TicketVoid     = "void"
)

// Ticket is a travel document issued by the partner ticketing platform.
type Ticket struct {
	TicketNumber string `gorm:"primaryKey"`
	BookingID    string `gorm:"type:uuid"`
	PartnerRef   string
	PDFURL       string `gorm:"column:pdf_url"`
	Status       string
	ReissuedFrom *string
	IssuedAt     time.Time
	UpdatedAt    time.Time
}
