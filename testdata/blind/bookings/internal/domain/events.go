package domain

import "time"

// Kafka topics.
const (
	TopicBookingConfirmed = "bookings.confirmed"
	TopicBookingCancelled = "bookings.cancelled"
	TopicPaymentRefunded  = "payments.refunded"
	TopicSeatMapChanged   = "trips.seatmap-changed"
	TopicTripDisrupted    = "trips.disrupted"
	TopicSettlementAcks   = "settlement.partner-acks"
)

// BookingConfirmed is published once payment for a booking succeeds.
type BookingConfirmed struct {
	BookingID       string    `json:"booking_id"`
	TripID          string    `json:"trip_id"`
	LoyaltyMemberID string    `json:"loyalty_member_id,omitempty"`
	FareClass       string    `json:"fare_class"`
	TotalCents      int64     `json:"total_cents"`
	Currency        string    `json:"currency"`
	ConfirmedAt     time.Time `json:"confirmed_at"`
}

// BookingCancelled is published when a booking is cancelled.
type BookingCancelled struct {
	BookingID     string    `json:"booking_id"`
	TripID        string    `json:"trip_id"`
	RefundedCents int64     `json:"refunded_cents"`
	Reason        string    `json:"reason"`
	CancelledAt   time.Time `json:"cancelled_at"`
}

// PaymentRefunded is published when Stripe reports a refund as settled.
type PaymentRefunded struct {
	StripeRefundID  string `json:"stripe_refund_id"`
	PaymentIntentID string `json:"payment_intent_id"`
	BookingID       string `json:"booking_id"`
	AmountCents     int64  `json:"amount_cents"`
	Currency        string `json:"currency"`
}

// SeatMapChanged is published after a seat map version is committed.
type SeatMapChanged struct {
	TripID  string `json:"trip_id"`
	Version int64  `json:"version"`
}

// TripDisrupted comes from operations control when a service is disrupted.
type TripDisrupted struct {
	DisruptionID string    `json:"disruption_id"`
	TripID       string    `json:"trip_id"`
	Kind         string    `json:"kind"`
	DelayMinutes int       `json:"delay_minutes"`
	Message      string    `json:"message"`
	ReportedAt   time.Time `json:"reported_at"`
}

// SettlementAck is sent by a partner operator after reviewing a batch.
type SettlementAck struct {
	BatchID      string `json:"batch_id"`
	OperatorCode string `json:"operator_code"`
	AckRef       string `json:"ack_ref"`
	Disputed     bool   `json:"disputed"`
}
