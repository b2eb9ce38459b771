// Package maintenance manages work orders opened from vehicle faults and
// their bookings with the partner workshop. It uses gorm.
package maintenance

import "time"

// Work order statuses.
const (
	StatusOpen   = "open"
	StatusBooked = "booked"
	StatusDone   = "done"
)

// WorkOrder is a repair job for one vehicle.
type WorkOrder struct {
	ID            string  `gorm:"primaryKey;type:uuid"`
	VehicleID     string  `gorm:"type:uuid;not null"`
	SourceEventID *string `gorm:"uniqueIndex"`
	FaultCode     string  `gorm:"not null"`
	Priority      string  `gorm:"not null"`
	Status        string  `gorm:"not null"`
	BookingID     string
	CreatedAt     time.Time
	UpdatedAt     time.Time
	CompletedAt   *time.Time
}

func (WorkOrder) TableName() string { return "work_orders" }

// WorkshopBooking is a slot booked with the partner for a work order.
type WorkshopBooking struct {
	ID               string `gorm:"primaryKey"`
	WorkOrderID      string `gorm:"type:uuid;not null"`
	PartnerBookingID string
	Site             string
	SlotAt           time.Time
	Status           string
	CreatedAt        time.Time
}

func (WorkshopBooking) TableName() string { return "workshop_bookings" }

type ServiceRecord struct {
	ID          string `gorm:"primaryKey;type:uuid"`
	WorkOrderID string `gorm:"type:uuid;not null"`
	VehicleID   string `gorm:"type:uuid;not null"`
	Technician  string
	Notes       string
	OdometerKm  int
	CreatedAt   time.Time
}

func (ServiceRecord) TableName() string { return "service_records" }

type vehicle struct {
	ID         string
	Plate      string
	VIN        string `gorm:"column:vin"`
	Branch     string
	Status     string
	OdometerKm int
}

func (vehicle) TableName() string { return "vehicles" }
