package domain

import "time"

// InspectionDocument is a health-inspection certificate or report uploaded
// by a host for one of their kitchens.
type InspectionDocument struct {
	ID          string     `db:"id" json:"id"`
	KitchenID   string     `db:"kitchen_id" json:"kitchen_id"`
	Kind        string     `db:"kind" json:"kind"`
	S3Key       string     `db:"s3_key" json:"-"`
	FileName    string     `db:"file_name" json:"file_name"`
	ContentType string     `db:"content_type" json:"content_type"`
	SizeBytes   int64      `db:"size_bytes" json:"size_bytes"`
	SHA256      string     `db:"sha256" json:"sha256"`
	IssuedOn    *time.Time `db:"issued_on" json:"issued_on,omitempty"`
	ExpiresOn   *time.Time `db:"expires_on" json:"expires_on,omitempty"`
	UploadedBy  string     `db:"uploaded_by" json:"uploaded_by"`
	UploadedAt  time.Time  `db:"uploaded_at" json:"uploaded_at"`
}

// CleaningJob is a crew visit booked with the cleaning partner.
type CleaningJob struct {
	ID           string    `db:"id" json:"id"`
	KitchenID    string    `db:"kitchen_id" json:"kitchen_id"`
	BookingID    *string   `db:"booking_id" json:"booking_id,omitempty"`
	PartnerJobID string    `db:"partner_job_id" json:"partner_job_id"`
	Kind         string    `db:"kind" json:"kind"`
	Status       string    `db:"status" json:"status"`
	ScheduledFor time.Time `db:"scheduled_for" json:"scheduled_for"`
	CreatedAt    time.Time `db:"created_at" json:"created_at"`
	UpdatedAt    time.Time `db:"updated_at" json:"updated_at"`
}

const (
	CleaningTurnover = "turnover"
	CleaningDeep     = "deep_clean"

	CleaningDispatched = "dispatched"
	CleaningCancelled  = "cancelled"
	CleaningDone       = "done"
)

// UsageRecord is one metered reading (gas, electricity, water) taken
// during a booking.
type UsageRecord struct {
	ID         string    `db:"id"`
	BookingID  string    `db:"booking_id"`
	MeterID    string    `db:"meter_id"`
	Kind       string    `db:"kind"`
	Quantity   float64   `db:"quantity"`
	Unit       string    `db:"unit"`
	RecordedAt time.Time `db:"recorded_at"`
	ReceivedAt time.Time `db:"received_at"`
}

// UsageTotal is the sum of readings for one utility kind.
type UsageTotal struct {
	Kind     string  `db:"kind"`
	Unit     string  `db:"unit"`
	Quantity float64 `db:"quantity"`
}

// UsageInvoice bills metered usage for a booking once the meter session closes.
type UsageInvoice struct {
	ID               string    `db:"id"`
	BookingID        string    `db:"booking_id"`
	AmountCents      int64     `db:"amount_cents"`
	Currency         string    `db:"currency"`
	Status           string    `db:"status"`
	ProviderChargeID *string   `db:"provider_charge_id"`
	CreatedAt        time.Time `db:"created_at"`
}

// TaskAttempt is an audit row written for every background task attempt.
type TaskAttempt struct {
	ID         string    `db:"id"`
	TaskType   string    `db:"task_type"`
	TaskID     string    `db:"task_id"`
	Retry      int       `db:"retry"`
	Error      *string   `db:"error"`
	DurationMS int64     `db:"duration_ms"`
	StartedAt  time.Time `db:"started_at"`
}
