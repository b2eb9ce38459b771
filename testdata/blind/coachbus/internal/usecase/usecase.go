// Package usecase declares what the HTTP layer can ask of the application.
// Implementations live under internal/service.
package usecase

import (
	"context"
	"time"

	"github.com/google/uuid"
)

// Hold is a temporary seat reservation.
type Hold struct {
	ID        uuid.UUID `json:"id"`
	TripID    uuid.UUID `json:"trip_id"`
	Seats     int       `json:"seats"`
	Status    string    `json:"status"`
	ExpiresAt time.Time `json:"expires_at"`
}

// Ticket is one passenger's seat on one trip.
type Ticket struct {
	ID            uuid.UUID `json:"id"`
	BookingID     uuid.UUID `json:"booking_id"`
	TripID        uuid.UUID `json:"trip_id"`
	PassengerName string    `json:"passenger_name"`
	Status        string    `json:"status"`
}

// Booking groups the tickets bought together.
type Booking struct {
	ID             uuid.UUID `json:"id"`
	TripID         uuid.UUID `json:"trip_id"`
	Channel        string    `json:"channel"`
	AgentReference string    `json:"agent_reference,omitempty"`
	Status         string    `json:"status"`
	TotalCents     int64     `json:"total_cents"`
	Currency       string    `json:"currency"`
	Tickets        []Ticket  `json:"tickets"`
}

type HoldSeatsInput struct {
	IdempotencyKey string
	TripID         uuid.UUID
	CustomerID     *uuid.UUID
	Seats          int
}

type PurchaseInput struct {
	HoldID          uuid.UUID
	PaymentMethodID string
	ContactPhone    string
	Passengers      []string
}

type ChangeTicketInput struct {
	TicketID  uuid.UUID
	NewTripID uuid.UUID
}

// Bookings is the customer-facing booking flow.
type Bookings interface {
	HoldSeats(ctx context.Context, in HoldSeatsInput) (Hold, error)
	Purchase(ctx context.Context, in PurchaseInput) (Booking, error)
	RequestRefund(ctx context.Context, ticketID uuid.UUID) (Ticket, error)
	ChangeTicket(ctx context.Context, in ChangeTicketInput) (Ticket, error)
}

// Partner is an authenticated travel agent.
type Partner struct {
	ID   uuid.UUID
	Code string
}

type PartnerBookingInput struct {
	PartnerID      uuid.UUID
	TripID         uuid.UUID
	AgentReference string
	ContactPhone   string
	Passengers     []string
}

// PartnerBookings is the agent API.
type PartnerBookings interface {
	Authenticate(ctx context.Context, apiKey string) (Partner, error)
	CreateBooking(ctx context.Context, in PartnerBookingInput) (Booking, error)
}

// Trips is the operations surface.
type Trips interface {
	CancelTrip(ctx context.Context, tripID uuid.UUID, reason string) error
}

// Scan is one ticket scan captured by a handheld.
type Scan struct {
	ScanID    string    `json:"scan_id"`
	TicketID  uuid.UUID `json:"ticket_id"`
	TripID    uuid.UUID `json:"trip_id"`
	ScannedAt time.Time `json:"scanned_at"`
}

type ScanResult struct {
	ScanID string `json:"scan_id"`
	Result string `json:"result"`
}

// Boarding records scans uploaded from handheld devices.
type Boarding interface {
	RecordScans(ctx context.Context, deviceID string, scans []Scan) ([]ScanResult, error)
}

type CloseShiftInput struct {
	ShiftID uuid.UUID
	EndedAt time.Time
}

type Payout struct {
	ID          uuid.UUID `json:"id"`
	ShiftID     uuid.UUID `json:"shift_id"`
	AmountCents int64     `json:"amount_cents"`
	Status      string    `json:"status"`
}

type ExpenseInput struct {
	ShiftID     uuid.UUID
	Kind        string
	AmountCents int64
	ReceiptRef  string
}

type Expense struct {
	ID          uuid.UUID `json:"id"`
	ShiftID     uuid.UUID `json:"shift_id"`
	Kind        string    `json:"kind"`
	AmountCents int64     `json:"amount_cents"`
}

// Shifts is used by the driver app.
type Shifts interface {
	CloseShift(ctx context.Context, in CloseShiftInput) (Payout, error)
	AddExpense(ctx context.Context, in ExpenseInput) (Expense, error)
}

// PaymentWebhooks ingests Stripe webhooks.
type PaymentWebhooks interface {
	HandleStripeEvent(ctx context.Context, payload []byte, signature string) error
}
