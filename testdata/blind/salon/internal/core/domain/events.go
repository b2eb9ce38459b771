package domain

import (
	"time"

	"github.com/google/uuid"
)

// Subjects published on the SALON JetStream stream.
const (
	SubjectAppointmentBooked    = "salon.appointment.booked"
	SubjectAppointmentCompleted = "salon.appointment.completed"
	SubjectAppointmentCancelled = "salon.appointment.cancelled"
	SubjectPaymentRefunded      = "salon.payment.refunded"
	SubjectClientReferred       = "salon.client.referred"
)

type AppointmentBooked struct {
	AppointmentID uuid.UUID `json:"appointment_id"`
	SalonID       uuid.UUID `json:"salon_id"`
	StylistID     uuid.UUID `json:"stylist_id"`
	ClientID      uuid.UUID `json:"client_id"`
	StartsAt      time.Time `json:"starts_at"`
}

type AppointmentCompleted struct {
	AppointmentID uuid.UUID `json:"appointment_id"`
	ClientID      uuid.UUID `json:"client_id"`
	StylistID     uuid.UUID `json:"stylist_id"`
	PriceCents    Cents     `json:"price_cents"`
	CompletedAt   time.Time `json:"completed_at"`
}

type AppointmentCancelled struct {
	AppointmentID uuid.UUID `json:"appointment_id"`
	SalonID       uuid.UUID `json:"salon_id"`
	StylistID     uuid.UUID `json:"stylist_id"`
	ServiceID     uuid.UUID `json:"service_id"`
	StartsAt      time.Time `json:"starts_at"`
	Reason        string    `json:"reason"`
}

type RefundIssued struct {
	PaymentID        uuid.UUID `json:"payment_id"`
	ProviderRefundID string    `json:"provider_refund_id"`
	AmountCents      Cents     `json:"amount_cents"`
	ClientID         uuid.UUID `json:"client_id"`
	Reason           string    `json:"reason"`
}

type ClientReferred struct {
	ClientID   uuid.UUID `json:"client_id"`
	ReferrerID uuid.UUID `json:"referrer_id"`
}
