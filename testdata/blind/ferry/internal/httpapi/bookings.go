package httpapi

import (
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/northsound/ferrydesk/internal/app"
	"github.com/northsound/ferrydesk/internal/domain"
)

type passengerJSON struct {
	FullName       string `json:"full_name"`
	DateOfBirth    string `json:"date_of_birth"`
	Nationality    string `json:"nationality"`
	DocumentNumber string `json:"document_number"`
	FareClass      string `json:"fare_class"`
}

type vehicleJSON struct {
	ID           uuid.UUID `json:"id"`
	Registration string    `json:"registration"`
	VehicleType  string    `json:"vehicle_type"`
	LengthCM     int       `json:"length_cm"`
	FareCents    int64     `json:"fare_cents"`
}

type bookingJSON struct {
	ID               uuid.UUID       `json:"id"`
	Reference        string          `json:"reference"`
	SailingID        uuid.UUID       `json:"sailing_id"`
	Status           string          `json:"status"`
	TotalCents       int64           `json:"total_cents"`
	DiscountCents    int64           `json:"discount_cents"`
	AmountPaidCents  int64           `json:"amount_paid_cents"`
	OutstandingCents int64           `json:"outstanding_cents"`
	Currency         string          `json:"currency"`
	HoldExpiresAt    time.Time       `json:"hold_expires_at"`
	Passengers       []passengerJSON `json:"passengers,omitempty"`
	Vehicles         []vehicleJSON   `json:"vehicles,omitempty"`
}

func toBookingJSON(b domain.Booking) bookingJSON {
	return bookingJSON{
		ID: b.ID, Reference: b.Reference, SailingID: b.SailingID, Status: string(b.Status),
		TotalCents: b.TotalCents, DiscountCents: b.DiscountCents, AmountPaidCents: b.AmountPaidCents,
		OutstandingCents: b.Outstanding(), Currency: b.Currency, HoldExpiresAt: b.HoldExpiresAt,
	}
}

func toVehicleJSON(v domain.VehicleReservation) vehicleJSON {
	return vehicleJSON{ID: v.ID, Registration: v.Registration, VehicleType: v.VehicleType, LengthCM: v.LengthCM, FareCents: v.FareCents}
}

type createBookingRequest struct {
	SailingID    uuid.UUID       `json:"sailing_id"`
	MemberID     *uuid.UUID      `json:"member_id"`
	ContactEmail string          `json:"contact_email"`
	ContactPhone string          `json:"contact_phone"`
	Currency     string          `json:"currency"`
	Passengers   []passengerJSON `json:"passengers"`
}

// createBooking holds seats. Clients must send an Idempotency-Key; a retry
// with the same key gets the original booking back with 200 instead of 201.
func createBooking(svc BookingService, log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req createBookingRequest
		if !decode(w, r, &req) {
			return
		}
		in := app.CreateBookingInput{
			IdempotencyKey: r.Header.Get(idempotencyHeader),
			SailingID:      req.SailingID,
			MemberID:       req.MemberID,
			ContactEmail:   req.ContactEmail,
			ContactPhone:   req.ContactPhone,
			Currency:       req.Currency,
		}
		for i, p := range req.Passengers {
			dob, err := time.Parse(time.DateOnly, p.DateOfBirth)
			if err != nil {
				writeError(w, r, log, &app.ValidationError{
					Field: fmt.Sprintf("passengers[%d].date_of_birth", i), Reason: "use YYYY-MM-DD",
				})
				return
			}
			in.Passengers = append(in.Passengers, app.PassengerInput{
				FullName: p.FullName, DateOfBirth: dob, Nationality: p.Nationality,
				DocumentNumber: p.DocumentNumber, FareClass: domain.FareClass(p.FareClass),
			})
		}
		b, created, err := svc.Create(r.Context(), in)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		status := http.StatusOK
		if created {
			status = http.StatusCreated
		}
		writeJSON(w, status, toBookingJSON(b))
	}
}

type addVehicleRequest struct {
	Registration string `json:"registration"`
	VehicleType  string `json:"vehicle_type"`
	LengthCM     int    `json:"length_cm"`
}

func addVehicle(svc BookingService, log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathUUID(w, r, "bookingID")
		if !ok {
			return
		}
		var req addVehicleRequest
		if !decode(w, r, &req) {
			return
		}
		v, err := svc.AddVehicle(r.Context(), id, app.VehicleInput{
			Registration: req.Registration, VehicleType: req.VehicleType, LengthCM: req.LengthCM,
		})
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		writeJSON(w, http.StatusCreated, toVehicleJSON(v))
	}
}

func cancelBooking(svc BookingService, log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathUUID(w, r, "bookingID")
		if !ok {
			return
		}
		if err := svc.Cancel(r.Context(), id); err != nil {
			writeError(w, r, log, err)
			return
		}
		w.WriteHeader(http.StatusAccepted)
	}
}
