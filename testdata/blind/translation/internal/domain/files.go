package domain

import "time"

// Deliverable scan statuses.
const (
	ScanPending     = "pending"
	ScanClean       = "clean"
	ScanQuarantined = "quarantined"
)

// Deliverable is a translated file uploaded by the translator.
type Deliverable struct {
	ID          string `gorm:"primaryKey"`
	JobID       string
	Version     int
	FileName    string
	ObjectKey   string
	SHA256      string
	SizeBytes   int64
	ContentType string
	ScanStatus  string
	ScanID      *string
	UploadedBy  string
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// SecurityIncident is opened when the scanning vendor flags a file.
type SecurityIncident struct {
	ID            string `gorm:"primaryKey"`
	DeliverableID string
	JobID         string
	ScanID        string
	Threat        string
	Severity      string
	CreatedAt     time.Time
}

// WebhookEvent is an inbound provider event that has been processed.
type WebhookEvent struct {
	Provider   string `gorm:"primaryKey"`
	EventID    string `gorm:"primaryKey"`
	Type       string
	ReceivedAt time.Time
}
