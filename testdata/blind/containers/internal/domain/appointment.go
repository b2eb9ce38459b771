package domain

import (
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
)

// Appointment statuses.
const (
	ApptBooked    = "booked"
	ApptCancelled = "cancelled"
	ApptCompleted = "completed"
)

// AppointmentWindow is a gate time slot with a fixed truck capacity.
type AppointmentWindow struct {
	ID       string `gorm:"primaryKey"` // e.g. "2026-12-01T08"
	StartsAt time.Time
	EndsAt   time.Time
	Capacity int
	Booked   int
}

func (AppointmentWindow) TableName() string { return "appointment_windows" }

// TruckAppointment is a haulier's booking to drop off or pick up a box.
type TruckAppointment struct {
	ID          string    `gorm:"primaryKey;type:uuid" json:"id"`
	WindowID    string    `json:"window_id"`
	HaulierCode string    `json:"haulier_code"`
	TruckPlate  string    `json:"truck_plate"`
	DriverPhone string    `json:"driver_phone"`
	ContainerNo string    `json:"container_no"`
	Kind        string    `json:"kind"` // pickup | dropoff
	Status      string    `json:"status"`
	CreatedAt   time.Time `json:"created_at"`
	UpdatedAt   time.Time `json:"updated_at"`
}

func (TruckAppointment) TableName() string { return "truck_appointments" }

// BeforeCreate assigns the appointment number printed on the gate pass.
func (a *TruckAppointment) BeforeCreate(*gorm.DB) error {
	if a.ID == "" {
		a.ID = uuid.NewString()
	}
	if a.Status == "" {
		a.Status = ApptBooked
	}
	return nil
}
