package domain

import "time"

// ReeferPlugEvent is a plug-in or plug-out reported by the reefer monitoring
// system.
type ReeferPlugEvent struct {
	ID          int64 `gorm:"primaryKey;autoIncrement"`
	EventID     string
	ContainerNo string
	SlotID      string
	Plugged     bool
	OccurredAt  time.Time
	CreatedAt   time.Time
}

func (ReeferPlugEvent) TableName() string { return "reefer_plug_events" }

// ReeferReading is a temperature sample; Seq is the controller's counter.
type ReeferReading struct {
	ContainerNo string `gorm:"primaryKey"`
	Seq         int64  `gorm:"primaryKey"`
	SupplyTemp  float64
	ReturnTemp  float64
	Setpoint    float64
	ReadAt      time.Time
	ReceivedAt  time.Time
}

func (ReeferReading) TableName() string { return "reefer_readings" }

// ReeferIncident is opened for ops follow-up when a unit alarms.
type ReeferIncident struct {
	Ref         string `gorm:"primaryKey"`
	ContainerNo string
	AlarmCode   string
	Detail      string
	Status      string
	OpenedAt    time.Time
}

func (ReeferIncident) TableName() string { return "reefer_incidents" }

// ProcessedEvent remembers Kafka events a consumer has handled.
type ProcessedEvent struct {
	Consumer    string `gorm:"primaryKey"`
	EventID     string `gorm:"primaryKey"`
	ProcessedAt time.Time
}

func (ProcessedEvent) TableName() string { return "processed_events" }

// IdempotencyRecord stores the response of a request made with an
// Idempotency-Key header.
type IdempotencyRecord struct {
	Key        string `gorm:"primaryKey"`
	Route      string
	StatusCode int
	Body       []byte
	CreatedAt  time.Time
}

func (IdempotencyRecord) TableName() string { return "idempotency_keys" }
